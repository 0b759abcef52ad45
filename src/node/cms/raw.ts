import type { Locale } from '../../shared/model.js';

/**
 * What the content client hands to normalisation: the `data` of every
 * endpoint response, untouched (Strapi 4 `attributes` or Strapi 5 flat),
 * with all pages of a paginated collection concatenated in order.
 * Nothing here is trusted: normalisation validates every field.
 */
export interface RawSite {
  /** Where the content came from. */
  source: 'cms' | 'cache';
  /** Site locale → CMS locale code (CMS_LOCALES, e.g. `en:en,es:es-MX`). */
  cmsLocales: Record<Locale, string>;
  /** `GET /api/pages?locale=…` data items, per site locale. */
  pages: Record<Locale, unknown>;
  /** `GET /api/layout?locale=…` data (single type), per site locale; null when the CMS has none. */
  layout: Record<Locale, unknown>;
  /** `GET /api/error-page?locale=…` data, per site locale; null when the CMS has none. */
  errorPage: Record<Locale, unknown>;
  /** `GET /api/modals?locale=…` data items, per site locale. */
  modals: Record<Locale, unknown>;
  /** `GET /api/promo-codes` data items (not localized). */
  promoCodes: unknown;
  /** Newest `updatedAt` seen in any response, ISO string, or null. */
  newestUpdate: string | null;
}

/** The endpoints of the content contract, named as in the cache files. */
export const ENDPOINTS = {
  pages: { path: '/api/pages', localized: true, collection: true },
  layout: { path: '/api/layout', localized: true, collection: false },
  'error-page': { path: '/api/error-page', localized: true, collection: false },
  modals: { path: '/api/modals', localized: true, collection: true },
  'promo-codes': { path: '/api/promo-codes', localized: false, collection: true },
} as const;

export type EndpointName = keyof typeof ENDPOINTS;

/**
 * Cache file of an endpoint in `content-cache/api/`: `pages.es-MX.json`,
 * `promo-codes.json`. Each holds one merged Strapi response
 * `{ data, meta }` exactly as the CMS sent it (all pages concatenated).
 */
export function cacheFileName(endpoint: EndpointName, cmsLocale?: string): string {
  return ENDPOINTS[endpoint].localized ? `${endpoint}.${cmsLocale}.json` : `${endpoint}.json`;
}
