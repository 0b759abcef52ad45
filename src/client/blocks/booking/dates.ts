import type { Locale } from '../../../shared/model.js';

/**
 * Calendar dates of a stay. A stay is in the visitor's calendar: dates are
 * local `Date`s at midnight, and "today" is the visitor's local day (unlike
 * promo codes, rule 29, which are UTC instants). Written by hand, not with
 * date-fns' `format`/`parse`: those (≈ 12 KB gzip with the locales) load
 * with the calendar only (load-calendar.ts), keeping the first view light.
 */

/** How dates are typed and shown: `MM/dd/yyyy` in English (US), `dd/MM/yyyy` in Spanish (Mexico). */
const DISPLAY_PATTERN: Record<Locale, 'MM/dd/yyyy' | 'dd/MM/yyyy'> = { en: 'MM/dd/yyyy', es: 'dd/MM/yyyy' };

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A local date, or null when the parts name no such day (`2026-02-30`). */
function calendarDate(year: number, month: number, day: number): Date | null {
  const date = new Date(2000, 0, 1);
  date.setFullYear(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

export function formatDisplay(date: Date, locale: Locale): string {
  const [day, month, year] = [pad(date.getDate()), pad(date.getMonth() + 1), pad(date.getFullYear(), 4)];
  return DISPLAY_PATTERN[locale].replace('dd', day).replace('MM', month).replace('yyyy', year);
}

/** `yyyy-MM-dd`, the engine's date format. */
export const toIsoDate = (date: Date): string => `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** A `yyyy-MM-dd` string → local midnight, or null. */
export function fromIsoDate(iso: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? calendarDate(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

/**
 * A date as the visitor typed it, in the locale's order: one or two digit
 * day and month, a four-digit year, separated by `/`, `-` or `.`
 * (`5/6/2026` is 5 June in Spanish, May 6 in English). Impossible dates
 * (`31/02/2026`) are null.
 */
export function parseDisplay(text: string, locale: Locale): Date | null {
  const match = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text);
  if (!match) return null;
  const [first, second, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return DISPLAY_PATTERN[locale].startsWith('dd') ? calendarDate(year, second, first) : calendarDate(year, first, second);
}

/** The visitor's local day of `now` (midnight). */
export const localDay = (now: Date): Date => new Date(now.getFullYear(), now.getMonth(), now.getDate());
