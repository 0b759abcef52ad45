import { isFormFieldKind, toOption, type FormFieldKind, type Option } from '../../../shared/block-values.js';
import { list, record, text } from '../props.js';
import { htmlPattern } from './pattern.js';

/** Input kinds of `blocks.form` (FORM_FIELD_KINDS); anything else renders as `text`. */
export type FieldKind = FormFieldKind;
/** Options come as strings (`"Spa"`) or objects (`{label, value}`, `{name, code}`, `{text}`); null entries are skipped. */
export { toOption, type Option };

/** One field of the form, narrowed from the CMS props (every value may be null there). */
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
  /** Rich text from the CMS, sanitised by the build (RICH_TEXT_FIELDS) and rendered by RichText. */
  successMessage: string;
  /** Endpoint of a non-Netlify form; null = Netlify Forms. */
  action: string | null;
}

/** Phone numbers without a CMS pattern: digits, spaces and `+ ( ) . -`, 7 to 20 characters. */
const PHONE_PATTERN = '[0-9+() .-]{7,20}';

function options(raw: unknown): Option[] {
  const seen = new Set<string>();
  return list(raw)
    .map(toOption)
    .filter((o): o is Option => o !== null && !seen.has(o.value) && !!seen.add(o.value));
}

const bound = (value: unknown): number | string | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : text(value).trim() || null;

export function toField(raw: unknown): FieldSpec | null {
  const f = record(raw);
  const name = text(f.name).trim();
  if (!name) return null;
  const given = text(f.kind);
  const kind = isFormFieldKind(given) ? given : 'text';
  return {
    kind,
    name,
    label: text(f.label) || name,
    required: f.required === true,
    options: options(f.options),
    min: bound(f.min),
    max: bound(f.max),
    pattern: htmlPattern(text(f.pattern) || (kind === 'phone' ? PHONE_PATTERN : null)),
    placeholder: text(f.placeholder),
  };
}

export function toForm(props: Record<string, unknown>): FormSpec {
  const seen = new Set<string>();
  const fields = list(props.fields)
    .map(toField)
    .filter((f): f is FieldSpec => f !== null && !seen.has(f.name) && !!seen.add(f.name));
  return {
    name: text(props.name).trim() || 'form',
    title: text(props.title),
    fields,
    submitLabel: text(props.submitLabel),
    successMessage: text(props.successMessage),
    action: text(props.action).trim() || null,
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
