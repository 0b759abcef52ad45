import { addMonths, format, isSameMonth, max } from 'date-fns';
import { useId, useRef, type FocusEvent, type KeyboardEvent, type MouseEvent, type RefObject } from 'react';
import { useTranslation } from '../../i18n/use-translation.js';
import type { Locale } from '../../../shared/model.js';
import { CalendarGrid } from './CalendarGrid.js';
import { DATE_LOCALES } from './calendar-locale.js';

interface Props {
  locale: Locale;
  today: Date;
  focused: Date;
  focusDay: boolean;
  phase: 'checkin' | 'checkout';
  checkin: Date | null;
  checkout: Date | null;
  onFocusDate: (date: Date, focusDay: boolean) => void;
  onPick: (date: Date) => void;
  /** `returnFocus`: false when focus already left the dialog (Tab or a click elsewhere). */
  onClose: (returnFocus: boolean) => void;
  /** The button that toggles the dialog: focus moving there is its click's business. */
  toggle: RefObject<HTMLElement | null>;
}

/**
 * The calendar popup of the date-range picker: month buttons, the month
 * name (announced as it changes), what to pick next, the grid. Escape closes
 * it and focus returns to the calendar button; leaving it closes it too.
 */
export function CalendarDialog({ locale, today, focused, focusDay, phase, checkin, checkout, onFocusDate, onPick, onClose, toggle }: Props) {
  const { t } = useTranslation();
  const uid = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = `${uid}-month`;
  const month = (delta: number) => onFocusDate(max([addMonths(focused, delta), today]), false);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    // Escape closes the calendar only, not the mobile sheet around it.
    event.preventDefault();
    event.stopPropagation();
    onClose(true);
  };
  // A click on the dialog's background must not move focus out (and close it).
  const keepFocus = (event: MouseEvent) => {
    if (!(event.target as HTMLElement).closest('button')) event.preventDefault();
  };
  // Checked a task later: a day button re-rendered away hands focus to its successor first.
  const onBlur = (event: FocusEvent) => {
    if (event.relatedTarget && event.relatedTarget === toggle.current) return;
    setTimeout(() => {
      if (dialog.current && !dialog.current.contains(document.activeElement)) onClose(false);
    }, 0);
  };
  return (
    <div
      ref={dialog}
      className="calendar"
      role="dialog"
      aria-label={t('booking.calendar')}
      aria-describedby={`${uid}-keys`}
      onKeyDown={onKeyDown}
      onMouseDown={keepFocus}
      onBlur={onBlur}
    >
      <div className="calendar__head">
        <button type="button" className="calendar__nav" aria-label={t('booking.previousMonth')} disabled={isSameMonth(focused, today)} onClick={() => month(-1)}>
          <span aria-hidden="true">‹</span>
        </button>
        <h3 id={titleId} className="calendar__title" aria-live="polite">
          {format(focused, 'LLLL yyyy', { locale: DATE_LOCALES[locale] })}
        </h3>
        <button type="button" className="calendar__nav" aria-label={t('booking.nextMonth')} onClick={() => month(1)}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <p className="calendar__step" aria-live="polite">
        {phase === 'checkin' ? t('booking.pickCheckin') : t('booking.pickCheckout')}
      </p>
      <CalendarGrid
        locale={locale}
        focused={focused}
        today={today}
        checkin={checkin}
        checkout={checkout}
        labelledBy={titleId}
        focusDay={focusDay}
        onFocusDate={(date) => onFocusDate(date, true)}
        onPick={onPick}
      />
      <p id={`${uid}-keys`} className="visually-hidden">
        {t('booking.calendarKeys')}
      </p>
      <button type="button" className="calendar__close" onClick={() => onClose(true)}>
        {t('booking.closeCalendar')}
      </button>
    </div>
  );
}
