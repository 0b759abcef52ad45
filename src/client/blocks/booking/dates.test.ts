import { describe, expect, it } from 'vitest';
import { weekStartsOn } from './calendar-locale.js';
import { formatDisplay, fromIsoDate, localDay, parseDisplay, toIsoDate } from './dates.js';

describe('booking dates', () => {
  it('shows dd/MM/yyyy in Spanish and MM/dd/yyyy in English', () => {
    const date = new Date(2026, 5, 7);
    expect(formatDisplay(date, 'es')).toBe('07/06/2026');
    expect(formatDisplay(date, 'en')).toBe('06/07/2026');
  });

  it('reads typed dates in the locale order, with short parts and other separators', () => {
    expect(toIsoDate(parseDisplay('7/6/2026', 'es')!)).toBe('2026-06-07');
    expect(toIsoDate(parseDisplay('07-06-2026', 'es')!)).toBe('2026-06-07');
    expect(toIsoDate(parseDisplay(' 6.7.2026 ', 'en')!)).toBe('2026-06-07');
  });

  it('refuses impossible dates, two-digit years and stray text', () => {
    for (const text of ['31/02/2026', '13/13/2026', '7/6/26', '07/06/2026x', '', 'mañana']) expect(parseDisplay(text, 'es')).toBeNull();
    expect(parseDisplay('13/06/2026', 'en')).toBeNull();
  });

  it('round-trips yyyy-MM-dd', () => {
    expect(toIsoDate(fromIsoDate('2026-12-31')!)).toBe('2026-12-31');
    expect(fromIsoDate('2026-02-30')).toBeNull();
    expect(fromIsoDate('31/12/2026')).toBeNull();
  });

  it('pads years, months and days, and takes the local day of an instant', () => {
    expect(toIsoDate(new Date(2027, 0, 5))).toBe('2027-01-05');
    expect(formatDisplay(new Date(2027, 11, 25), 'en')).toBe('12/25/2027');
    expect(toIsoDate(localDay(new Date(2026, 5, 15, 23, 59)))).toBe('2026-06-15');
    expect(localDay(new Date(2026, 5, 15, 23, 59)).getHours()).toBe(0);
  });

  it('starts the week on Sunday in English and Monday in Spanish', () => {
    expect(weekStartsOn('en')).toBe(0);
    expect(weekStartsOn('es')).toBe(1);
  });
});
