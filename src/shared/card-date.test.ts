import { describe, expect, it } from 'vitest';
import { cardDate } from './card-date.js';

describe('cardDate', () => {
  it.each([
    ['2026-05-01', 'en', '2026-05-01', 'May 1, 2026'],
    ['2026-12-31T23:30:00.000Z', 'en', '2026-12-31', 'December 31, 2026'],
    ['2026-01-01T00:30:00+02:00', 'es', '2025-12-31', '31 de diciembre de 2025'],
    ['2026-03-15T10:00:00', 'es', '2026-03-15', '15 de marzo de 2026'],
  ] as const)('%s (%s) → %s, %s', (value, locale, iso, label) => {
    expect(cardDate(value, locale)).toEqual({ iso, label });
  });

  it('is null for no date or a bad one', () => {
    expect(cardDate(null, 'en')).toBeNull();
    expect(cardDate('someday', 'en')).toBeNull();
  });
});
