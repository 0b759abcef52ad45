import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookingConfig } from './config.js';
import { initialDraft } from './search-state.js';
import { loadSearch, restoredDraft, saveSearch, STORAGE_KEY, toStored, type StoredSearch } from './storage.js';
import { validateDraft } from './validation.js';

const config = bookingConfig({
  resorts: [
    { code: 'MTUL', name: 'Marea Tulum', destination: 'Riviera Maya' },
    { code: 'MPMT', name: 'Marea Punta Mita', destination: 'Riviera Nayarit' },
  ],
  airports: [{ code: 'DFW', name: 'Dallas/Fort Worth (DFW)' }],
  defaultResort: 'MTUL',
  maxRooms: 2,
  maxAdults: 3,
  maxChildren: 2,
});
const today = new Date(2026, 5, 15);
const stored: StoredSearch = {
  v: 1,
  mode: 'flight',
  resort: 'MPMT',
  airport: 'DFW',
  checkin: '2026-06-20',
  checkout: '2026-06-23',
  rooms: [{ adults: 2, children: 1, ages: [5] }],
  promo: 'MYCODE',
};

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('last search memory (localStorage)', () => {
  it('saves a search and restores it into the form, dates in the locale format', () => {
    saveSearch(stored);
    expect(restoredDraft(loadSearch(), config, 'es', today)).toEqual({
      mode: 'flight',
      resort: { code: 'MPMT', text: 'Marea Punta Mita' },
      airport: { code: 'DFW', text: 'Dallas/Fort Worth (DFW)' },
      checkin: '20/06/2026',
      checkout: '23/06/2026',
      rooms: [{ adults: 2, children: 1, ages: ['5'] }],
      promo: 'MYCODE',
    });
  });

  it('round-trips a validated search; a suggested promo code is not remembered', () => {
    const draft = { ...initialDraft(config), checkin: '06/20/2026', checkout: '06/21/2026' };
    const { search } = validateDraft(draft, { config, locale: 'en', today, suggestedPromo: 'WELCOME5' });
    expect(toStored(search!, draft)).toMatchObject({ resort: 'MTUL', checkin: '2026-06-20', promo: null, rooms: [{ adults: 2, children: 0, ages: [] }] });
    const typed = { ...draft, promo: ' mine1' };
    const typedSearch = validateDraft(typed, { config, locale: 'en', today, suggestedPromo: 'WELCOME5' }).search!;
    expect(toStored(typedSearch, typed).promo).toBe('MINE1');
  });

  it.each(['{not json', '"text"', '[1,2]', 'null', '{"v":2,"resort":"MTUL"}'])('ignores corrupt storage %s', (raw) => {
    window.localStorage.setItem(STORAGE_KEY, raw);
    expect(restoredDraft(loadSearch(), config, 'en', today)).toEqual({});
  });

  it('drops each field that no longer fits and keeps the others', () => {
    const restored = restoredDraft(
      { ...stored, mode: 'boat', resort: 'GONE', airport: 7, checkin: '2026-06-14', rooms: [{ adults: 4, children: 0, ages: [] }], promo: 'no spaces' },
      config,
      'en',
      today,
    );
    expect(restored).toEqual({});
    expect(restoredDraft({ ...stored, rooms: [{ adults: 1, children: 2, ages: [3] }] }, config, 'en', today).rooms).toBeUndefined();
    expect(restoredDraft({ ...stored, rooms: [{ adults: 1, children: 1, ages: [18] }] }, config, 'en', today).rooms).toBeUndefined();
    expect(restoredDraft({ ...stored, rooms: [stored.rooms[0], stored.rooms[0], stored.rooms[0]] }, config, 'en', today).rooms).toBeUndefined();
    expect(restoredDraft({ ...stored, checkout: '2026-08-01' }, config, 'en', today).checkin).toBeUndefined();
    expect(restoredDraft({ ...stored, checkout: '2026-06-20' }, config, 'en', today).checkin).toBeUndefined();
    expect(restoredDraft({ ...stored, checkin: 'x' }, config, 'en', today).mode).toBe('flight');
  });

  it('keeps going when storage is blocked', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(() => saveSearch(stored)).not.toThrow();
    expect(loadSearch()).toBeNull();
  });
});
