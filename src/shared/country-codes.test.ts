// @vitest-environment node
import countries from 'i18n-iso-countries';
import { describe, expect, it } from 'vitest';
import { ALPHA2_TO_ALPHA3, toAlpha3 } from './country-codes.js';

describe('rule 30: ISO alpha-2 → alpha-3 for the edge country cookie', () => {
  it('the table is the i18n-iso-countries table (regenerate country-codes.ts when this fails)', () => {
    const expected = countries.getAlpha2Codes();
    // On failure the diff shows every code to add, drop or change.
    expect({ ...ALPHA2_TO_ALPHA3 }).toEqual(expected);
  });

  it.each([
    ['MX', 'MEX'],
    ['US', 'USA'],
    ['mx', 'MEX'],
    [' gb ', 'GBR'],
    ['XK', 'XKK'],
  ])('%j → %s', (alpha2, alpha3) => expect(toAlpha3(alpha2)).toBe(alpha3));

  it.each([['ZZ'], ['MEX'], [''], [null], [undefined], ['constructor'], ['__proto__']])('%j → null', (code) => expect(toAlpha3(code)).toBeNull());
});
