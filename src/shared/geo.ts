import type { Countries } from './model.js';

/**
 * Spec §5: an item is geolocated to a visitor when its country list
 * includes the visitor's country, or the list is empty, or there is none.
 */
export function isGeolocated(countries: Countries | undefined, country: string): boolean {
  if (!countries || countries.length === 0) return true;
  return countries.includes(country.toUpperCase());
}

/** Keeps the items geolocated to the visitor (blocks of a zone, promo codes). */
export function geolocated<T extends { countries: Countries }>(items: readonly T[], country: string): T[] {
  return items.filter((item) => isGeolocated(item.countries, country));
}
