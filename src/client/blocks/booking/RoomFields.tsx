import { useTranslation } from '../../i18n/use-translation.js';
import { MAX_CHILD_AGE, type GuestLimits } from './config.js';
import { describedBy, FieldError, type Problems } from './FieldError.js';
import type { DraftAction, RoomDraft } from './search-state.js';
import { FIELD } from './validation.js';

interface Props {
  index: number;
  room: RoomDraft;
  limits: GuestLimits;
  canRemove: boolean;
  idOf: (field: string) => string;
  problems: Problems;
  dispatch: (action: DraftAction) => void;
  onRemoved: () => void;
}

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

/** One room: adults, children and each child's age (a native select each: keyboard and screen readers know them). */
export function RoomFields({ index, room, limits, canRemove, idOf, problems, dispatch, onRemoved }: Props) {
  const { t } = useTranslation();
  const select = (field: string, label: string, value: string, choices: { value: string; label: string }[], onChange: (value: string) => void) => {
    const problem = problems(field);
    return (
      <div className="booking__field guests__field" key={field}>
        <label htmlFor={idOf(field)}>{label}</label>
        <select
          id={idOf(field)}
          value={value}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy(problem?.id)}
          onChange={(event) => onChange(event.target.value)}
        >
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
        <FieldError problem={problem} />
      </div>
    );
  };
  const numbers = (from: number, to: number) => range(from, to).map((n) => ({ value: String(n), label: String(n) }));
  const ages = [{ value: '', label: t('booking.chooseAge') }, ...range(0, MAX_CHILD_AGE).map((n) => ({ value: String(n), label: t('booking.ageOption', { count: n }) }))];
  return (
    <fieldset className="guests__room">
      <legend>{t('booking.room', { number: index + 1 })}</legend>
      <div className="guests__counts">
        {select(FIELD.adults(index), t('booking.adults'), String(room.adults), numbers(1, limits.maxAdults), (value) =>
          dispatch({ type: 'adults', room: index, count: Number(value) }),
        )}
        {select(FIELD.children(index), t('booking.children', { max: MAX_CHILD_AGE }), String(room.children), numbers(0, limits.maxChildren), (value) =>
          dispatch({ type: 'children', room: index, count: Number(value) }),
        )}
      </div>
      {room.ages.length > 0 && (
        <div className="guests__ages">
          {room.ages.map((age, child) =>
            select(FIELD.age(index, child), t('booking.childAge', { number: child + 1 }), age, ages, (value) => dispatch({ type: 'age', room: index, child, age: value })),
          )}
        </div>
      )}
      {canRemove && (
        <button
          type="button"
          className="guests__remove"
          onClick={() => {
            dispatch({ type: 'removeRoom', room: index });
            onRemoved();
          }}
        >
          {t('booking.removeRoom', { number: index + 1 })}
        </button>
      )}
    </fieldset>
  );
}
