import codes from './country-codes.json';

/**
 * The country picker's list: every alpha-3 code a country field stores, named
 * in the admin's language by the browser (`Intl.DisplayNames`, which takes
 * the alpha-2 region code). The codes are the site's one table
 * (src/shared/country-codes.ts), generated here as country-codes.json by
 * `npm run cms:schema`.
 */
const ALPHA3_TO_ALPHA2 = codes.alpha3ToAlpha2;

const cache = new Map();

/** Every country as `{ code: alpha-3, name }` in `locale` ("Mexico", "México"), sorted by name as that language sorts. */
export function countryList(locale) {
  let list = cache.get(locale);
  if (!list) {
    const names = new Intl.DisplayNames([locale, 'en'], { type: 'region', fallback: 'code' });
    const collator = new Intl.Collator([locale, 'en'], { sensitivity: 'base' });
    list = Object.entries(ALPHA3_TO_ALPHA2)
      .map(([code, alpha2]) => ({ code, name: names.of(alpha2) ?? code }))
      .sort((a, b) => collator.compare(a.name, b.name));
    cache.set(locale, list);
  }
  return list;
}

/** A country's name in `locale`; a code the table lacks keeps its code, so an editor still sees and can remove it. */
export function countryName(locale, code) {
  return countryList(locale).find((country) => country.code === code)?.name ?? code;
}

/**
 * The codes a stored value holds, read as the build reads them (content
 * contract, "Country targeting"; src/node/content/countries.ts): a list of
 * codes (or of `{ code }` entries), or the legacy comma-separated string;
 * null or an empty list is every country. Codes are trimmed, upper-cased and
 * kept once, in their order; one the table lacks stays, shown by its code.
 */
export function storedCodes(value) {
  const list = typeof value === 'string' ? value.split(',') : value;
  if (!Array.isArray(list)) return [];
  const codes = list
    .map((item) => (item !== null && typeof item === 'object' ? (item.code ?? item.country) : item))
    .filter((code) => typeof code === 'string' && code.trim() !== '')
    .map((code) => code.trim().toUpperCase());
  return [...new Set(codes)];
}
