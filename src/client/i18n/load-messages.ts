import type { Locale } from '../../shared/model.js';
import { createI18n, hasMessages, type Messages } from './i18n.js';

/** One lazy chunk per locale (static paths, so the bundler can split them). */
const MESSAGE_FILES: Record<Locale, () => Promise<unknown>> = {
  en: () => import('../../../locales/en.json'),
  es: () => import('../../../locales/es.json'),
};

/**
 * Rule 11: the other locale's messages are loaded lazily, on first switch.
 * A failed load is logged; the locale then renders with what it has
 * (the loader first tries one guarded reload, rule 17: the file is a chunk
 * a redeploy may have replaced).
 */
export async function ensureMessages(locale: Locale): Promise<{ ok: true } | { ok: false; error: unknown }> {
  if (hasMessages(locale)) return { ok: true };
  try {
    const module = (await MESSAGE_FILES[locale]()) as { default: Messages };
    createI18n(locale, module.default);
    return { ok: true };
  } catch (error) {
    console.error(`[marea] could not load messages for "${locale}"`, error);
    createI18n(locale, null);
    return { ok: false, error };
  }
}
