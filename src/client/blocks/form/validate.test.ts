import { describe, expect, it } from 'vitest';
import { toField, type FieldSpec } from './fields.js';
import { field } from './form.fixture.js';
import { validateField, type ValidationContext } from './validate.js';

const ctx: ValidationContext = { now: new Date('2026-06-15T12:00:00Z'), hasRegions: (c) => (c === 'MX' ? true : c === 'AQ' ? false : null) };
const spec = (kind: string, extra: Record<string, unknown> = {}): FieldSpec => toField(field(kind, 'f', 'F', extra))!;
const values = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [k, v] of entries) data.append(k, v);
  return data;
};
const problem = (f: FieldSpec, ...entries: [string, string][]) => validateField(f, values(entries), ctx).get(f.name) ?? null;

describe('form validation (mirrors the native constraints)', () => {
  it('required: empty and blank values fail, optional empty fields pass', () => {
    expect(problem(spec('text', { required: true }))).toEqual({ key: 'required' });
    expect(problem(spec('text', { required: true }), ['f', '   '])).toEqual({ key: 'required' });
    expect(problem(spec('email'))).toBeNull();
    expect(problem(spec('number'), ['f', ''])).toBeNull();
  });

  it('email', () => {
    expect(problem(spec('email'), ['f', 'ana@marea.mx'])).toBeNull();
    expect(problem(spec('email'), ['f', 'ana@'])).toEqual({ key: 'email' });
    expect(problem(spec('email'), ['f', 'ana marea.mx'])).toEqual({ key: 'email' });
    expect(problem(spec('email'), ['f', 'ana@hotel'])).toEqual({ key: 'email' });
  });

  it('phone: the CMS pattern, else digits, spaces and + ( ) . -', () => {
    expect(problem(spec('phone'), ['f', '+52 (998) 123-4567'])).toBeNull();
    expect(problem(spec('phone'), ['f', 'call me'])).toEqual({ key: 'phone' });
    expect(problem(spec('phone'), ['f', '123'])).toEqual({ key: 'phone' });
    expect(problem(spec('phone', { pattern: '^[0-9]{10}$' }), ['f', '+52 998 123'])).toEqual({ key: 'phone' });
  });

  it('number: whole numbers within min and max', () => {
    const guests = spec('number', { min: 1, max: 12 });
    expect(problem(guests, ['f', '2'])).toBeNull();
    expect(problem(guests, ['f', '2.5'])).toEqual({ key: 'number' });
    expect(problem(guests, ['f', 'two'])).toEqual({ key: 'number' });
    expect(problem(guests, ['f', '0'])).toEqual({ key: 'min', params: { min: 1 } });
    expect(problem(guests, ['f', '13'])).toEqual({ key: 'max', params: { max: 12 } });
  });

  it('text: length bounds and pattern', () => {
    expect(problem(spec('text', { min: 2 }), ['f', 'A'])).toEqual({ key: 'minLength', params: { min: 2 } });
    expect(problem(spec('text', { max: 3 }), ['f', 'Abcd'])).toEqual({ key: 'maxLength', params: { max: 3 } });
    expect(problem(spec('text', { pattern: '[A-Z]{3}' }), ['f', 'abc'])).toEqual({ key: 'pattern' });
    expect(problem(spec('text', { pattern: '[A-Z]{3}' }), ['f', 'ABC'])).toBeNull();
  });

  it('date: a real day inside the range; numeric bounds count days from today (UTC)', () => {
    const stay = spec('date', { min: '2026-07-01', max: '2026-12-31' });
    expect(problem(stay, ['f', '2026-08-10'])).toBeNull();
    expect(problem(stay, ['f', '2026-02-30'])).toEqual({ key: 'date' });
    expect(problem(stay, ['f', '2026-06-30'])).toEqual({ key: 'dateMin', params: { date: '2026-07-01' } });
    expect(problem(stay, ['f', '2027-01-01'])).toEqual({ key: 'dateMax', params: { date: '2026-12-31' } });
    const upcoming = spec('date', { min: 0, max: 30 });
    expect(problem(upcoming, ['f', '2026-06-14'])).toEqual({ key: 'dateMin', params: { date: '2026-06-15' } });
    expect(problem(upcoming, ['f', '2026-07-16'])).toEqual({ key: 'dateMax', params: { date: '2026-07-15' } });
  });

  it('choices: select, destination and radio need a value, checkbox groups at least one, a single checkbox its tick', () => {
    expect(problem(spec('select', { required: true, options: ['A'] }))).toEqual({ key: 'choose' });
    expect(problem(spec('destination', { required: true }), ['f', 'MTUL'])).toBeNull();
    expect(problem(spec('radio', { required: true, options: ['A', 'B'] }))).toEqual({ key: 'choose' });
    expect(problem(spec('checkbox', { required: true, options: ['A', 'B'] }))).toEqual({ key: 'chooseSome' });
    expect(problem(spec('checkbox', { required: true, options: ['A', 'B'] }), ['f', 'B'])).toBeNull();
    expect(problem(spec('checkbox', { required: true }))).toEqual({ key: 'check' });
    expect(problem(spec('checkbox', { required: true }), ['f', 'yes'])).toBeNull();
    expect(problem(spec('range', { required: true }))).toBeNull();
  });

  it('country-state: a country, then a state when the country has regions (or while that is unknown)', () => {
    const where = spec('country-state', { required: true });
    const run = (...entries: [string, string][]) => Object.fromEntries(validateField(where, values(entries), ctx));
    expect(run()).toEqual({ 'f-country': { key: 'country' } });
    expect(run(['f-country', 'MX'], ['f-state', ''])).toEqual({ 'f-state': { key: 'state' } });
    expect(run(['f-country', 'MX'], ['f-state', 'Quintana Roo'])).toEqual({});
    expect(run(['f-country', 'FR'], ['f-state', ''])).toEqual({ 'f-state': { key: 'state' } });
    expect(run(['f-country', 'AQ'], ['f-state', ''])).toEqual({});
    expect(Object.fromEntries(validateField(spec('country-state'), values([]), ctx))).toEqual({});
  });
});
