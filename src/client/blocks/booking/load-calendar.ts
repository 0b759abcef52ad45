import { lazyOnce } from '../../lib/lazy-once.js';
import type { CalendarDialog } from './CalendarDialog.js';

export type CalendarDialogComponent = typeof CalendarDialog;

/**
 * The calendar (with date-fns' `format` and its two locales) is its own
 * chunk: it is needed only once the visitor opens it, so it stays out of
 * the first view's JavaScript (docs/performance.md, "First view"). It starts loading as soon as
 * the visitor reaches the date fields; the typed date fields work without it.
 */
export const loadCalendar = lazyOnce<CalendarDialogComponent>(() => import('./CalendarDialog.js').then((module) => module.CalendarDialog));
