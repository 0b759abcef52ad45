import { describe, expect, it } from 'vitest';
import { ENGINE_PLACEHOLDERS } from '../../../shared/booking.js';
import { engineUrl, placeholderValues, withUtm, type HandOff } from './engine-url.js';

const search: HandOff = {
  mode: 'flight',
  resort: 'MTUL',
  airport: 'DFW',
  checkin: '2026-07-01',
  checkout: '2026-07-05',
  nights: 4,
  rooms: 2,
  adults: 3,
  children: 2,
  ages: [3, 11],
  promo: 'SUMMER26',
  lang: 'es',
};

const EVERY = 'https://book.example/s?r={resort}&a={airport}&i={checkin}&o={checkout}&n={rooms}&ad={adults}&ch={children}&ag={ages}&p={promo}&l={lang}&m={mode}';

describe('booking hand-off URL (content contract)', () => {
  it('fills every placeholder of the contract', () => {
    expect(engineUrl(EVERY, search)).toBe('https://book.example/s?r=MTUL&a=DFW&i=2026-07-01&o=2026-07-05&n=2&ad=3&ch=2&ag=3%2C11&p=SUMMER26&l=es&m=flight');
    expect(Object.keys(placeholderValues(search)).sort()).toEqual([...ENGINE_PLACEHOLDERS].sort());
  });

  it('leaves the airport empty in Hotel mode, and the ages and promo empty when there are none', () => {
    const hotel = { ...search, mode: 'hotel' as const, children: 0, ages: [], promo: '' };
    expect(engineUrl(EVERY, hotel)).toBe('https://book.example/s?r=MTUL&a=&i=2026-07-01&o=2026-07-05&n=2&ad=3&ch=0&ag=&p=&l=es&m=hotel');
  });

  it('URL-encodes each value', () => {
    const odd = { ...search, resort: 'MT UL/&?#', promo: 'A+B' };
    expect(engineUrl('https://book.example/{resort}?p={promo}', odd)).toBe('https://book.example/MT%20UL%2F%26%3F%23?p=A%2BB');
  });

  it('leaves unknown placeholders out', () => {
    expect(engineUrl('https://book.example/?r={resort}&x={hotelId}&y={}&z={ lang }', search)).toBe('https://book.example/?r=MTUL&x=&y=&z=');
  });

  it('fills a placeholder used twice, and leaves text without braces alone', () => {
    expect(engineUrl('https://book.example/{lang}/search?lang={lang}&fixed=1', search)).toBe('https://book.example/es/search?lang=es&fixed=1');
  });

  it("carries the page's utm_* parameters, not the others", () => {
    const url = engineUrl('https://book.example/s?r={resort}', search, '?utm_source=mail&utm_campaign=summer%2026&gclid=x&page=2');
    expect(url).toBe('https://book.example/s?r=MTUL&utm_source=mail&utm_campaign=summer%2026');
    const parsed = new URL(url);
    expect(parsed.searchParams.get('utm_campaign')).toBe('summer 26');
    expect(parsed.searchParams.has('gclid')).toBe(false);
  });

  it('adds a query to a template without one and keeps the hash last', () => {
    expect(withUtm('https://book.example/s', 'utm_source=a')).toBe('https://book.example/s?utm_source=a');
    expect(withUtm('https://book.example/s?x=1#step2', '?utm_medium=b')).toBe('https://book.example/s?x=1&utm_medium=b#step2');
    expect(withUtm('https://book.example/s?', '?utm_medium=b')).toBe('https://book.example/s?utm_medium=b');
  });

  it('keeps a utm parameter the template sets itself', () => {
    expect(withUtm('https://book.example/s?utm_source=site', '?utm_source=mail&utm_term=x')).toBe('https://book.example/s?utm_source=site&utm_term=x');
  });

  it('returns the URL unchanged when the page has no utm parameter', () => {
    expect(withUtm('https://book.example/s?x=1', '')).toBe('https://book.example/s?x=1');
    expect(withUtm('https://book.example/s?x=1', '?ref=home')).toBe('https://book.example/s?x=1');
  });
});
