import type { Locale } from './model.js';
import { DEFAULT_LOCALE_CODE, LOCALE_CODES, LOCALE_COOKIE_NAME, LOCALE_DEFINITIONS, isLocaleCode } from './locale-rules.js';

/**
 * The locale rules under the names the app uses. They are implemented once,
 * in the import-free `locale-rules.ts` that the CDN edge loads too.
 */
export { detectLocale } from './locale-rules.js';

/** Behaviour rule 1: the site locales, their BCP 47 tags and URL prefixes. */
export const LOCALES: readonly Locale[] = LOCALE_CODES;
export const DEFAULT_LOCALE: Locale = DEFAULT_LOCALE_CODE;
export const LOCALE_INFO: Record<Locale, { tag: string; name: string; prefix: string }> = LOCALE_DEFINITIONS;

/** Rule 7: the locale cookie. */
export const LOCALE_COOKIE = LOCALE_COOKIE_NAME;

export const isLocale: (value: unknown) => value is Locale = isLocaleCode;

/** Rule 1: `es` when the path is `/es` or starts with `/es/`, otherwise `en`. */
export function localeOfPath(path: string): Locale {
  return path === '/es' || path.startsWith('/es/') || path.startsWith('/es?') || path.startsWith('/es#') ? 'es' : 'en';
}
