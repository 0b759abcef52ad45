import { createInstance, type i18n as I18n, type Resource } from 'i18next';
import type { Locale } from '../../shared/model.js';
import en from '../../../locales/en.json';

export type Messages = typeof en;

/**
 * One i18next instance per locale (server and browser alike): the URL decides
 * the locale (rule 1), so switching locale means using the other instance,
 * never changing the language of a mounted tree. English is bundled and is
 * every instance's fallback, so a key never shows raw (rule 11).
 */
const instances = new Map<Locale, I18n>();

export function createI18n(locale: Locale, messages: Messages | null): I18n {
  const resources: Resource = { en: { translation: en } };
  if (locale !== 'en' && messages) resources[locale] = { translation: messages };
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
  return locale === 'en' || (instances.get(locale)?.hasResourceBundle(locale, 'translation') ?? false);
}
