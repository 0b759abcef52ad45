import pLimit from 'p-limit';
import { readCollectionPage, readSingle, wholeCollection, type CollectionResponse } from './envelope.js';
import { getJson, type JsonOptions, type RequestOptions } from './http.js';
import { HttpError } from './http-error.js';
import { MalformedResponseError } from './malformed-response-error.js';
import { populateParams } from './populate.js';
import { ENDPOINTS, type EndpointName } from './raw.js';

/** Strapi's default `maxLimit`: a larger page size is silently capped to it. */
const PAGE_SIZE = 100;

/**
 * The most pages the crawl requests for one collection (of one locale): 1 000
 * pages of 100 = 100 000 entries, some 20 times the largest site Marea builds
 * (the N=5 000 benchmark). A CMS that claims more is lying or misconfigured:
 * believing it would send that many requests and hold every page in memory
 * (`pageCount: 1e7` ran the build out of memory), so the crawl fails instead.
 */
export const MAX_PAGES_PER_COLLECTION = 1_000;
/** The most entries one collection may hold: `MAX_PAGES_PER_COLLECTION` full pages. */
export const MAX_ENTRIES_PER_COLLECTION = MAX_PAGES_PER_COLLECTION * PAGE_SIZE;

export interface CmsClientOptions {
  /** CMS origin, e.g. `http://127.0.0.1:1337` (no trailing slash needed). */
  url: string;
  /** API token, sent as `Authorization: Bearer …` when set. */
  token?: string | null | undefined;
  /** Time limit of one attempt. Default 15 000 ms. */
  timeoutMs?: number | undefined;
  /** Retries on 5xx, 429, network errors and timeouts. Default 3. */
  retries?: number | undefined;
  /** Backoff base in ms. Default 250. */
  backoffMs?: number | undefined;
  /** Requests in flight at once, over every call of this client. Default 6. */
  concurrency?: number | undefined;
  /** `CMS_MAX_BYTES`: the largest answer read; a larger one fails the request. Default 50 MB (`DEFAULT_CMS_MAX_BYTES`). */
  maxBytes?: number | undefined;
}

export interface CmsClient {
  /** The CMS origin, without trailing slash. */
  readonly url: string;
  /** Request options (token, timeout, retries, shared limiter) for other requests to the CMS, e.g. media. */
  readonly requestOptions: Readonly<RequestOptions>;
  /**
   * Every entry of a collection in one merged response: page 1 first, then
   * the other pages concurrently, `data` concatenated in page order and
   * `meta.pagination` rewritten as if one page held them all.
   */
  fetchCollection(endpoint: EndpointName, cmsLocale?: string): Promise<CollectionResponse>;
  /** The `data` of a single type (Strapi 4 or 5 shape, untouched), or null when the CMS has none (404); `draft`: its draft (preview). */
  fetchSingle(endpoint: EndpointName, cmsLocale?: string, status?: DocumentStatus): Promise<unknown>;
  /**
   * One document of a collection by its Strapi 5 `documentId`, populated as
   * the crawl populates it, or null when that locale has no such document
   * (or, by default, no published version of it). The webhook service reads
   * a published page this way; the draft preview reads drafts.
   */
  fetchDocument(endpoint: EndpointName, cmsLocale: string | undefined, documentId: string, status?: DocumentStatus): Promise<unknown>;
}

/** Strapi 5's `status` parameter: the published version (default) or the draft. */
type DocumentStatus = 'published' | 'draft';

const DEFAULT_CONCURRENCY = 6;

export function createCmsClient(options: CmsClientOptions): CmsClient {
  const base = options.url.replace(/\/+$/, '');
  const requestOptions: RequestOptions = Object.freeze({
    token: options.token,
    timeoutMs: options.timeoutMs,
    retries: options.retries,
    backoffMs: options.backoffMs,
    limit: pLimit(options.concurrency ?? DEFAULT_CONCURRENCY),
  });
  // JSON answers only: media have their own cap (MEDIA_MAX_BYTES, media-download.ts).
  const jsonOptions: JsonOptions = { ...requestOptions, maxBytes: options.maxBytes };

  async function fetchPage(url: string, page: number): Promise<CollectionResponse> {
    const response = readCollectionPage(await getJson(url, jsonOptions), url);
    const { pageCount, total, pageSize } = response.meta.pagination;
    if (pageCount > MAX_PAGES_PER_COLLECTION || total > MAX_ENTRIES_PER_COLLECTION) {
      throw new MalformedResponseError(
        url,
        `the collection claims ${total} entries in ${pageCount} pages of ${pageSize}, more than the ${MAX_ENTRIES_PER_COLLECTION} entries (${MAX_PAGES_PER_COLLECTION} pages of ${PAGE_SIZE}) Marea reads from one collection`,
      );
    }
    // A server that ignores `pagination[page]` would repeat page 1 forever.
    if (response.meta.pagination.page !== page) {
      throw new MalformedResponseError(url, `asked for page ${page}, got page ${response.meta.pagination.page}`);
    }
    return response;
  }

  return {
    url: base,
    requestOptions,

    async fetchCollection(endpoint, cmsLocale) {
      expectKind(endpoint, true);
      const pageUrl = (page: number) => endpointUrl(base, endpoint, cmsLocale, page);
      const first = await fetchPage(pageUrl(1), 1);
      const others = Array.from({ length: Math.max(first.meta.pagination.pageCount - 1, 0) }, (_, i) => i + 2);
      const rest = await Promise.all(others.map((page) => fetchPage(pageUrl(page), page)));
      const data = [first, ...rest].flatMap((response) => response.data);
      return wholeCollection(data, first.meta);
    },

    async fetchSingle(endpoint, cmsLocale, status = 'published') {
      expectKind(endpoint, false);
      const url = `${endpointUrl(base, endpoint, cmsLocale)}${status === 'draft' ? '&status=draft' : ''}`;
      try {
        return readSingle(await getJson(url, jsonOptions), url);
      } catch (error) {
        // Strapi answers 404 for a single type nobody has filled in (or published) yet.
        if (error instanceof HttpError && error.status === 404) return null;
        throw error;
      }
    },

    async fetchDocument(endpoint, cmsLocale, documentId, status = 'published') {
      expectKind(endpoint, true);
      const params = new URLSearchParams({ 'filters[documentId][$eq]': documentId, ...(status === 'draft' ? { status: 'draft' } : {}) });
      const url = `${endpointUrl(base, endpoint, cmsLocale)}&${params.toString()}`;
      const { data } = readCollectionPage(await getJson(url, jsonOptions), url);
      if (data.length > 1) throw new MalformedResponseError(url, `${data.length} entries have documentId ${documentId}`);
      return data[0] ?? null;
    },
  };
}

/** `<base>/api/pages?locale=es-MX&populate[…]=…&pagination[page]=2&pagination[pageSize]=100`, brackets encoded. */
export function endpointUrl(base: string, endpoint: EndpointName, cmsLocale?: string, page?: number): string {
  const { path, localized } = ENDPOINTS[endpoint];
  if (localized && !cmsLocale) throw new TypeError(`${endpoint} is localized: pass the CMS locale to fetch`);
  const params = new URLSearchParams(localized && cmsLocale ? [['locale', cmsLocale]] : []);
  for (const [key, value] of populateParams(endpoint)) params.append(key, value);
  if (page !== undefined) {
    // Strapi's default order is not stable across requests: without a sort,
    // an entry can move between pages mid-crawl and be read twice or never.
    params.append('sort[0]', 'id:asc');
    params.append('pagination[page]', String(page));
    params.append('pagination[pageSize]', String(PAGE_SIZE));
  }
  return `${base}${path}?${params.toString()}`;
}

function expectKind(endpoint: EndpointName, collection: boolean): void {
  if (ENDPOINTS[endpoint].collection !== collection) {
    const [kind, method] = collection ? ['a single type', 'fetchSingle'] : ['a collection', 'fetchCollection'];
    throw new TypeError(`${endpoint} is ${kind}: use ${method}`);
  }
}
