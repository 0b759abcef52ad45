import { useId } from 'react';
import { RichText } from '../../components/RichText.js';
import type { BlockComponentProps } from '../props.js';
import { termsOf } from './terms-ids.js';
import './terms-list.css';

/**
 * `blocks.terms-list`: legal terms as an ordered list of numbered headings,
 * each with an `id` from its title (terms-ids.ts) so it can be linked
 * (`/terms#terms-deposits`). Static: nothing to hydrate but the links in
 * the bodies.
 */
export function TermsList({ block }: BlockComponentProps<'blocks.terms-list'>) {
  const uid = useId();
  const title = block.props.title ?? '';
  const items = block.props.items ?? [];
  if (items.length === 0) return null;
  const terms = termsOf(items.map((item) => item.title ?? ''));
  return (
    <section className="terms-list container--narrow" aria-labelledby={title ? `${uid}-title` : undefined}>
      {title && (
        <h2 id={`${uid}-title`} className="terms-list__title">
          {title}
        </h2>
      )}
      {/* The numbers are in the headings (read with them, kept when copied), not list markers. */}
      <ol className="terms-list__items" role="list">
        {terms.map((term, index) => (
          <li key={term.id} id={term.id} className="terms-list__item">
            <h3 className="terms-list__heading">
              <span className="terms-list__number">{term.number}.</span> {term.title}
            </h3>
            <RichText className="terms-list__body" html={items[index]!.body ?? ''} />
          </li>
        ))}
      </ol>
    </section>
  );
}
