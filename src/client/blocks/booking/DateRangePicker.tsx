import { addDays, isAfter, isBefore } from 'date-fns';
import { useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.js';
import type { Locale } from '../../../shared/model.js';
import { formatDisplay, parseDisplay } from './dates.js';
import { describedBy, FieldError, type Problems } from './FieldError.js';
import { loadCalendar, type CalendarDialogComponent } from './load-calendar.js';
import { FIELD } from './validation.js';

interface Props {
  /** Input id of a field id (validation.ts `FIELD`). */
  idOf: (field: string) => string;
  problems: Problems;
  locale: Locale;
  /** The visitor's local day; null before hydration (the calendar needs "today"). */
  today: Date | null;
  checkin: string;
  checkout: string;
  onChange: (dates: { checkin?: string; checkout?: string }) => void;
}

/**
 * Check-in and check-out: two text fields (typed in the locale's format,
 * kept exactly as typed) and a calendar button. In the calendar the first
 * pick is the check-in, the next later day the check-out; then it closes.
 */
export function DateRangePicker({ idOf, problems, locale, today, checkin, checkout, onChange }: Props) {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [phase, setPhase] = useState<'checkin' | 'checkout'>('checkin');
  const [focused, setFocused] = useState<Date | null>(null);
  const [focusDay, setFocusDay] = useState(false);
  const [Dialog, setDialog] = useState<CalendarDialogComponent | null>(null);
  const start = parseDisplay(checkin, locale);
  const end = parseDisplay(checkout, locale);

  // Warms the chunk only; opening sets the state (and reports a failure).
  const preload = () => {
    if (!Dialog) loadCalendar().catch(() => {});
  };
  const openCalendar = () => {
    if (!today) return;
    loadCalendar().then(
      (component) => {
        setDialog(() => component);
        setPhase('checkin');
        setFocused(start && !isBefore(start, today) ? start : today);
        setFocusDay(true);
        setOpen(true);
      },
      (error: unknown) => console.warn('[booking] the calendar did not load; dates can still be typed', error),
    );
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };
  const pick = (day: Date) => {
    if (phase === 'checkin' || !start || !isAfter(day, start)) {
      onChange({ checkin: formatDisplay(day, locale) });
      setPhase('checkout');
      setFocused(addDays(day, 1));
      setFocusDay(true);
      return;
    }
    onChange({ checkout: formatDisplay(day, locale) });
    close(true);
  };

  const field = (name: 'checkin' | 'checkout', value: string) => {
    const problem = problems(FIELD[name]);
    return (
      <div className="booking__field booking__field--date">
        <label htmlFor={idOf(FIELD[name])}>{t(`booking.${name}`)}</label>
        <input
          id={idOf(FIELD[name])}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={value}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy(`${idOf(FIELD[name])}-hint`, problem?.id)}
          onChange={(event) => onChange({ [name]: event.target.value })}
        />
        <p id={`${idOf(FIELD[name])}-hint`} className="booking__hint">
          {t('booking.dateHint')}
        </p>
        <FieldError problem={problem} />
      </div>
    );
  };

  return (
    <div className="booking__dates" onFocus={preload} onPointerEnter={preload}>
      {field('checkin', checkin)}
      {field('checkout', checkout)}
      <button ref={button} type="button" className="booking__calendar-button" aria-haspopup="dialog" aria-expanded={open} onClick={() => (open ? close(true) : openCalendar())}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" focusable="false">
          <path fill="currentColor" d="M7 2v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-2V2h-2v2H9V2H7zm-2 8h14v10H5V10z" />
        </svg>
        <span className="visually-hidden">{t('booking.chooseDates')}</span>
      </button>
      {open && today && focused && Dialog && (
        <Dialog
          locale={locale}
          today={today}
          focused={focused}
          focusDay={focusDay}
          phase={phase}
          checkin={start}
          checkout={end}
          onFocusDate={(date, toDay) => {
            setFocused(date);
            setFocusDay(toDay);
          }}
          onPick={pick}
          onClose={close}
          toggle={button}
        />
      )}
    </div>
  );
}
