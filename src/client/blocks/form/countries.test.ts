import isoCountries from 'i18n-iso-countries';
import { describe, expect, it } from 'vitest';
import { countryOptions, toAlpha2 } from './countries.js';
import { loadedRegions, loadRegions, regionsOf } from './regions.js';

const label = (locale: 'en' | 'es', code: string) => countryOptions(locale).find((o) => o.value === code)?.label;

describe('country and region lists', () => {
  it('names every country in the page language (i18n-iso-countries)', () => {
    expect(label('en', 'MX')).toBe('Mexico');
    expect(label('es', 'MX')).toBe('México');
    expect(label('en', 'DE')).toBe('Germany');
    expect(label('es', 'DE')).toBe('Alemania');
    expect(countryOptions('en')).toHaveLength(countryOptions('es').length);
    expect(countryOptions('en').length).toBeGreaterThan(240);
  });

  it('sorts by name ignoring accents and case, the same everywhere', () => {
    const es = countryOptions('es').map((o) => o.label);
    expect(es.indexOf('Islandia')).toBeLessThan(es.indexOf('Islas Åland'));
    expect(es.indexOf('Austria')).toBeLessThan(es.indexOf('Azerbaiyán'));
    expect(es.indexOf('Alemania')).toBeLessThan(es.indexOf('Andorra'));
    const en = countryOptions('en').map((o) => o.label);
    expect(en.indexOf('Åland Islands')).toBeLessThan(en.indexOf('Albania'));
  });

  it("gives the package's own official names (read from its locale files without its runtime)", () => {
    for (const locale of ['en', 'es'] as const) {
      const official = isoCountries.getNames(locale, { select: 'official' });
      expect(Object.fromEntries(countryOptions(locale).map((o) => [o.value, o.label]))).toEqual(official);
    }
  });

  it('converts the site alpha-3 country codes (rule 30) to alpha-2, as the package does', () => {
    expect(toAlpha2('MEX')).toBe('MX');
    expect(toAlpha2('usa')).toBe('US');
    expect(toAlpha2('XXX')).toBe('');
    for (const alpha3 of Object.keys(isoCountries.getAlpha3Codes())) expect(toAlpha2(alpha3)).toBe(isoCountries.alpha3ToAlpha2(alpha3));
  });

  it('loads the regions of a country once, lazily (country-region-data)', async () => {
    expect(regionsOf('MX', null)).toBeNull();
    const table = await loadRegions();
    expect(await loadRegions()).toBe(table);
    expect(loadedRegions()).toBe(table);
    const mexico = regionsOf('MX', table)!;
    expect(mexico).toHaveLength(32);
    expect(mexico).toContain('Quintana Roo');
    expect(mexico).toContain('Jalisco');
    expect(regionsOf('US', table)).toContain('California');
    expect(regionsOf('ZZ', table)).toEqual([]);
  });
});
