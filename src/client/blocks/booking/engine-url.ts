import { isEnginePlaceholder, type EnginePlaceholder } from '../../../shared/booking.js';
import type { Locale } from '../../../shared/model.js';

export type BookingMode = 'hotel' | 'flight';

/** A valid search, flat: what the engine URL and the `bookingSearch` event carry. */
export interface HandOff {
  mode: BookingMode;
  resort: string;
  /** Empty in Hotel mode. */
  airport: string;
  /** `yyyy-MM-dd`. */
  checkin: string;
  checkout: string;
  nights: number;
  rooms: number;
  /** Totals over all rooms. */
  adults: number;
  children: number;
  /** Every child's age, room by room. */
  ages: number[];
  /** Upper case, may be empty. */
  promo: string;
  lang: Locale;
}

/** The text each placeholder stands for, before URL encoding. */
export function placeholderValues(search: HandOff): Record<EnginePlaceholder, string> {
  return {
    resort: search.resort,
    airport: search.mode === 'flight' ? search.airport : '',
    checkin: search.checkin,
    checkout: search.checkout,
    rooms: String(search.rooms),
    adults: String(search.adults),
    children: String(search.children),
    ages: search.ages.join(','),
    promo: search.promo,
    lang: search.lang,
    mode: search.mode,
  };
}

/**
 * The hand-off URL: each `{name}` of the template replaced by its
 * URL-encoded value (`encodeURIComponent`, so `3,7` is `3%2C7`); an unknown
 * `{name}` is left out (the build already warned about it). The page's
 * `utm_*` parameters are appended so the engine keeps the campaign; a
 * parameter the template sets itself stays as the template says.
 */
export function engineUrl(template: string, search: HandOff, pageSearch = ''): string {
  const values = placeholderValues(search);
  const filled = template.replace(/\{([^{}]*)\}/g, (_, name: string) => (isEnginePlaceholder(name) ? encodeURIComponent(values[name]) : ''));
  return withUtm(filled, pageSearch);
}

/** Appends the page's `utm_*` query parameters (any case of the prefix) the URL does not have yet. */
export function withUtm(url: string, pageSearch: string): string {
  const utm = [...new URLSearchParams(pageSearch)].filter(([key]) => key.toLowerCase().startsWith('utm_'));
  if (utm.length === 0) return url;
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const queryAt = base.indexOf('?');
  const present = new URLSearchParams(queryAt === -1 ? '' : base.slice(queryAt + 1));
  const added = utm.filter(([key]) => !present.has(key)).map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`);
  if (added.length === 0) return url;
  const joiner = queryAt === -1 ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${joiner}${added.join('&')}${hash}`;
}
