// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isActive } from './dates.js';
import { geolocated, isGeolocated } from './geo.js';

describe('spec §5 / rule 30: geolocation', () => {
  it('keeps an item listing the country, with an empty list, or with none', () => {
    expect(isGeolocated(['MEX', 'USA'], 'MEX')).toBe(true);
    expect(isGeolocated(['MEX'], 'usa')).toBe(false);
    expect(isGeolocated([], 'USA')).toBe(true);
    expect(isGeolocated(null, 'USA')).toBe(true);
    expect(isGeolocated(undefined, 'USA')).toBe(true);
  });

  it('keeps the items geolocated to the visitor', () => {
    const items = [
      { id: 1, countries: ['MEX'] },
      { id: 2, countries: null },
    ];
    expect(geolocated(items, 'MEX').map((i) => i.id)).toEqual([1, 2]);
    expect(geolocated(items, 'USA').map((i) => i.id)).toEqual([2]);
  });
});

describe('rule 29: active dates in UTC', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  it.each([
    [{}, true],
    [{ startdate: null, enddate: null }, true],
    [{ startdate: '2026-06-01T00:00:00Z' }, true],
    [{ startdate: '2026-06-16T00:00:00Z' }, false],
    [{ enddate: '2026-06-15T11:59:59Z' }, false],
    [{ enddate: '2026-06-15' }, true],
    [{ enddate: '2026-06-14' }, false],
    [{ startdate: '2026-06-15', enddate: '2026-06-15' }, true],
    [{ startdate: '2026-06-01', enddate: '2026-06-30' }, true],
    [{ startdate: '2025-01-01', enddate: '2025-12-31' }, false],
  ])('%j → %s', (item, active) => expect(isActive(item, now)).toBe(active));

  it('reads zone-less times as UTC, whatever the machine zone', () => {
    expect(isActive({ startdate: '2026-06-15T12:00:01' }, now)).toBe(false);
    expect(isActive({ startdate: '2026-06-15T11:59:59' }, now)).toBe(true);
  });
});
