import { addDays, addMonths, addYears, endOfWeek, max, startOfWeek } from 'date-fns';
import type { WeekStart } from './calendar-locale.js';

/**
 * The APG date picker grid keys: arrows move a day or a week, PageUp /
 * PageDown a month (with Shift a year), Home / End to the first / last day
 * of the week (which depends on the locale). Dates before `min` (today)
 * cannot be chosen, so focus never goes there. Null: not a grid key.
 */
export function moveFocus(date: Date, key: string, shift: boolean, weekStartsOn: WeekStart, min: Date): Date | null {
  const moved = target(date, key, shift, weekStartsOn);
  return moved && max([moved, min]);
}

function target(date: Date, key: string, shift: boolean, weekStartsOn: WeekStart): Date | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(date, -1);
    case 'ArrowRight':
      return addDays(date, 1);
    case 'ArrowUp':
      return addDays(date, -7);
    case 'ArrowDown':
      return addDays(date, 7);
    case 'PageUp':
      return shift ? addYears(date, -1) : addMonths(date, -1);
    case 'PageDown':
      return shift ? addYears(date, 1) : addMonths(date, 1);
    case 'Home':
      return startOfWeek(date, { weekStartsOn });
    case 'End':
      return endOfWeek(date, { weekStartsOn });
    default:
      return null;
  }
}
