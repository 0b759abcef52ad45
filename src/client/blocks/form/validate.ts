import { dateBound, isIsoDay } from './dates.js';
import { controlNames, numericBound, type FieldSpec } from './fields.js';
import { matchesPattern } from './pattern.js';

/** A failed rule: the message key under `form.errors` and its interpolation values. */
export interface Problem {
  key:
    | 'required'
    | 'choose'
    | 'check'
    | 'chooseSome'
    | 'email'
    | 'phone'
    | 'number'
    | 'min'
    | 'max'
    | 'minLength'
    | 'maxLength'
    | 'pattern'
    | 'date'
    | 'dateMin'
    | 'dateMax'
    | 'country'
    | 'state';
  params?: Record<string, string | number>;
}

/** What the submitted form holds (a FormData). */
export type Values = Pick<FormData, 'get' | 'getAll'>;

export interface ValidationContext {
  now: Date;
  /** Whether a country (alpha-2) has a region list: null while the region data is not loaded. */
  hasRegions: (country: string) => boolean | null;
}

/** The HTML spec's e-mail syntax, but with a dot in the domain: `ana@hotel` is accepted by browsers, rarely meant. */
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
/** `<input type="number">` with the default step 1 accepts whole numbers only. */
const INTEGER = /^-?\d+$/;

const one = (values: Values, name: string) => {
  const value = values.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

/**
 * The problems of one field, by submitted control name (country-state has
 * two). Mirrors the native constraints the static HTML carries (required,
 * type, min/max, minlength/maxlength, pattern), so the form means the same
 * with and without JavaScript; our messages replace the browser's once
 * hydrated (`noValidate`).
 */
export function validateField(field: FieldSpec, values: Values, ctx: ValidationContext): Map<string, Problem> {
  const out = new Map<string, Problem>();
  if (field.kind === 'country-state') {
    const [countryName, stateName] = controlNames(field) as [string, string];
    const country = one(values, countryName);
    if (!country && field.required) out.set(countryName, { key: 'country' });
    if (country && field.required && !one(values, stateName) && ctx.hasRegions(country) !== false) out.set(stateName, { key: 'state' });
    return out;
  }
  const problem = check(field, values, ctx);
  if (problem) out.set(field.name, problem);
  return out;
}

function check(field: FieldSpec, values: Values, ctx: ValidationContext): Problem | null {
  const value = one(values, field.name);
  switch (field.kind) {
    case 'checkbox':
      if (field.options.length > 0) return field.required && values.getAll(field.name).length === 0 ? { key: 'chooseSome' } : null;
      return field.required && !value ? { key: 'check' } : null;
    case 'radio':
    case 'select':
    case 'destination':
      return field.required && !value ? { key: 'choose' } : null;
    case 'range':
      return null;
  }
  if (!value) return field.required ? { key: 'required' } : null;
  switch (field.kind) {
    case 'email':
      if (!EMAIL.test(value)) return { key: 'email' };
      break;
    case 'phone':
      return field.pattern && !matchesPattern(value, field.pattern) ? { key: 'phone' } : null;
    case 'number':
      return numberProblem(field, value);
    case 'date':
      return dateProblem(field, value, ctx.now);
    default: {
      const min = numericBound(field.min);
      const max = numericBound(field.max);
      if (min !== null && value.length < min) return { key: 'minLength', params: { min } };
      if (max !== null && value.length > max) return { key: 'maxLength', params: { max } };
    }
  }
  return field.pattern && !matchesPattern(value, field.pattern) ? { key: 'pattern' } : null;
}

function numberProblem(field: FieldSpec, value: string): Problem | null {
  if (!INTEGER.test(value)) return { key: 'number' };
  const n = Number(value);
  const min = numericBound(field.min);
  const max = numericBound(field.max);
  if (min !== null && n < min) return { key: 'min', params: { min } };
  if (max !== null && n > max) return { key: 'max', params: { max } };
  return null;
}

function dateProblem(field: FieldSpec, value: string, now: Date): Problem | null {
  if (!isIsoDay(value)) return { key: 'date' };
  const min = dateBound(field.min, now);
  const max = dateBound(field.max, now);
  // ISO days compare as strings.
  if (min && value < min) return { key: 'dateMin', params: { date: min } };
  if (max && value > max) return { key: 'dateMax', params: { date: max } };
  return null;
}
