import { format } from 'date-fns/format';
import { enUS } from 'date-fns/locale/en-US';
import { es } from 'date-fns/locale/es';
import { cmsInstant } from './dates.js';
import type { Locale } from './model.js';

const PATTERNS: Record<Locale, string> = { en: 'MMMM d, y', es: "d 'de' MMMM 'de' y" };
const DATE_LOCALES = { en: enUS, es } satisfies Record<Locale, unknown>;

/**
 * Formatted at build time (src/node/build/resolve-page-data.ts), so the browser
 * carries neither date-fns' formatter nor its Spanish locale for a list.
 *
 * A card's date for display and for `<time datetime>`, in UTC: the CMS date
 * names a calendar day, and formatting it in the reader's zone could show the
 * day before (and differ from the server's HTML). The UTC day is rebuilt as a
 * local date so date-fns formats exactly that day.
 */
export function cardDate(value: string | null, locale: Locale): { iso: string; label: string } | null {
  // Rule 29's reading of CMS dates: date-only and zone-less values are UTC.
  const instant = cmsInstant(value, 'start');
  if (!instant) return null;
  const day = new Date(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate());
  return {
    iso: format(day, 'yyyy-MM-dd'),
    label: format(day, PATTERNS[locale], { locale: DATE_LOCALES[locale] }),
  };
}
