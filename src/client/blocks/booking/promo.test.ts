import { describe, expect, it } from 'vitest';
import { StatusError } from '../../../shared/errors.js';
import type { PromoCode } from '../../../shared/model.js';
import { isPromoFormatValid, normalisePromo, selectPromo } from './promo.js';

const promo = (code: string, startdate: string | null, enddate: string | null, countries: string[] | null): PromoCode => ({
  code,
  startdate,
  enddate,
  countries,
  label: '',
});

const codes = [
  promo('SUMMER25', '2025-06-01T00:00:00.000Z', '2025-08-31T23:59:59.000Z', []),
  promo('WINTERUS', '2026-10-01T00:00:00.000Z', '2027-03-31T23:59:59.000Z', ['USA', 'CAN']),
  promo('MEXICO15', '2026-01-01T00:00:00.000Z', null, ['MEX']),
  promo('LASTDAY', null, '2026-12-31', null),
  promo('WELCOME5', null, null, null),
];

describe('promo code selection (spec §5, rule 29)', () => {
  it('takes the first code for the visitor country that is active now', () => {
    expect(selectPromo(codes, 'USA', new Date('2026-11-01T00:00:00Z'))?.code).toBe('WINTERUS');
    expect(selectPromo(codes, 'MEX', new Date('2026-11-01T00:00:00Z'))?.code).toBe('MEXICO15');
    expect(selectPromo(codes, 'FRA', new Date('2026-11-01T00:00:00Z'))?.code).toBe('LASTDAY');
  });

  it('rule 29: compares UTC instants, bounds included, a date-only end covering its whole day', () => {
    expect(selectPromo(codes, 'USA', new Date('2026-09-30T23:59:59.999Z'))?.code).toBe('LASTDAY');
    expect(selectPromo(codes, 'USA', new Date('2026-10-01T00:00:00.000Z'))?.code).toBe('WINTERUS');
    expect(selectPromo(codes, 'FRA', new Date('2026-12-31T23:59:00Z'))?.code).toBe('LASTDAY');
    expect(selectPromo(codes, 'FRA', new Date('2027-01-01T00:00:00Z'))?.code).toBe('WELCOME5');
    expect(selectPromo(codes, 'USA', new Date('2025-07-01T12:00:00Z'))?.code).toBe('SUMMER25');
  });

  it('an empty country list targets everyone; a listed country matches in any case', () => {
    expect(selectPromo([promo('ALL', null, null, [])], 'JPN', new Date())?.code).toBe('ALL');
    expect(selectPromo([promo('US', null, null, ['USA'])], 'usa', new Date())?.code).toBe('US');
  });

  it('is null when no code fits, and when the block has no promocodes field', () => {
    expect(selectPromo([promo('MX', null, null, ['MEX'])], 'USA', new Date())).toBeNull();
    expect(selectPromo([], 'USA', new Date())).toBeNull();
    expect(selectPromo(undefined, 'USA', new Date())).toBeNull();
  });

  it('skips entries without a code', () => {
    expect(selectPromo([{ code: '' }, null, 'X', promo('OK', null, null, null)], 'USA', new Date())?.code).toBe('OK');
  });

  it.each([[null], [{ code: 'X' }], ['WELCOME5'], [3]])('spec §5: promocodes %j is the 503 "promocodes must be an Array"', (value) => {
    let error: unknown;
    try {
      selectPromo(value, 'USA', new Date());
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(StatusError);
    expect((error as StatusError).status).toBe(503);
    expect((error as StatusError).message).toBe('promocodes must be an Array');
  });
});

describe('promo code format', () => {
  it('normalises to upper case, trimmed', () => {
    expect(normalisePromo('  summer26 ')).toBe('SUMMER26');
  });

  it.each(['', 'ABC', 'summer26', 'WINTER-US', 'A-1', 'X'.repeat(20)])('accepts %j', (code) => expect(isPromoFormatValid(code)).toBe(true));

  it.each(['AB', 'X'.repeat(21), 'SUMMER 26', '-ABC', 'ABC-', 'ÑANDÚ', 'A&B', '10%OFF', 'A_1'])('refuses %j', (code) => expect(isPromoFormatValid(code)).toBe(false));
});
