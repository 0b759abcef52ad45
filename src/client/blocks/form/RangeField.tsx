import { useState } from 'react';
import { changedBefore, useOnHydrated } from '../../lib/changed-before.js';
import { numericBound, type FieldSpec } from './fields.js';
import { LabelledField, type ControlLookup } from './FieldParts.js';

/**
 * `range`: a slider whose current value is shown in an <output> tied to it
 * (`for`). The start value is the browser's default made explicit (the middle
 * of the range, ties rounded up), so the static HTML shows the same number.
 * A slider always has a value: there is nothing to validate.
 */
export function RangeField({ field, control }: { field: FieldSpec; control: ControlLookup }) {
  const state = control(field.name);
  const min = numericBound(field.min) ?? 0;
  const max = Math.max(numericBound(field.max) ?? 100, min);
  const [value, setValue] = useState(() => String(Math.round(min + (max - min) / 2)));
  // Moved in the static HTML, before the form hydrated: the visitor's value.
  useOnHydrated(() => setValue((start) => changedBefore(document.getElementById(state.id)) ?? start));
  const outputId = `${state.id}-value`;
  return (
    <LabelledField kind="range" label={field.label} required={field.required} control={state}>
      <div className="form__range">
        <span className="form__range-bound" aria-hidden="true">
          {min}
        </span>
        <input id={state.id} className="form__slider" type="range" name={field.name} min={min} max={max} value={value} onChange={(event) => setValue(event.target.value)} />
        <span className="form__range-bound" aria-hidden="true">
          {max}
        </span>
        {/* The slider announces its own value; a live output would repeat every step while dragging. */}
        <output id={outputId} className="form__output" htmlFor={state.id} aria-live="off">
          {value}
        </output>
      </div>
    </LabelledField>
  );
}
