import { LOCALES } from '../../shared/locales.js';
import type { Locale } from '../../shared/model.js';
import type { CmsClient } from './client.js';
import type { CollectionResponse } from './envelope.js';
import { mediaUrlsInResponses } from './media-urls.js';
import { cacheFileName, ENDPOINTS, type EndpointName, type RawSite } from './raw.js';
import { rawSite } from './raw-site.js';

/** A response as stored in `content-cache/api/`: a merged collection, or a single type's `{ data, meta }`. */
type StoredResponse = CollectionResponse | { data: unknown; meta: Record<string, unknown> };

export interface CrawlResult {
  raw: RawSite;
  /** Cache file name (`pages.es-MX.json`) → response, in a stable order. */
  responses: Map<string, StoredResponse>;
  /** Every media url referenced by the responses (relative to the CMS or absolute), sorted, unique. */
  media: string[];
}

interface Job {
  endpoint: EndpointName;
  locale: Locale | null;
  file: string;
}

/**
 * Reads every endpoint of the content contract: pages, layout, error page
 * and modals for each site locale, promo codes once. All requests start at
 * once; the client's limiter bounds how many are in flight.
 */
export async function crawl(config: { cmsLocales: Readonly<Record<Locale, string>> }, client: CmsClient): Promise<CrawlResult> {
  const jobs: Job[] = [];
  for (const endpoint of Object.keys(ENDPOINTS) as EndpointName[]) {
    const locales = ENDPOINTS[endpoint].localized ? LOCALES : [null];
    for (const locale of locales) {
      const cmsLocale = locale ? config.cmsLocales[locale] : undefined;
      jobs.push({ endpoint, locale, file: cacheFileName(endpoint, cmsLocale) });
    }
  }

  const results = await Promise.all(
    jobs.map(async ({ endpoint, locale }): Promise<StoredResponse> => {
      const cmsLocale = locale ? config.cmsLocales[locale] : undefined;
      if (ENDPOINTS[endpoint].collection) return client.fetchCollection(endpoint, cmsLocale);
      // Strapi sends `meta: {}` with a single type.
      return { data: await client.fetchSingle(endpoint, cmsLocale), meta: {} };
    }),
  );

  const responses = new Map<string, StoredResponse>();
  jobs.forEach((job, i) => responses.set(job.file, results[i]!));
  const data = [...responses.values()].map((response) => response.data);
  return {
    raw: rawSite('cms', config.cmsLocales, (endpoint, cmsLocale) => responses.get(cacheFileName(endpoint, cmsLocale))?.data),
    responses,
    media: mediaUrlsInResponses(data),
  };
}
