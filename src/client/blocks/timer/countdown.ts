import { differenceInSeconds, isValid, parseISO } from 'date-fns';

/** Time left until the end, in whole units (days are whole days, not calendar months). */
export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export const UNITS = ['days', 'hours', 'minutes', 'seconds'] as const;

/**
 * The instant `enddate` names, in UTC as rule 29 reads CMS dates: a zone-less
 * time is UTC (parseISO alone would read it in the visitor's zone, so SSR and
 * browser would disagree), and a date-only end covers its whole day, as
 * `isActive` does. Null when the CMS sent nothing usable.
 */
export function endInstant(enddate: string): Date | null {
  let iso = enddate.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) iso = `${iso}T23:59:59.999Z`;
  else if (/^\d{4}-\d{2}-\d{2}T[\d:.]+$/.test(iso)) iso = `${iso}Z`;
  const date = parseISO(iso);
  return iso !== '' && isValid(date) ? date : null;
}

/** What is left from `now` to `end`; null once the end has passed (the timer shows its expired text). */
export function timeLeft(end: Date, now: Date): TimeLeft | null {
  const total = differenceInSeconds(end, now);
  if (total <= 0) return null;
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3_600),
    minutes: Math.floor((total % 3_600) / 60),
    seconds: total % 60,
  };
}

/** HTML duration string for `<time datetime>`: `P12DT3H4M5S`. */
export function durationAttribute(left: TimeLeft): string {
  return `P${left.days}DT${left.hours}H${left.minutes}M${left.seconds}S`;
}
