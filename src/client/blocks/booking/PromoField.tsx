import { useTranslation } from '../../i18n/use-translation.js';
import type { PromoCode } from '../../../shared/model.js';
import { describedBy, FieldError, type FieldProblem } from './FieldError.js';

interface Props {
  id: string;
  /** What the visitor typed; null shows the suggested code. */
  value: string | null;
  suggested: PromoCode | null;
  problem: FieldProblem | null;
  onChange: (text: string) => void;
}

/**
 * Promo code: pre-filled with the code chosen for the visitor's country and
 * today (promo.ts), editable, optional. Shown in capitals (CSS) while the
 * text stays as typed; validation upper-cases it. The suggested code's
 * label says what it gives.
 */
export function PromoField({ id, value, suggested, problem, onChange }: Props) {
  const { t } = useTranslation();
  const showsSuggestion = value === null && !!suggested;
  const hint = showsSuggestion && suggested.label ? t('booking.promoApplied', { label: suggested.label }) : '';
  return (
    <div className="booking__field booking__field--promo">
      <label htmlFor={id}>
        {t('booking.promo')} <span className="booking__hint">({t('booking.optional')})</span>
      </label>
      <input
        id={id}
        type="text"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={value ?? suggested?.code ?? ''}
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy(hint && `${id}-hint`, problem?.id)}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint && (
        <p id={`${id}-hint`} className="booking__hint booking__promo-hint">
          {hint}
        </p>
      )}
      <FieldError problem={problem} />
    </div>
  );
}
