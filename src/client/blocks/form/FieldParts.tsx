import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.js';

/** A submitted control's ids and current validation message (Form.tsx `control`). */
export interface ControlState {
  id: string;
  errorId: string;
  /** Translated message, null while the control is valid or not checked yet. */
  message: string | null;
}

/** Looks up a control by its submitted name (fields.ts `controlNames`). */
export type ControlLookup = (name: string) => ControlState;

/** `aria-invalid` + `aria-describedby` → the message beside the field; no attributes while valid. */
export const invalidProps = (control: ControlState) => (control.message ? { 'aria-invalid': true as const, 'aria-describedby': control.errorId } : {});

/** Visual "*" for sighted users, the translated word for screen readers (the `required` attribute is announced too). */
export function RequiredMark({ required }: { required: boolean }) {
  const { t } = useTranslation();
  if (!required) return null;
  return (
    <span className="form__required">
      <span aria-hidden="true"> *</span>
      <span className="visually-hidden"> ({t('form.required')})</span>
    </span>
  );
}

export function ErrorText({ control }: { control: ControlState }) {
  if (!control.message) return null;
  return (
    <p id={control.errorId} className="form__error">
      {control.message}
    </p>
  );
}

/**
 * The frame of a single-control field (text kinds, select, range): a visible
 * label with its required mark, the control, then its message. Groups
 * (radio, checkbox options, country/state) use a fieldset instead.
 */
export function LabelledField({ kind, label, required, control, children }: { kind: string; label: string; required: boolean; control: ControlState; children: ReactNode }) {
  return (
    <div className={`form__field form__field--${kind}`}>
      <label className="form__label" htmlFor={control.id}>
        {label}
        <RequiredMark required={required} />
      </label>
      {children}
      <ErrorText control={control} />
    </div>
  );
}
