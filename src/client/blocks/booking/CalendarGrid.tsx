import { addDays, eachDayOfInterval, endOfMonth, endOfWeek, format, isAfter, isBefore, isSameDay, startOfMonth, startOfWeek } from 'date-fns';
import { useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.js';
import type { Locale } from '../../../shared/model.js';
import { moveFocus } from './calendar-keys.js';
import { DATE_LOCALES, weekStartsOn, type WeekStart } from './calendar-locale.js';
import { toIsoDate } from './dates.js';

interface Props {
  locale: Locale;
  /** The day with the roving tab stop; its month is the month shown. */
  focused: Date;
  today: Date;
  checkin: Date | null;
  checkout: Date | null;
  labelledBy: string;
  /** True when the keyboard focus belongs on the focused day (on open and after a grid key). */
  focusDay: boolean;
  onFocusDate: (date: Date) => void;
  onPick: (date: Date) => void;
}

/** The month as weeks of 7 cells; days of other months are null (blank cells). */
function weeks(month: Date, weekStart: WeekStart): (Date | null)[][] {
  const days = eachDayOfInterval({ start: startOfWeek(startOfMonth(month), { weekStartsOn: weekStart }), end: endOfWeek(endOfMonth(month), { weekStartsOn: weekStart }) });
  const rows: (Date | null)[][] = [];
  days.forEach((day, i) => {
    if (i % 7 === 0) rows.push([]);
    rows[rows.length - 1]!.push(day.getMonth() === month.getMonth() ? day : null);
  });
  return rows;
}

/**
 * One month as an ARIA grid (APG date picker): one tab stop on the focused
 * day, arrows/PageUp/PageDown/Home/End move it (calendar-keys.ts), Enter or
 * Space picks it. Month and day names come from date-fns' locale, and the
 * week starts where the locale starts it. Past days are disabled.
 */
export function CalendarGrid({ locale, focused, today, checkin, checkout, labelledBy, focusDay, onFocusDate, onPick }: Props) {
  const { t } = useTranslation();
  const grid = useRef<HTMLTableElement>(null);
  const dateLocale = DATE_LOCALES[locale];
  const weekStart = weekStartsOn(locale);
  const focusedIso = toIsoDate(focused);
  // Layout effect: the day is focused in the same commit, before the dialog's blur check runs.
  useLayoutEffect(() => {
    if (focusDay) grid.current?.querySelector<HTMLButtonElement>(`[data-date="${focusedIso}"]`)?.focus();
  }, [focusDay, focusedIso]);
  const onKeyDown = (event: KeyboardEvent) => {
    const next = moveFocus(focused, event.key, event.shiftKey, weekStart, today);
    if (!next) return;
    event.preventDefault();
    onFocusDate(next);
  };
  const weekdays = Array.from({ length: 7 }, (_, i) => addDays(startOfWeek(focused, { weekStartsOn: weekStart }), i));
  return (
    <table ref={grid} role="grid" className="calendar__grid" aria-labelledby={labelledBy} onKeyDown={onKeyDown}>
      <thead>
        <tr>
          {weekdays.map((day) => (
            <th key={day.getDay()} scope="col" abbr={format(day, 'EEEE', { locale: dateLocale })}>
              {format(day, 'EEEEEE', { locale: dateLocale })}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks(focused, weekStart).map((week, w) => (
          <tr key={w}>
            {week.map((day, d) => {
              if (!day) return <td key={d} className="calendar__blank" />;
              const isCheckin = !!checkin && isSameDay(day, checkin);
              const isCheckout = !!checkout && isSameDay(day, checkout);
              const inRange = !!checkin && !!checkout && isAfter(day, checkin) && isBefore(day, checkout);
              const past = isBefore(day, today);
              const role = isCheckin ? `, ${t('booking.checkin')}` : isCheckout ? `, ${t('booking.checkout')}` : '';
              const classes = ['calendar__day', isCheckin && 'is-start', isCheckout && 'is-end', inRange && 'is-in-range'].filter(Boolean).join(' ');
              return (
                <td key={toIsoDate(day)} role="gridcell" aria-selected={isCheckin || isCheckout || inRange} className={classes}>
                  <button
                    type="button"
                    data-date={toIsoDate(day)}
                    tabIndex={isSameDay(day, focused) ? 0 : -1}
                    disabled={past}
                    aria-current={isSameDay(day, today) ? 'date' : undefined}
                    aria-label={`${format(day, 'PPPP', { locale: dateLocale })}${role}`}
                    onClick={() => onPick(day)}
                  >
                    {day.getDate()}
                  </button>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
