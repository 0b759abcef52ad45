import { beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../locales/en.json';
import es from '../../../locales/es.json';

/** A fresh i18n module a test: which messages are known is module state (load-messages.ts feeds it). */
let i18n: typeof import('./i18n.js');
beforeEach(async () => {
  vi.resetModules();
  i18n = await import('./i18n.js');
});

/** Every message key, dotted, plural suffixes folded (`booking.adultsCount`). */
function keys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  return [prefix.replace(/_(zero|one|two|few|many|other)$/, '')];
}

describe('i18next, one instance a locale (rule 11: never a raw key)', () => {
  it('reads dotted keys, fills {{name}}, and picks plurals by the locale’s rules (i18next JSON v4 suffixes)', () => {
    const { t } = i18n.createI18n('en', en);
    expect(t('site.skipToContent')).toBe(en.site.skipToContent);
    expect(t('carousel.position', { current: 2, total: 5 })).toBe(en.carousel.position.replace('{{current}}', '2').replace('{{total}}', '5'));
    expect(t('booking.adultsCount', { count: 1 })).toBe(en.booking.adultsCount_one.replace('{{count}}', '1'));
    expect(t('booking.adultsCount', { count: 3 })).toBe(en.booking.adultsCount_other.replace('{{count}}', '3'));
    const spanish = i18n.createI18n('es', es);
    expect(spanish.language).toBe('es');
    expect(spanish.t('booking.adultsCount', { count: 1 })).toBe(es.booking.adultsCount_one.replace('{{count}}', '1'));
    expect(spanish.t('booking.adultsCount', { count: 3 })).toBe(es.booking.adultsCount_other.replace('{{count}}', '3'));
    // Spanish says "many" of a million: its own form where the file has one.
    expect(spanish.t('timer.days', { count: 1_000_000 })).toBe(es.timer.days_many);
    // Values are text for React to escape, not HTML for i18next to escape.
    expect(t('carousel.position', { current: '<b>', total: '&' })).toContain('<b>');
  });

  it('falls back to English for a locale whose file did not load, even once English arrives later; one instance a locale', () => {
    const spanish = i18n.i18nFor('es');
    expect(i18n.hasMessages('es')).toBe(false);
    expect(i18n.createI18n('en', en)).toBe(i18n.i18nFor('en'));
    expect(i18n.i18nFor('es')).toBe(spanish);
    for (const key of keys(en)) expect(spanish.t(key, { count: 2 }), key).not.toBe(key);
    expect(spanish.t('site.skipToContent')).toBe(en.site.skipToContent);
    // Its own messages, once loaded, come first.
    expect(i18n.createI18n('es', es)).toBe(spanish);
    expect(spanish.t('site.skipToContent')).toBe(es.site.skipToContent);
  });

  it('shows every key as text in both locales, and a key built from content as its default value', () => {
    const english = i18n.createI18n('en', en);
    const spanish = i18n.createI18n('es', es);
    for (const key of keys(en)) {
      expect(english.t(key, { count: 2 }), key).not.toBe(key);
      expect(spanish.t(key, { count: 2 }), key).not.toBe(key);
    }
    expect(spanish.t('siteMap.kinds.nothing', { defaultValue: 'nothing' })).toBe('nothing');
  });
});
