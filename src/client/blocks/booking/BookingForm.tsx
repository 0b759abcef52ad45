import { addDays } from 'date-fns';
import { useEffect, useId, useLayoutEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.js';
import { useLocation } from 'react-router-dom';
import { usePage, useVisitor } from '../../page/page-context.js';
import { SmartLink } from '../../components/SmartLink.js';
import { useHydrated } from '../../lib/use-hydrated.js';
import { useNavigateTo } from '../../runtime/navigation-safety.js';
import { Combobox } from './Combobox.js';
import { changedDraft } from './changed-draft.js';
import type { BookingConfig } from './config.js';
import { DateRangePicker } from './DateRangePicker.js';
import { formatDisplay, localDay } from './dates.js';
import { errorSummary, isGuestField } from './field-labels.js';
import type { Problems } from './FieldError.js';
import { Guests } from './Guests.js';
import { airportOptions, resortOptions } from './options.js';
import { PromoField } from './PromoField.js';
import { selectPromo } from './promo.js';
import { draftReducer, initialDraft, type BookingDraft } from './search-state.js';
import { loadSearch, restoredDraft } from './storage.js';
import { handOff } from './submit.js';
import { FIELD, validateDraft } from './validation.js';

/** Default stay once "today" is known: from tomorrow, 3 nights. */
const DEFAULT_LEAD_DAYS = 1;
const DEFAULT_NIGHTS = 3;

/**
 * The booking form: server-rendered with the content's defaults; after
 * hydration the dates (which depend on the visitor's "today") are filled
 * and the last search pre-fills it, but for what the visitor changed before
 * it hydrated (nothing typed is lost). Submit validates; an invalid search
 * keeps every value, shows each message beside its field, announces them
 * and focuses the first; a valid one is handed off (submit.ts).
 */
export function BookingForm({ config }: { config: BookingConfig }) {
  const { t } = useTranslation();
  const { locale } = usePage();
  const { country, now } = useVisitor();
  const hydrated = useHydrated();
  const navigateTo = useNavigateTo();
  const { search: pageSearch } = useLocation();
  const uid = useId();
  const idOf = (field: string) => `${uid}-${field}`;
  const [draft, dispatch] = useReducer(draftReducer, config, initialDraft);
  const [submitted, setSubmitted] = useState(false);
  const [alert, setAlert] = useState({ text: '', count: 0 });
  const [focusTarget, setFocusTarget] = useState({ field: '', count: 0 });
  const [guestsOpen, setGuestsOpen] = useState(false);
  const restored = useRef(false);
  const changed = useRef<Partial<BookingDraft>>({});
  // Spec §5: a promocodes list that is not an array is the 503 (thrown to the route's error page).
  const suggested = selectPromo(config.promocodes, country, now);
  const today = localDay(now);
  const context = { config, locale, today, suggestedPromo: suggested?.code };

  // In the commit that hydrated the widget, before it renders again from its state (useOnHydrated, src/client/lib/changed-before.ts).
  useLayoutEffect(() => {
    if (hydrated) return;
    changed.current = changedDraft(config, idOf);
    if (Object.keys(changed.current).length > 0) dispatch({ type: 'restore', draft: changed.current });
  });
  useEffect(() => {
    if (!hydrated || restored.current) return;
    restored.current = true;
    const start = addDays(today, DEFAULT_LEAD_DAYS);
    const defaults = { checkin: formatDisplay(start, locale), checkout: formatDisplay(addDays(start, DEFAULT_NIGHTS), locale) };
    dispatch({ type: 'restore', draft: { ...defaults, ...restoredDraft(loadSearch(), config, locale, today), ...changed.current } });
  });
  useEffect(() => {
    if (focusTarget.field) document.getElementById(`${uid}-${focusTarget.field}`)?.focus();
  }, [focusTarget, uid]);

  const errors = submitted ? validateDraft(draft, context).errors : {};
  const problems: Problems = (field) => {
    const error = errors[field];
    return error ? { id: `${idOf(field)}-error`, message: t(`booking.errors.${error.key}`, error.values ?? {}) } : null;
  };
  const announce = (text: string) => setAlert((previous) => ({ text, count: previous.count + 1 }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const result = validateDraft(draft, context);
    if (!result.search) {
      const fields = Object.keys(result.errors);
      // Messages inside the guests panel must be seen: it opens.
      if (fields.some(isGuestField)) setGuestsOpen(true);
      announce(errorSummary(result.errors, t));
      setFocusTarget((previous) => ({ field: fields[0] ?? '', count: previous.count + 1 }));
      return;
    }
    try {
      if (!config.engineUrl) throw new Error('The booking block has no engineUrl');
      handOff(result.search, draft, config.engineUrl, pageSearch, navigateTo);
    } catch (error) {
      console.error('[booking] the search could not be handed to the booking engine', error);
      announce(t('booking.unavailable'));
    }
  };

  return (
    <form className="booking__form" noValidate onSubmit={onSubmit}>
      <fieldset className="booking__mode">
        <legend className="visually-hidden">{t('booking.mode')}</legend>
        {(['hotel', 'flight'] as const).map((mode) => (
          <label key={mode} className="booking__mode-option">
            <input type="radio" name={idOf('mode')} value={mode} checked={draft.mode === mode} onChange={() => dispatch({ type: 'mode', mode })} />
            <span>{t(mode === 'hotel' ? 'booking.hotel' : 'booking.flightHotel')}</span>
          </label>
        ))}
      </fieldset>
      <div className="booking__fields">
        <Combobox
          id={idOf(FIELD.resort)}
          label={t('booking.resort')}
          options={resortOptions(config.resorts)}
          grouped
          choice={draft.resort}
          onChange={(choice) => dispatch({ type: 'resort', choice })}
          problem={problems(FIELD.resort)}
        />
        {draft.mode === 'flight' && (
          <Combobox
            id={idOf(FIELD.airport)}
            label={t('booking.airport')}
            options={airportOptions(config.airports)}
            choice={draft.airport}
            onChange={(choice) => dispatch({ type: 'airport', choice })}
            problem={problems(FIELD.airport)}
          />
        )}
        <DateRangePicker
          idOf={idOf}
          problems={problems}
          locale={locale}
          today={hydrated ? today : null}
          checkin={draft.checkin}
          checkout={draft.checkout}
          onChange={(dates) => dispatch({ type: 'dates', ...dates })}
        />
        <Guests rooms={draft.rooms} limits={config.limits} open={guestsOpen} onOpenChange={setGuestsOpen} idOf={idOf} problems={problems} dispatch={dispatch} />
        <PromoField id={idOf(FIELD.promo)} value={draft.promo} suggested={suggested} problem={problems(FIELD.promo)} onChange={(text) => dispatch({ type: 'promo', text })} />
        <div className="booking__actions">
          {config.groups && <SmartLink className="booking__groups" link={config.groups} />}
          <button type="submit" className="button button--primary booking__submit">
            {t('booking.submit')}
          </button>
        </div>
      </div>
      <div className="visually-hidden" role="alert">
        {alert.text && <p key={alert.count}>{alert.text}</p>}
      </div>
    </form>
  );
}
