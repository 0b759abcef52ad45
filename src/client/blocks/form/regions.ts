/**
 * States and regions per country (country-region-data). The data set is
 * ~46 KB gzip, a third of the whole first-view budget (130 KB), so it is a
 * chunk of its own, loaded after hydration by the forms that need it; the
 * static HTML offers a text box for the state until then (CountryStateField).
 */
export type RegionTable = ReadonlyMap<string, readonly string[]>;

let table: RegionTable | null = null;
let pending: Promise<RegionTable> | null = null;

/** The loaded table, or null before `loadRegions()` resolved. */
export const loadedRegions = (): RegionTable | null => table;

/** Loads the table once; concurrent and later calls share the same promise. */
export function loadRegions(): Promise<RegionTable> {
  pending ??= import('country-region-data').then(({ allCountries }) => {
    // [country name, alpha-2, [[region name, short code?], …]]
    table = new Map(allCountries.map(([, code, regions]) => [code as string, regions.map(([name]) => name as string)]));
    return table;
  });
  // A failed chunk load may be retried by the next form that asks.
  pending.catch(() => {
    pending = null;
  });
  return pending;
}

/** Region names of a country (alpha-2); null when the table is not loaded, [] when the country has none. */
export function regionsOf(country: string, regions: RegionTable | null): readonly string[] | null {
  if (!regions) return null;
  return regions.get(country) ?? [];
}
