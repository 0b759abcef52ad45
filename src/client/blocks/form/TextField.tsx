import type { HTMLInputTypeAttribute } from 'react';
import { useVisitor } from '../../page/page-context.js';
import { dateBound } from './dates.js';
import { numericBound, type FieldSpec } from './fields.js';
import { invalidProps, LabelledField, type ControlLookup } from './FieldParts.js';

const TYPES: Partial<Record<FieldSpec['kind'], HTMLInputTypeAttribute>> = { email: 'email', phone: 'tel', number: 'number', date: 'date' };
const AUTOCOMPLETE: Partial<Record<FieldSpec['kind'], string>> = { email: 'email', phone: 'tel' };

/** Bounds as the native attributes: number → min/max, date → min/max days, text → minlength/maxlength. */
function bounds(field: FieldSpec, now: Date) {
  if (field.kind === 'number') return { min: numericBound(field.min) ?? undefined, max: numericBound(field.max) ?? undefined };
  if (field.kind === 'date') return { min: dateBound(field.min, now) ?? undefined, max: dateBound(field.max, now) ?? undefined };
  if (field.kind === 'email' || field.kind === 'phone') return {};
  return { minLength: numericBound(field.min) ?? undefined, maxLength: numericBound(field.max) ?? undefined };
}

/** `text`, `email`, `phone` (tel), `number` and `date`: one native input with the native constraints. */
export function TextField({ field, control }: { field: FieldSpec; control: ControlLookup }) {
  const { now } = useVisitor();
  const state = control(field.name);
  return (
    <LabelledField kind={field.kind} label={field.label} required={field.required} control={state}>
      <input
        id={state.id}
        className="form__input"
        name={field.name}
        type={TYPES[field.kind] ?? 'text'}
        required={field.required}
        placeholder={field.placeholder || undefined}
        pattern={field.kind === 'number' || field.kind === 'date' ? undefined : (field.pattern ?? undefined)}
        autoComplete={AUTOCOMPLETE[field.kind]}
        inputMode={field.kind === 'number' ? 'numeric' : undefined}
        {...bounds(field, now)}
        {...invalidProps(state)}
      />
    </LabelledField>
  );
}
