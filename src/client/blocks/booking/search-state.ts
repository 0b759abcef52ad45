import type { BookingConfig } from './config.js';
import type { BookingMode } from './engine-url.js';
import { airportOptions, resortOptions, type Option } from './options.js';

/** A combobox's state: the chosen code and the text in the box (kept as typed, even when it matches nothing). */
export interface Choice {
  code: string;
  text: string;
}

export interface RoomDraft {
  adults: number;
  children: number;
  /** One entry per child: '' until chosen, else '0'…'17'. */
  ages: string[];
}

/**
 * The form as the visitor left it. Nothing here is ever cleared by
 * validation: an invalid search keeps every value typed (nothing typed is lost).
 */
export interface BookingDraft {
  mode: BookingMode;
  resort: Choice;
  airport: Choice;
  /** As typed or picked, in the locale's display format (dates.ts). */
  checkin: string;
  checkout: string;
  rooms: RoomDraft[];
  /** null while the visitor has not typed one: the field shows the suggested code (promo.ts). */
  promo: string | null;
}

export type DraftAction =
  | { type: 'mode'; mode: BookingMode }
  | { type: 'resort' | 'airport'; choice: Choice }
  | { type: 'dates'; checkin?: string; checkout?: string }
  | { type: 'addRoom'; maxRooms: number; maxAdults: number }
  | { type: 'removeRoom'; room: number }
  | { type: 'adults' | 'children'; room: number; count: number }
  | { type: 'age'; room: number; child: number; age: string }
  | { type: 'promo'; text: string }
  | { type: 'restore'; draft: Partial<BookingDraft> };

/** Guests of a new room: two adults (or the most allowed), no children. */
const newRoom = (maxAdults: number): RoomDraft => ({ adults: Math.min(2, maxAdults), children: 0, ages: [] });

const choiceOf = (options: Option[], code: string): Choice => {
  const option = options.find((o) => o.value === code);
  return option ? { code: option.value, text: option.label } : { code: '', text: '' };
};

/**
 * The server-rendered defaults: the content's default resort and airport,
 * Hotel mode, one room, no dates (they depend on "today", which only the
 * browser knows: they are filled after hydration).
 */
export function initialDraft(config: BookingConfig): BookingDraft {
  return {
    mode: 'hotel',
    resort: choiceOf(resortOptions(config.resorts), config.defaultResort),
    airport: choiceOf(airportOptions(config.airports), config.defaultAirport),
    checkin: '',
    checkout: '',
    rooms: [newRoom(config.limits.maxAdults)],
    promo: null,
  };
}

function updateRoom(draft: BookingDraft, index: number, update: (room: RoomDraft) => RoomDraft): BookingDraft {
  return { ...draft, rooms: draft.rooms.map((room, i) => (i === index ? update(room) : room)) };
}

/** Keeps the ages already chosen when the number of children changes. */
const resizeAges = (ages: string[], count: number): string[] => Array.from({ length: count }, (_, i) => ages[i] ?? '');

export function draftReducer(draft: BookingDraft, action: DraftAction): BookingDraft {
  switch (action.type) {
    case 'mode':
      return { ...draft, mode: action.mode };
    case 'resort':
    case 'airport':
      return { ...draft, [action.type]: action.choice };
    case 'dates':
      return { ...draft, checkin: action.checkin ?? draft.checkin, checkout: action.checkout ?? draft.checkout };
    case 'addRoom':
      return draft.rooms.length >= action.maxRooms ? draft : { ...draft, rooms: [...draft.rooms, newRoom(action.maxAdults)] };
    case 'removeRoom':
      return draft.rooms.length <= 1 ? draft : { ...draft, rooms: draft.rooms.filter((_, i) => i !== action.room) };
    case 'adults':
      return updateRoom(draft, action.room, (room) => ({ ...room, adults: action.count }));
    case 'children':
      return updateRoom(draft, action.room, (room) => ({ ...room, children: action.count, ages: resizeAges(room.ages, action.count) }));
    case 'age':
      return updateRoom(draft, action.room, (room) => ({ ...room, ages: room.ages.map((age, i) => (i === action.child ? action.age : age)) }));
    case 'promo':
      return { ...draft, promo: action.text };
    case 'restore':
      return { ...draft, ...action.draft };
  }
}
