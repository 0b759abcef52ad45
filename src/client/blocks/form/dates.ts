import type { Locale } from '../../../shared/model.js';
import { LOCALE_INFO } from '../../../shared/locales.js';

/** yyyy-MM-dd, the value format of `<input type="date">`. */
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `value` is a real calendar day in `yyyy-MM-dd` (`2026-02-30` is not). */
export function isIsoDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * A date field's `min`/`max`: an ISO day is taken as is; a number counts days
 * from today in UTC (`0` = today, `365` = a year ahead), so a "no past dates"
 * rule needs no yearly content edit. `now` is usePage().now: the build's day
 * in the static HTML and during hydration, the real one afterwards (rule 29),
 * so the attribute never causes a hydration mismatch.
 */
export function dateBound(value: number | string | null, now: Date): string | null {
  if (typeof value === 'string') {
    const day = value.slice(0, 10);
    return isIsoDay(day) ? day : null;
  }
  if (typeof value !== 'number' || !Number.isInteger(value)) return null;
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + value));
  return day.toISOString().slice(0, 10);
}

/** A day for a validation message: "June 15, 2026" / "15 de junio de 2026". */
export function formatDay(day: string, locale: Locale): string {
  return new Intl.DateTimeFormat(LOCALE_INFO[locale].tag, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}
