import type { Block } from '../../../shared/model.js';
import { controlNames, toForm } from './fields.js';
import { HONEYPOT } from './submit.js';

/**
 * Netlify detects forms only in the static HTML at deploy time, from a
 * `<form data-netlify>` and the names of its inputs. A form that lives in a
 * modal is not in any page's HTML, so its posts would be dropped: the layout
 * renders this hidden copy (same name, same field names, `form-name` and the
 * honeypot) for each modal form. Nothing for a form with an `action`: it
 * does not post to Netlify.
 */
export function NetlifyFormStub({ block }: { block: Block }) {
  const spec = toForm(block.props);
  if (spec.action !== null) return null;
  const names = spec.fields.flatMap(controlNames);
  return (
    <form name={spec.name} method="POST" data-netlify="true" netlify-honeypot={HONEYPOT} hidden>
      <input type="hidden" name="form-name" value={spec.name} />
      <input type="hidden" name={HONEYPOT} />
      {names.map((name) => (
        <input key={name} type="hidden" name={name} />
      ))}
    </form>
  );
}

/**
 * The `modals.embedded-form` items of some modals that need a stub: Netlify
 * forms only, one per form name (two modals, or two countries' items, may
 * share a form; Netlify keys submissions by name).
 */
export function modalForms(modals: readonly { items: readonly Block[] }[]): Block[] {
  const seen = new Set<string>();
  return modals
    .flatMap((modal) => modal.items)
    .filter((item) => {
      if (item.component !== 'modals.embedded-form') return false;
      const spec = toForm(item.props);
      if (spec.action !== null || seen.has(spec.name)) return false;
      seen.add(spec.name);
      return true;
    });
}
