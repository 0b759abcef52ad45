import { describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json';
import es from '../../../../locales/es.json';
import { bookingConfig, DEFAULT_LIMITS } from './config.js';

const keys = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object' ? Object.entries(value).flatMap(([key, child]) => keys(child, `${prefix}${key}.`)) : [prefix];

describe('booking config (blocks.booking props)', () => {
  it('reads lists, defaults and limits, dropping entries without a code', () => {
    const config = bookingConfig({
      resorts: [{ code: 'MTUL', name: 'Marea Tulum', destination: 'Riviera Maya' }, { name: 'No code' }],
      airports: [{ code: ' dfw ', name: '' }],
      defaultAirport: 'dfw',
      maxRooms: 3.7,
      maxAdults: 0,
      maxChildren: -2,
    });
    expect(config.resorts).toEqual([{ code: 'MTUL', name: 'Marea Tulum', destination: 'Riviera Maya' }]);
    expect(config.airports).toEqual([{ code: 'DFW', name: 'DFW' }]);
    expect(config.defaultAirport).toBe('DFW');
    expect(config.limits).toEqual({ maxRooms: 3, maxAdults: 1, maxChildren: 0 });
    expect(bookingConfig({}).limits).toEqual(DEFAULT_LIMITS);
  });

  it('Groups: the modal when the content names one, else groupsUrl, else nothing', () => {
    expect(bookingConfig({ groupsModal: 'groups-request', groupsUrl: 'https://g.example' }, 'Groups').groups).toEqual({ kind: 'modal', label: 'Groups', modal: 'groups-request' });
    expect(bookingConfig({ groupsModal: null, groupsUrl: 'https://g.example' }, 'Groups').groups).toEqual({ kind: 'external', label: 'Groups', url: 'https://g.example' });
    expect(bookingConfig({}).groups).toBeNull();
  });

  it('keeps promocodes as they came, for selectPromo to judge (spec §5: a payload not written by this build)', () => {
    expect(bookingConfig({ promocodes: 'oops' as never }).promocodes).toBe('oops');
  });

  it('has every booking message in both locale files', () => {
    expect(keys(es.booking).sort()).toEqual(keys(en.booking).sort());
  });
});
