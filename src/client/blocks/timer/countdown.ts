import { differenceInSeconds } from 'date-fns';
import { cmsInstant } from '../../../shared/dates.js';

/** Time left until the end, in whole units (days are whole days, not calendar months). */
export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export const UNITS = ['days', 'hours', 'minutes', 'seconds'] as const;

/**
 * The instant `enddate` names, in UTC as rule 29 reads CMS dates (a
 * zone-less time is UTC, so SSR and browser agree; a date-only end covers
 * its whole day, as `isActive` does). Null when the CMS sent nothing usable.
 */
export function endInstant(enddate: string): Date | null {
  return cmsInstant(enddate, 'end');
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
