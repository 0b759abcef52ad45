import { useTranslation } from '../../i18n/use-translation.js';
import type { FieldSpec, Option } from './fields.js';
import { ErrorText, invalidProps, LabelledField, RequiredMark, type ControlLookup } from './FieldParts.js';

interface Props {
  field: FieldSpec;
  control: ControlLookup;
}

export interface OptionGroup {
  /** '' = options outside any <optgroup>. */
  label: string;
  options: Option[];
}

/** `select` (and `destination`, with groups): an empty first option is the prompt, so `required` works natively. */
export function SelectField({ field, control, groups }: Props & { groups?: OptionGroup[] }) {
  const { t } = useTranslation();
  const state = control(field.name);
  return (
    <LabelledField kind={field.kind} label={field.label} required={field.required} control={state}>
      <select id={state.id} className="form__input form__select" name={field.name} required={field.required} defaultValue="" {...invalidProps(state)}>
        <option value="">{field.placeholder || t('form.choose')}</option>
        {groups
          ? groups.map((group) =>
              group.label ? (
                <optgroup key={group.label} label={group.label}>
                  {group.options.map(option)}
                </optgroup>
              ) : (
                group.options.map(option)
              ),
            )
          : field.options.map(option)}
      </select>
    </LabelledField>
  );
}

const option = (o: Option) => (
  <option key={o.value} value={o.value}>
    {o.label}
  </option>
);

/**
 * `radio`, and `checkbox` with options: a fieldset whose legend is the label
 * (each option has its own label). Its message is described on the group and
 * on every option, so it is heard wherever focus lands. A checkbox group has
 * no native "at least one" constraint: only our validation checks it.
 */
export function ChoiceGroup({ field, control }: Props) {
  const state = control(field.name);
  const type = field.kind === 'radio' ? 'radio' : 'checkbox';
  return (
    <fieldset className={`form__field form__group form__field--${field.kind}`} {...(state.message ? { 'aria-describedby': state.errorId } : {})}>
      <legend className="form__label">
        {field.label}
        <RequiredMark required={field.required} />
      </legend>
      <ErrorText control={state} />
      <div className="form__choices">
        {field.options.map((o, i) => (
          <label key={o.value} className="form__choice">
            <input
              id={i === 0 ? state.id : `${state.id}-${i}`}
              type={type}
              name={field.name}
              value={o.value}
              required={type === 'radio' && field.required}
              {...invalidProps(state)}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A single `checkbox` (consent, newsletter): the box, then its label. Sends `yes` when checked. */
export function CheckboxField({ field, control }: Props) {
  const state = control(field.name);
  return (
    <div className="form__field form__field--checkbox">
      <div className="form__choice">
        <input id={state.id} type="checkbox" name={field.name} value="yes" required={field.required} {...invalidProps(state)} />
        <label htmlFor={state.id}>
          {field.label}
          <RequiredMark required={field.required} />
        </label>
      </div>
      <ErrorText control={state} />
    </div>
  );
}
