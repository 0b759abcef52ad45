import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import es from '../../../locales/es.json';
import { createI18n, hasMessages, i18nFor } from './i18n.js';

describe('the translator (rule 11: never a raw key)', () => {
  it('reads dotted keys, fills {{name}}, and picks plurals by the locale’s rules (i18next JSON v4 suffixes)', () => {
    const { t } = createI18n('en', en);
    expect(t('site.skipToContent')).toBe(en.site.skipToContent);
    expect(t('carousel.position', { current: 2, total: 5 })).toBe(en.carousel.position.replace('{{current}}', '2').replace('{{total}}', '5'));
    expect(t('booking.adultsCount', { count: 1 })).toBe(en.booking.adultsCount_one.replace('{{count}}', '1'));
    expect(t('booking.adultsCount', { count: 3 })).toBe(en.booking.adultsCount_other.replace('{{count}}', '3'));
    const spanish = createI18n('es', es).t;
    expect(spanish('booking.adultsCount', { count: 1 })).toBe(es.booking.adultsCount_one.replace('{{count}}', '1'));
    // Spanish says "many" of a million: its own form where the file has one, else "other".
    expect(spanish('timer.days', { count: 1_000_000 })).toBe(es.timer.days_many);
    expect(spanish('booking.adultsCount', { count: 1_000_000 })).toBe(es.booking.adultsCount_other.replace('{{count}}', '1000000'));
  });

  it('falls back to English for a locale without messages, then to the default value; one translator a locale', () => {
    createI18n('en', en);
    expect(hasMessages('en')).toBe(true);
    const translator = i18nFor('es');
    expect(i18nFor('es')).toBe(translator);
    expect(translator.language).toBe('es');
    expect(translator.t('siteMap.kinds.nothing', { defaultValue: 'nothing' })).toBe('nothing');
  });
});
