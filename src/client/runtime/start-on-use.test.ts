import { describe, expect, it } from 'vitest';
import { differsForVisitor } from './start-on-use.js';

const built = { country: 'USA', now: new Date('2026-06-15T00:00:00Z') };
const promo = (fields: Record<string, unknown>) => ({
  component: 'blocks.booking',
  countries: null,
  props: {
    promocodes: [
      { code: 'WELCOME5', countries: null },
      { code: 'X', ...fields },
    ],
  },
});

describe('rules 29–30: a block that hydrates on use comes at start when the visitor would see it otherwise', () => {
  it('an item targeted to countries that tell the build and the visitor apart', () => {
    expect(differsForVisitor(promo({ countries: ['MEX'] }), built, { ...built, country: 'MEX' })).toBe(true);
    expect(differsForVisitor(promo({ countries: ['USA', 'CAN'] }), built, { ...built, country: 'CAN' })).toBe(false);
    expect(differsForVisitor(promo({ countries: [] }), built, { ...built, country: 'MEX' })).toBe(false);
  });

  it('an item whose dates one instant is inside and the other not; none when both agree', () => {
    const later = { ...built, now: new Date('2026-06-20T10:00:00Z') };
    expect(differsForVisitor(promo({ enddate: '2026-06-18T00:00:00Z' }), built, later)).toBe(true);
    expect(differsForVisitor(promo({ startdate: '2026-06-16' }), built, later)).toBe(true);
    expect(differsForVisitor(promo({ startdate: '2026-01-01', enddate: '2026-12-31' }), built, later)).toBe(false);
    expect(differsForVisitor(promo({ enddate: '2025-08-31' }), built, later)).toBe(false);
  });

  it('the same visitor as the build: nothing differs', () => {
    expect(differsForVisitor(promo({ countries: ['MEX'], enddate: '2026-06-18' }), built, built)).toBe(false);
  });
});
