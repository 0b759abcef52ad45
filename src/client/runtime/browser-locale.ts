import LanguageDetector from 'i18next-browser-languagedetector';
import type { Locale } from '../../shared/model.js';
import { detectLocale, LOCALE_COOKIE } from '../../shared/locales.js';

/**
 * Rule 8's sources, read with i18next-browser-languagedetector: the locale
 * cookie, then the browser's language list. The detector is only a source
 * here: it is never attached to an i18next instance and caches nothing, so
 * it can never change the language of a rendered page (the URL decides,
 * rule 1); the two-pass matching is the shared rule.
 */
const options = { order: ['cookie', 'navigator'], lookupCookie: LOCALE_COOKIE, caches: [] };
const detector = new LanguageDetector(undefined, options);

function asList(found: string | string[] | undefined): string[] {
  return Array.isArray(found) ? found : found ? [found] : [];
}

export function browserLocale(): Locale {
  const cookie = asList(detector.detectors.cookie?.lookup(options))[0] ?? null;
  const languages = asList(detector.detectors.navigator?.lookup(options));
  return detectLocale(cookie, languages);
}
