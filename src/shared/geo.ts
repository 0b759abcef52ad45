import type { Countries } from './model.js';
import { LIST_ERRORS, StatusError } from './errors.js';

/**
 * Spec §5: an item is geolocated to a visitor when its country list
 * includes the visitor's country, or the list is empty, or there is none.
 */
export function isGeolocated(countries: Countries | undefined, country: string): boolean {
  if (!countries || countries.length === 0) return true;
  return countries.includes(country.toUpperCase());
}

/**
 * Spec §5, rule 30: the first item of a geolocated list for the visitor's
 * country. A list that is not an array is the spec's 503.
 */
export function firstGeolocated<T extends { countries: Countries }>(items: unknown, country: string): T | null {
  if (!Array.isArray(items)) throw new StatusError(503, LIST_ERRORS.items);
  return (items as T[]).find((item) => isGeolocated(item.countries, country)) ?? null;
}

/** Keeps the items geolocated to the visitor (blocks of a zone, promo codes). */
export function geolocated<T extends { countries: Countries }>(items: readonly T[], country: string): T[] {
  return items.filter((item) => isGeolocated(item.countries, country));
}
