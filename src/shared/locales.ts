import type { Locale } from './model.js';

/** Behaviour rule 1: the site locales, their BCP 47 tags and URL prefixes. */
export const LOCALES: readonly Locale[] = ['en', 'es'];
export const DEFAULT_LOCALE: Locale = 'en';

export const LOCALE_INFO: Record<Locale, { tag: string; name: string; prefix: string }> = {
  en: { tag: 'en-US', name: 'English', prefix: '' },
  es: { tag: 'es-MX', name: 'Español', prefix: '/es' },
};

/** Rule 7: the locale cookie. */
export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_MAX_AGE_DAYS = 365;

export function isLocale(value: unknown): value is Locale {
  return value === 'en' || value === 'es';
}

/** Rule 1: `es` when the path is `/es` or starts with `/es/`, otherwise `en`. */
export function localeOfPath(path: string): Locale {
  return path === '/es' || path.startsWith('/es/') || path.startsWith('/es?') || path.startsWith('/es#') ? 'es' : 'en';
}

/**
 * Rule 8: the browser's language list matched in two passes: the earliest
 * entry equal to a locale's language-region, then the earliest entry whose
 * language part matches; else English.
 */
export function matchBrowserLanguages(languages: readonly string[]): Locale {
  const lower = languages.map((l) => l.trim().toLowerCase()).filter(Boolean);
  for (const lang of lower) {
    for (const locale of LOCALES) if (LOCALE_INFO[locale].tag.toLowerCase() === lang) return locale;
  }
  for (const lang of lower) {
    const base = lang.split('-')[0];
    for (const locale of LOCALES) if (locale === base) return locale;
  }
  return DEFAULT_LOCALE;
}

/** Rule 8: cookie first (an unknown value counts as absent), then the browser list. */
export function detectLocale(cookieValue: string | null | undefined, languages: readonly string[]): Locale {
  return isLocale(cookieValue) ? cookieValue : matchBrowserLanguages(languages);
}
