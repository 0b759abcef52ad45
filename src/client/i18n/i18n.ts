import { createInstance, type i18n as I18n, type Resource } from 'i18next';
import type { Locale } from '../../shared/model.js';
import type en from '../../../locales/en.json';

export type Messages = typeof en;

/**
 * One i18next instance per locale (server and browser alike): the URL decides
 * the locale (rule 1), so switching locale means using the other instance,
 * never changing the language of a mounted tree. Messages are data, not code
 * (rule 11): one content-hashed JSON file a locale, the page's own preloaded
 * and loaded before hydration, the other on first switch (load-messages.ts),
 * so no language weighs on the first view's JavaScript or on every page.
 * English, once known, is every instance's fallback (added to instances made
 * before it arrived); both files have the same keys (messages.test.ts), so a
 * key never shows raw.
 */
const instances = new Map<Locale, I18n>();
const known = new Map<Locale, Messages>();

export function createI18n(locale: Locale, messages: Messages | null): I18n {
  if (messages) {
    known.set(locale, messages);
    // Instances made before these arrived get them too: English is every instance's fallback.
    for (const [code, instance] of instances) if (code === locale || locale === 'en') instance.addResourceBundle(locale, 'translation', messages, true, true);
  }
  const existing = instances.get(locale);
  if (existing) return existing;
  const resources: Resource = {};
  for (const [code, bundle] of known) if (code === locale || code === 'en') resources[code] = { translation: bundle };
  const instance = createInstance({
    lng: locale,
    fallbackLng: 'en',
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  void instance.init();
  instances.set(locale, instance);
  return instance;
}

export function i18nFor(locale: Locale): I18n {
  return instances.get(locale) ?? createI18n(locale, null);
}

export function hasMessages(locale: Locale): boolean {
  return known.has(locale);
}
