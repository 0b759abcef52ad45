import type { CalendarDialog } from './CalendarDialog.js';

export type CalendarDialogComponent = typeof CalendarDialog;

let loading: Promise<CalendarDialogComponent> | null = null;

/**
 * The calendar (with date-fns' `format` and its two locales) is its own
 * chunk: it is needed only once the visitor opens it, so it stays out of
 * the first view's JavaScript (README budget). It starts loading as soon as
 * the visitor reaches the date fields. A failed load is forgotten so the
 * next attempt retries; the typed date fields work without it.
 */
export function loadCalendar(): Promise<CalendarDialogComponent> {
  loading ??= import('./CalendarDialog.js').then(
    (module) => module.CalendarDialog,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
