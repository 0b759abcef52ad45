import { differenceInCalendarDays } from 'date-fns';
import type { Locale } from '../../../shared/model.js';
import { MAX_CHILD_AGE, type BookingConfig } from './config.js';
import { parseDisplay, toIsoDate } from './dates.js';
import type { HandOff } from './engine-url.js';
import { isPromoFormatValid, normalisePromo } from './promo.js';
import type { BookingDraft, Choice, RoomDraft } from './search-state.js';

/** A stay is 1 to 30 nights (booking widget, docs/architecture.md). */
const MIN_NIGHTS = 1;
export const MAX_NIGHTS = 30;

/** Message keys under `booking.errors` in locales/*.json; `values` are interpolated. */
type ErrorKey =
  | 'resortRequired'
  | 'resortUnknown'
  | 'airportRequired'
  | 'airportUnknown'
  | 'dateRequired'
  | 'dateFormat'
  | 'datePast'
  | 'checkoutBeforeCheckin'
  | 'tooManyNights'
  | 'roomsRange'
  | 'adultsRange'
  | 'childrenRange'
  | 'ageRequired'
  | 'ageRange'
  | 'promoFormat';

interface FieldError {
  key: ErrorKey;
  values?: Record<string, number>;
}

/** Field id → its error, in the order of the form (the first is focused on submit). */
export type FieldErrors = Record<string, FieldError>;

/** The ids errors are filed under; the form gives its inputs matching ids. */
export const FIELD = {
  resort: 'resort',
  airport: 'airport',
  checkin: 'checkin',
  checkout: 'checkout',
  rooms: 'rooms',
  adults: (room: number) => `room-${room}-adults`,
  children: (room: number) => `room-${room}-children`,
  age: (room: number, child: number) => `room-${room}-age-${child}`,
  promo: 'promo',
} as const;

export interface ValidationContext {
  config: Pick<BookingConfig, 'resorts' | 'airports' | 'limits'>;
  locale: Locale;
  /** The visitor's local day: earlier dates are refused. */
  today: Date;
  /** The code the field shows while the visitor has not typed one (promo.ts `selectPromo`). */
  suggestedPromo?: string;
}

const inRange = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max;

function choiceError(choice: Choice, codes: string[], required: ErrorKey, unknown: ErrorKey): FieldError | null {
  if (codes.includes(choice.code)) return null;
  return { key: choice.text.trim() === '' ? required : unknown };
}

function dateErrors(draft: BookingDraft, ctx: ValidationContext, errors: FieldErrors): [Date, Date] | null {
  const dates = [draft.checkin, draft.checkout].map((text, i) => {
    const field = i === 0 ? FIELD.checkin : FIELD.checkout;
    const date = parseDisplay(text, ctx.locale);
    if (text.trim() === '') errors[field] = { key: 'dateRequired' };
    else if (!date) errors[field] = { key: 'dateFormat' };
    else if (differenceInCalendarDays(date, ctx.today) < 0) errors[field] = { key: 'datePast' };
    return date;
  });
  const [checkin, checkout] = dates;
  if (!checkin || !checkout || errors[FIELD.checkin] || errors[FIELD.checkout]) return null;
  const nights = differenceInCalendarDays(checkout, checkin);
  if (nights < MIN_NIGHTS) errors[FIELD.checkout] = { key: 'checkoutBeforeCheckin' };
  else if (nights > MAX_NIGHTS) errors[FIELD.checkout] = { key: 'tooManyNights', values: { max: MAX_NIGHTS } };
  return errors[FIELD.checkout] ? null : [checkin, checkout];
}

function roomErrors(rooms: RoomDraft[], ctx: ValidationContext, errors: FieldErrors): void {
  const { maxRooms, maxAdults, maxChildren } = ctx.config.limits;
  if (!inRange(rooms.length, 1, maxRooms)) errors[FIELD.rooms] = { key: 'roomsRange', values: { max: maxRooms } };
  rooms.forEach((room, r) => {
    if (!inRange(room.adults, 1, maxAdults)) errors[FIELD.adults(r)] = { key: 'adultsRange', values: { max: maxAdults } };
    if (!inRange(room.children, 0, maxChildren)) errors[FIELD.children(r)] = { key: 'childrenRange', values: { max: maxChildren } };
    room.ages.slice(0, room.children).forEach((age, c) => {
      if (age.trim() === '') errors[FIELD.age(r, c)] = { key: 'ageRequired' };
      else if (!/^\d{1,2}$/.test(age.trim()) || !inRange(Number(age), 0, MAX_CHILD_AGE)) errors[FIELD.age(r, c)] = { key: 'ageRange', values: { max: MAX_CHILD_AGE } };
    });
    for (let c = room.ages.length; c < room.children; c++) errors[FIELD.age(r, c)] = { key: 'ageRequired' };
  });
}

/**
 * The booking widget's validation matrix: a known resort; in Flight + Hotel mode
 * a known airport; dates typed in the locale's format, none in the past,
 * 1–30 nights; rooms 1..maxRooms, per room adults 1..maxAdults and children
 * 0..maxChildren, an age 0–17 for each child; a promo code of the right
 * format (normalised to upper case). A valid draft gives the hand-off search.
 */
export function validateDraft(draft: BookingDraft, ctx: ValidationContext): { errors: FieldErrors; search: HandOff | null } {
  const errors: FieldErrors = {};
  const resort = choiceError(
    draft.resort,
    ctx.config.resorts.map((r) => r.code),
    'resortRequired',
    'resortUnknown',
  );
  if (resort) errors[FIELD.resort] = resort;
  if (draft.mode === 'flight') {
    const airport = choiceError(
      draft.airport,
      ctx.config.airports.map((a) => a.code),
      'airportRequired',
      'airportUnknown',
    );
    if (airport) errors[FIELD.airport] = airport;
  }
  const stay = dateErrors(draft, ctx, errors);
  roomErrors(draft.rooms, ctx, errors);
  const promo = normalisePromo(draft.promo ?? ctx.suggestedPromo ?? '');
  if (!isPromoFormatValid(promo)) errors[FIELD.promo] = { key: 'promoFormat' };
  if (Object.keys(errors).length > 0 || !stay) return { errors, search: null };
  const ages = draft.rooms.flatMap((room) => room.ages.slice(0, room.children).map(Number));
  return {
    errors,
    search: {
      mode: draft.mode,
      resort: draft.resort.code,
      airport: draft.mode === 'flight' ? draft.airport.code : '',
      checkin: toIsoDate(stay[0]),
      checkout: toIsoDate(stay[1]),
      nights: differenceInCalendarDays(stay[1], stay[0]),
      rooms: draft.rooms.length,
      adults: draft.rooms.reduce((sum, room) => sum + room.adults, 0),
      children: ages.length,
      ages,
      promo,
      lang: ctx.locale,
    },
  };
}
