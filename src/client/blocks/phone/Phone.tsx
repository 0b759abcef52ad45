import { useTranslation } from '../../i18n/use-translation.js';
import type { Countries } from '../../../shared/model.js';
import { geolocated } from '../../../shared/geo.js';
import { useVisitor } from '../../page/page-context.js';
import { useZone } from '../../page/zone.js';
import type { BlockProps } from '../../../shared/blocks/catalogue.js';
import type { BlockComponentProps } from '../props.js';
import './phone.css';

export interface PhoneNumber {
  label: string;
  number: string;
  countries: Countries;
}

/**
 * The block's `numbers`, minus entries without a number. A geolocated list
 * is checked in the browser too (spec §5): anything but an array is none.
 */
export function phoneNumbers(value: BlockProps<'blocks.phone'>['numbers']): PhoneNumber[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const number = (item.number ?? '').trim();
    return /\d/.test(number) ? [{ label: (item.label ?? '').trim(), number, countries: item.countries ?? null }] : [];
  });
}

/** `tel:` target: digits only, with the leading `+` of an international number kept (`+1 888 555 0142` → `+18885550142`). */
export function telHref(number: string): string {
  const trimmed = number.trim();
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/\D/g, '')}`;
}

/**
 * `blocks.phone` (spec §5, rule 30): of `numbers`, the first geolocated to
 * the visitor is shown as a `tel:` link. `useVisitor().country` is the build's
 * country in the static HTML and the visitor's after hydration, so the
 * number is re-selected without a hydration mismatch. Compact: it sits in
 * the layout header strip as well as in page content.
 */
export function Phone({ block }: BlockComponentProps<'blocks.phone'>) {
  const { t } = useTranslation();
  const { country } = useVisitor();
  const zone = useZone();
  const chosen = geolocated(phoneNumbers(block.props.numbers), country)[0];
  if (!chosen) return null;
  // A landmark of its own in a layout zone: in the header strip it sits outside
  // the site header's banner, and screen-reader users should still find it. In
  // the page's content it is inside <main> already, and a second landmark of the
  // same name (a contact page repeating the layout's numbers) would only be noise
  // (axe `landmark-unique`, docs/accessibility.md).
  const Frame = zone === 'page' ? 'div' : 'aside';
  return (
    <Frame className="phone" aria-label={zone === 'page' ? undefined : t('phone.landmark')}>
      <a className="phone__link" href={telHref(chosen.number)}>
        <svg className="phone__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z" />
        </svg>
        <span className="phone__label">{chosen.label || t('phone.call')}</span>
        <span className="phone__number">{chosen.number}</span>
      </a>
    </Frame>
  );
}
