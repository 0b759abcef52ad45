import { LOCALES } from '../../shared/locales.js';
import type { Locale } from '../../shared/model.js';
import { newestUpdate } from './newest-update.js';
import type { EndpointName, RawSite } from './raw.js';

/**
 * Assembles a `RawSite` from the `data` of each endpoint (shared with the cache reader). `newest`: a long-running
 * builder's memo of each entry's newest update (newest-update.ts), so an unchanged entry is not walked again.
 */
export function rawSite(
  source: RawSite['source'],
  cmsLocales: Readonly<Record<Locale, string>>,
  dataOf: (endpoint: EndpointName, cmsLocale?: string) => unknown,
  newest?: WeakMap<object, number>,
): RawSite {
  const perLocale = (endpoint: EndpointName, missing: unknown): Record<Locale, unknown> => {
    const entries = LOCALES.map((locale) => [locale, dataOf(endpoint, cmsLocales[locale]) ?? missing]);
    return Object.fromEntries(entries) as Record<Locale, unknown>;
  };
  const site: Omit<RawSite, 'newestUpdate'> = {
    source,
    cmsLocales: { ...cmsLocales },
    pages: perLocale('pages', []),
    layout: perLocale('layout', null),
    errorPage: perLocale('error-page', null),
    modals: perLocale('modals', []),
    promoCodes: dataOf('promo-codes') ?? [],
  };
  const all = [...Object.values(site.pages), ...Object.values(site.layout), ...Object.values(site.errorPage), ...Object.values(site.modals), site.promoCodes];
  return { ...site, newestUpdate: newestUpdate(all, newest) };
}
