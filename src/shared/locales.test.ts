// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { matchBrowserLanguages } from './locale-rules.js';
import { detectLocale, localeOfPath } from './locales.js';

describe('rule 1: locale of a path', () => {
  it.each([
    ['/', 'en'],
    ['/es', 'es'],
    ['/es/', 'es'],
    ['/es/habitaciones/suite', 'es'],
    ['/espanol', 'en'],
    ['/rooms/es', 'en'],
  ])('%s → %s', (path, locale) => expect(localeOfPath(path)).toBe(locale));
});

describe('rule 8: browser languages in two passes', () => {
  it.each([
    [['en-GB', 'es-MX'], 'es'],
    [['fr-FR', 'es'], 'es'],
    [['es-ES', 'en'], 'es'],
    [['fr'], 'en'],
    [['EN-us', 'es-MX'], 'en'],
    [[], 'en'],
  ])('%j → %s', (languages, locale) => expect(matchBrowserLanguages(languages)).toBe(locale));
});

describe('rule 7/8: the cookie comes first, unknown values count as absent', () => {
  it('uses a known cookie value', () => expect(detectLocale('es', ['en-US'])).toBe('es'));
  it('ignores an unknown cookie value', () => expect(detectLocale('fr', ['es-MX'])).toBe('es'));
  it('falls back to English', () => expect(detectLocale(null, ['de'])).toBe('en'));
});
