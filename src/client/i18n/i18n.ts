import type { Locale } from '../../shared/model.js';
import type en from '../../../locales/en.json';

export type Messages = typeof en;

/** What a text may be given: `count` picks the plural (`key_one`, `key_other`…), the rest fill `{{name}}`. */
interface TOptions {
  count?: number;
  /** Shown when no locale has the key (keys built from content, `siteMap.kinds.<kind>`). */
  defaultValue?: string;
  [name: string]: unknown;
}

export type TFunction = (key: string, options?: TOptions) => string;

/** One locale's texts: the app's translation function and the locale it speaks. */
export interface I18n {
  readonly language: Locale;
  readonly t: TFunction;
}

/**
 * One translator per locale (server and browser alike): the URL decides the
 * locale (rule 1), so switching locale means using the other one, never
 * changing the language of a mounted tree. Messages are data, not code
 * (rule 11): one content-hashed JSON file a locale, the page's own preloaded
 * and loaded before hydration, the other on first switch (load-messages.ts),
 * so no language weighs on the first view's JavaScript or on every page.
 * English, once known, is every locale's fallback; both files have the same
 * keys (messages.test.ts), so a key never shows raw.
 *
 * What the app asks of its messages is small (dotted keys, `{{name}}`
 * interpolation, plurals by `Intl.PluralRules` with i18next's JSON v4
 * suffixes, which the files keep), so it is done here: i18next and
 * react-i18next were 17.7 KB of every page's first-view JavaScript
 * (gzip; docs/performance.md, "First view").
 */
const known = new Map<Locale, Messages>();
const translators = new Map<Locale, I18n>();
const pluralRules = new Map<Locale, Intl.PluralRules>();

function lookup(locale: Locale, key: string): string | undefined {
  let value: unknown = known.get(locale);
  for (const part of key.split('.')) {
    if (!value || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return typeof value === 'string' ? value : undefined;
}

function plural(locale: Locale, key: string, count: number): string | undefined {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return (count === 0 ? lookup(locale, `${key}_zero`) : undefined) ?? lookup(locale, `${key}_${rules.select(count)}`) ?? lookup(locale, `${key}_other`) ?? lookup(locale, key);
}

function translate(locale: Locale, key: string, options?: TOptions): string {
  const count = typeof options?.count === 'number' ? options.count : undefined;
  const find = (code: Locale) => (count === undefined ? lookup(code, key) : plural(code, key, count));
  const text = find(locale) ?? (locale === 'en' ? undefined : find('en')) ?? options?.defaultValue ?? key;
  if (!options || !text.includes('{{')) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => (options[name] === undefined ? '' : String(options[name])));
}

export function createI18n(locale: Locale, messages: Messages | null): I18n {
  if (messages) known.set(locale, messages);
  return i18nFor(locale);
}

export function i18nFor(locale: Locale): I18n {
  let translator = translators.get(locale);
  if (!translator) {
    translator = { language: locale, t: (key, options) => translate(locale, key, options) };
    translators.set(locale, translator);
  }
  return translator;
}

export function hasMessages(locale: Locale): boolean {
  return known.has(locale);
}
