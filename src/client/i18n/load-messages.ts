// eslint-disable-next-line import-x/no-unresolved -- a Vite virtual module: src/node/build/message-files.ts
import MESSAGE_FILES from 'virtual:marea-messages';
import type { Locale } from '../../shared/model.js';
import { createI18n, hasMessages, type Messages } from './i18n.js';

const loading = new Map<Locale, Promise<Messages>>();

async function fetchMessages(locale: Locale): Promise<Messages> {
  const response = await fetch(MESSAGE_FILES[locale]);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as Messages;
}

/** One request per locale and visit (the file is immutable); a failed one may be asked again. */
function load(locale: Locale): Promise<Messages> {
  let promise = loading.get(locale);
  if (!promise) {
    promise = fetchMessages(locale);
    promise.catch(() => loading.delete(locale));
    loading.set(locale, promise);
  }
  return promise;
}

/**
 * Rule 11: a locale's messages, from its content-hashed file
 * (`/assets/messages-<locale>.<hash>.json`): the page's own locale before
 * hydration (the page preloads it), the other one on the first switch. A
 * failed load is logged and the locale stays without messages: its texts
 * fall back to English, which is loaded for that purpose when it is not in
 * hand, never to raw keys (`hasMessages` tells the caller whether any text
 * can be shown at all). The navigation's loader first tries one guarded
 * reload (rule 17: a redeploy may have replaced the file).
 */
export async function ensureMessages(locale: Locale): Promise<{ ok: true } | { ok: false; error: unknown }> {
  if (hasMessages(locale)) return { ok: true };
  try {
    createI18n(locale, await load(locale));
    return { ok: true };
  } catch (error) {
    console.error(`[marea] could not load messages for "${locale}"`, error);
    if (locale !== 'en' && !hasMessages('en'))
      await load('en').then(
        (en) => createI18n('en', en),
        () => undefined,
      );
    createI18n(locale, null);
    return { ok: false, error };
  }
}

/** Whether a locale's texts can be shown: its own messages, or English to fall back to (rule 11: never raw keys). */
export function canShowTexts(locale: Locale): boolean {
  return hasMessages(locale) || hasMessages('en');
}
