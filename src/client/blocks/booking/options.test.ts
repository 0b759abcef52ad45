import { describe, expect, it } from 'vitest';
import { airportOptions, exactOption, filterOptions, groupOptions, resortOptions } from './options.js';

const resorts = resortOptions([
  { code: 'MTUL', name: 'Marea Tulum', destination: 'Riviera Maya' },
  { code: 'MPMT', name: 'Marea Punta Mita', destination: 'Riviera Nayarit' },
  { code: 'MPDC', name: 'Marea Playa del Carmen', destination: 'Riviera Maya' },
]);
const airports = airportOptions([
  { code: 'MEX', name: 'Ciudad de México (MEX)' },
  { code: 'CUN', name: 'Cancún' },
]);

describe('combobox options', () => {
  it('groups resorts by destination in order of first appearance', () => {
    expect(groupOptions(resorts).map((g) => [g.group, g.options.map((o) => o.value)])).toEqual([
      ['Riviera Maya', ['MTUL', 'MPDC']],
      ['Riviera Nayarit', ['MPMT']],
    ]);
  });

  it('labels airports with their code once', () => {
    expect(airports.map((a) => a.label)).toEqual(['Ciudad de México (MEX)', 'Cancún (CUN)']);
  });

  it('filters on name, code and destination, ignoring case and accents, every word', () => {
    expect(filterOptions(resorts, 'nayarit').map((o) => o.value)).toEqual(['MPMT']);
    expect(filterOptions(resorts, 'maya playa').map((o) => o.value)).toEqual(['MPDC']);
    expect(filterOptions(airports, 'mexico').map((o) => o.value)).toEqual(['MEX']);
    expect(filterOptions(airports, 'CANCUN').map((o) => o.value)).toEqual(['CUN']);
    expect(filterOptions(airports, 'cun').map((o) => o.value)).toEqual(['CUN']);
    expect(filterOptions(airports, '  ')).toHaveLength(2);
    expect(filterOptions(airports, 'zzz')).toEqual([]);
  });

  it('finds the option a text names exactly, by label or by code', () => {
    expect(exactOption(airports, 'cun')?.value).toBe('CUN');
    expect(exactOption(airports, 'ciudad de mexico (mex)')?.value).toBe('MEX');
    expect(exactOption(resorts, 'Marea')).toBeUndefined();
    expect(exactOption(resorts, '')).toBeUndefined();
  });
});
