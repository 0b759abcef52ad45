import { isAfter } from 'date-fns/isAfter';
import { isBefore } from 'date-fns/isBefore';
import { parseISO } from 'date-fns/parseISO';
import { isValid } from 'date-fns/isValid';

/** A date bound from the CMS: ISO string, or null/empty for "open". */
export type DateBound = string | null | undefined;

function parseBound(bound: DateBound): Date | null {
  if (bound === null || bound === undefined || bound === '') return null;
  const date = parseISO(bound);
  return isValid(date) ? date : null;
}

/**
 * Rule 29 (spec §5): active when now (UTC instant) lies within the bounds;
 * a missing bound is open-ended, both missing means always active.
 * Date-only bounds (`2026-06-01`) are read as UTC midnight.
 */
export function isActive(item: { startdate?: DateBound; enddate?: DateBound }, now: Date): boolean {
  const start = cmsInstant(item.startdate, 'start');
  const end = cmsInstant(item.enddate, 'end');
  if (start && isBefore(now, start)) return false;
  if (end && isAfter(now, end)) return false;
  return true;
}

/**
 * The instant a CMS date names, read as UTC (rule 29): a date-only start is
 * its day's first instant, a date-only end its last; a zone-less time is
 * UTC. Null when missing or unreadable. Shared by `isActive`, the timer and
 * the build's check of block dates, so all three read a date the same way.
 */
export function cmsInstant(bound: DateBound, side: 'start' | 'end'): Date | null {
  return parseBound(typeof bound === 'string' ? asUtc(bound.trim(), side) : bound);
}

/**
 * `parseISO` reads date-only and zone-less strings as local time; the spec
 * says UTC. A date-only end bound covers its whole day.
 */
function asUtc(bound: DateBound, side: 'start' | 'end'): DateBound {
  if (!bound) return bound;
  if (/^\d{4}-\d{2}-\d{2}$/.test(bound)) return side === 'start' ? `${bound}T00:00:00Z` : `${bound}T23:59:59.999Z`;
  if (/^\d{4}-\d{2}-\d{2}T[\d:.]+$/.test(bound)) return `${bound}Z`;
  return bound;
}
