import en from 'i18n-iso-countries/langs/en.json';
import es from 'i18n-iso-countries/langs/es.json';
import { ALPHA2_TO_ALPHA3 } from '../../../shared/country-codes.js';
import type { Locale } from '../../../shared/model.js';
import type { Option } from './fields.js';

/**
 * Country names of i18n-iso-countries, read from its locale files only
 * (~2.5 KB gzip each, in the form's chunk): the package's runtime adds
 * ~7 KB (code tables, diacritics) for two lookups the site already has —
 * alpha-2/alpha-3 codes live in src/shared/country-codes.ts, whose test
 * checks them against this package.
 */
const NAMES: Record<Locale, Record<string, string | string[]>> = { en: en.countries, es: es.countries };

const ALPHA3_TO_ALPHA2: ReadonlyMap<string, string> = new Map(Object.entries(ALPHA2_TO_ALPHA3).map(([alpha2, alpha3]) => [alpha3, alpha2]));

/** Compares names without accents or case, the same on the server and in every browser (no ICU collation differences → no hydration mismatch). */
export const fold = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

const cache = new Map<Locale, Option[]>();

/** Every country as `{ value: alpha-2, label: official name in the locale }`, sorted by name ("México", "Alemania" in Spanish). */
export function countryOptions(locale: Locale): Option[] {
  let options = cache.get(locale);
  if (!options) {
    options = Object.entries(NAMES[locale])
      // A list holds the official name first, then aliases (the package's `select: 'official'`).
      .map(([value, names]) => ({ value, label: (Array.isArray(names) ? names[0] : names) ?? value }))
      .map((o) => ({ ...o, key: fold(o.label) }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .map(({ value, label }) => ({ value, label }));
    cache.set(locale, options);
  }
  return options;
}

/** The site's countries are ISO alpha-3 (`MEX`, rule 30); the lists use alpha-2 (`MX`). '' when unknown. */
export function toAlpha2(alpha3: string): string {
  return ALPHA3_TO_ALPHA2.get(alpha3.trim().toUpperCase()) ?? '';
}
