import { differenceInCalendarDays } from 'date-fns';
import type { Locale } from '../../../shared/model.js';
import { MAX_CHILD_AGE, type BookingConfig } from './config.js';
import { formatDisplay, fromIsoDate } from './dates.js';
import type { BookingMode, HandOff } from './engine-url.js';
import { airportOptions, resortOptions, type Option } from './options.js';
import { isPromoFormatValid } from './promo.js';
import type { BookingDraft, Choice, RoomDraft } from './search-state.js';
import { MAX_NIGHTS } from './validation.js';

/** The last search, kept in localStorage to pre-fill the next visit (booking widget, docs/architecture.md). */
export const STORAGE_KEY = 'marea:booking:last-search';

export interface StoredSearch {
  v: 1;
  mode: BookingMode;
  resort: string;
  airport: string;
  checkin: string;
  checkout: string;
  rooms: { adults: number; children: number; ages: number[] }[];
  /** Only a code the visitor typed: a suggested code is chosen afresh each visit (it may have expired). */
  promo: string | null;
}

export function toStored(search: HandOff, draft: BookingDraft): StoredSearch {
  return {
    v: 1,
    mode: search.mode,
    resort: search.resort,
    airport: draft.airport.code,
    checkin: search.checkin,
    checkout: search.checkout,
    rooms: draft.rooms.map((room) => ({ adults: room.adults, children: room.children, ages: room.ages.slice(0, room.children).map(Number) })),
    promo: draft.promo === null ? null : search.promo,
  };
}

/** Storage can be full, disabled or blocked (private modes, cookie settings): remembering is best effort. */
export function saveSearch(stored: StoredSearch): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // Not remembered; the search itself goes on.
  }
}

/** The stored search as raw JSON, or null when there is none, storage is blocked or the text is not JSON. */
export function loadSearch(): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? 'null');
    // isRecord (src/shared/records.ts) written out: imported here, the bundler splits it into a chunk of its own, one more file for every booking page.
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const count = (value: unknown, min: number, max: number): value is number => typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

function choice(options: Option[], code: unknown): Choice | undefined {
  const option = options.find((o) => o.value === code);
  return option && { code: option.value, text: option.label };
}

function rooms(value: unknown, limits: BookingConfig['limits']): RoomDraft[] | undefined {
  if (!Array.isArray(value) || !count(value.length, 1, limits.maxRooms)) return undefined;
  const parsed = value.map((room: unknown): RoomDraft | null => {
    const { adults, children, ages } = (room ?? {}) as Record<string, unknown>;
    if (!count(adults, 1, limits.maxAdults) || !count(children, 0, limits.maxChildren) || !Array.isArray(ages)) return null;
    if (ages.length !== children || !ages.every((age) => count(age, 0, MAX_CHILD_AGE))) return null;
    return { adults, children, ages: ages.map(String) };
  });
  return parsed.every((room): room is RoomDraft => room !== null) ? parsed : undefined;
}

function dates(stored: Record<string, unknown>, locale: Locale, today: Date): Pick<BookingDraft, 'checkin' | 'checkout'> | undefined {
  const checkin = fromIsoDate(String(stored.checkin));
  const checkout = fromIsoDate(String(stored.checkout));
  if (!checkin || !checkout || differenceInCalendarDays(checkin, today) < 0) return undefined;
  const nights = differenceInCalendarDays(checkout, checkin);
  if (nights < 1 || nights > MAX_NIGHTS) return undefined;
  return { checkin: formatDisplay(checkin, locale), checkout: formatDisplay(checkout, locale) };
}

/**
 * What the stored search can pre-fill, field by field: anything corrupt,
 * unknown to this block's content (a resort no longer offered), beyond its
 * limits or in the past is left out and that field keeps its default.
 */
export function restoredDraft(stored: Record<string, unknown> | null, config: BookingConfig, locale: Locale, today: Date): Partial<BookingDraft> {
  if (!stored || stored.v !== 1) return {};
  const draft: Partial<BookingDraft> = {};
  if (stored.mode === 'hotel' || stored.mode === 'flight') draft.mode = stored.mode;
  const resort = choice(resortOptions(config.resorts), stored.resort);
  if (resort) draft.resort = resort;
  const airport = choice(airportOptions(config.airports), stored.airport);
  if (airport) draft.airport = airport;
  Object.assign(draft, dates(stored, locale, today));
  const guests = rooms(stored.rooms, config.limits);
  if (guests) draft.rooms = guests;
  if (typeof stored.promo === 'string' && isPromoFormatValid(stored.promo)) draft.promo = stored.promo;
  return draft;
}
