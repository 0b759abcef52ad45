import { isFormFieldKind, toOption, type FormFieldKind, type Option } from '../../../shared/block-values.js';
import type { BlockProps } from '../../../shared/blocks/catalogue.js';
import { htmlPattern } from './pattern.js';

/** Input kinds of `blocks.form` (FORM_FIELD_KINDS); anything else renders as `text`. */
type FieldKind = FormFieldKind;
/** Options come as strings (`"Spa"`) or objects (`{label, value}`, `{name, code}`, `{text}`); null entries are skipped. */
export { toOption, type Option };

type Props = BlockProps<'blocks.form'>;
type FieldProps = NonNullable<Props['fields']>[number];

/** One field of the form, with the form's defaults applied to its props. */
export interface FieldSpec {
  kind: FieldKind;
  name: string;
  label: string;
  required: boolean;
  options: Option[];
  /** number/range: bounds; text: length; date: `yyyy-MM-dd` or days from today (see dates.ts). */
  min: number | string | null;
  max: number | string | null;
  /** Ready for the `pattern` attribute (pattern.ts), null when absent or unusable. */
  pattern: string | null;
  placeholder: string;
}

export interface FormSpec {
  name: string;
  title: string;
  fields: FieldSpec[];
  submitLabel: string;
  /** Rich text, sanitised by the build (a `richText` field of the declaration); '' for the locale's default. */
  successMessage: string;
  /** Endpoint of a non-Netlify form; null = Netlify Forms. */
  action: string | null;
}

/** Phone numbers without a CMS pattern: digits, spaces and `+ ( ) . -`, 7 to 20 characters. */
const PHONE_PATTERN = '[0-9+() .-]{7,20}';

function options(raw: FieldProps['options']): Option[] {
  const seen = new Set<string>();
  return (raw ?? []).map(toOption).filter((o): o is Option => o !== null && !seen.has(o.value) && !!seen.add(o.value));
}

const bound = (value: FieldProps['min']): number | string | null => (typeof value === 'string' ? value.trim() || null : (value ?? null));

export function toField(f: FieldProps): FieldSpec | null {
  const name = (f.name ?? '').trim();
  if (!name) return null;
  const given = f.kind ?? '';
  const kind = isFormFieldKind(given) ? given : 'text';
  return {
    kind,
    name,
    label: f.label || name,
    required: f.required === true,
    options: options(f.options),
    min: bound(f.min),
    max: bound(f.max),
    pattern: htmlPattern(f.pattern || (kind === 'phone' ? PHONE_PATTERN : null)),
    placeholder: f.placeholder ?? '',
  };
}

export function toForm(props: Props): FormSpec {
  const seen = new Set<string>();
  const fields = (props.fields ?? []).map(toField).filter((f): f is FieldSpec => f !== null && !seen.has(f.name) && !!seen.add(f.name));
  return {
    name: (props.name ?? '').trim() || 'form',
    title: props.title ?? '',
    fields,
    submitLabel: props.submitLabel ?? '',
    successMessage: props.successMessage ?? '',
    action: (props.action ?? '').trim() || null,
  };
}

/**
 * Names the browser submits for a field. A `country-state` field sends two
 * values: `<name>-country` (ISO 3166-1 alpha-2, e.g. `MX`) and `<name>-state`
 * (the region's name from country-region-data, e.g. `Quintana Roo`).
 */
export function controlNames(field: FieldSpec): string[] {
  return field.kind === 'country-state' ? [`${field.name}-country`, `${field.name}-state`] : [field.name];
}

/** A number bound of a number/range/text field (`min`/`max` given as text in the CMS count too). */
export function numericBound(value: number | string | null): number | null {
  if (value === null) return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}
