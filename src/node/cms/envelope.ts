import { z } from 'zod';
import { isRecord } from '../../shared/records.js';
import { MalformedResponseError } from './malformed-response-error.js';

/**
 * The envelopes Strapi 4 and 5 share: `{ data, meta }` on success and
 * `{ data: null, error: { status, name, message, details } }` on failure.
 * Only the envelope is checked here; entries (Strapi 4 `{ id, attributes }`
 * or Strapi 5 flat) pass through untouched for normalisation to validate.
 */

const strapiErrorSchema = z.object({
  error: z.object({
    status: z.number().optional(),
    name: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});

export type StrapiError = z.output<typeof strapiErrorSchema>['error'];

/** The `error` of a Strapi error body, or null when the body is something else (HTML from a proxy, say). */
export function readStrapiError(body: unknown): StrapiError | null {
  const parsed = strapiErrorSchema.safeParse(body);
  return parsed.success ? parsed.data.error : null;
}

const count = z.number().int().nonnegative();
const paginationSchema = z.object({ page: count.min(1), pageSize: count, pageCount: count, total: count });

type Pagination = z.output<typeof paginationSchema>;

/** One page of a collection, or the merged response of all of them. */
export interface CollectionResponse {
  data: unknown[];
  meta: { pagination: Pagination; [key: string]: unknown };
}

/** Entries of a collection as one response, as if one page held them all (the crawl merges pages; the webhook service edits the merged list). */
export function wholeCollection(data: unknown[], meta: Record<string, unknown> = {}): CollectionResponse {
  return { data, meta: { ...meta, pagination: { page: 1, pageSize: data.length, pageCount: data.length > 0 ? 1 : 0, total: data.length } } };
}

/** Checks a page of `GET /api/<collection>`; throws `MalformedResponseError` naming what is missing. */
export function readCollectionPage(body: unknown, url: string): CollectionResponse {
  if (!isRecord(body) || !('data' in body)) throw new MalformedResponseError(url, 'the body has no `data`');
  const { data, meta } = body;
  if (!Array.isArray(data)) {
    throw new MalformedResponseError(url, `\`data\` is ${describe(data)}, expected an array (is this a single type?)`);
  }
  const badItem = data.findIndex((item) => !isRecord(item));
  if (badItem !== -1) {
    throw new MalformedResponseError(url, `\`data[${badItem}]\` is ${describe(data[badItem])}, expected an entry object`);
  }
  const pagination = paginationSchema.safeParse(isRecord(meta) ? meta.pagination : undefined);
  if (!pagination.success) {
    throw new MalformedResponseError(url, '`meta.pagination` is missing or incomplete (expected page, pageSize, pageCount and total)');
  }
  const problem = paginationProblem(pagination.data, data.length);
  if (problem) throw new MalformedResponseError(url, problem);
  return { data, meta: { ...(meta as Record<string, unknown>), pagination: pagination.data } };
}

/**
 * Why a page's pagination cannot be believed, or null. Strapi computes
 * `pageCount = ceil(total / pageSize)` and never sends more entries than
 * `pageSize`: a response that says otherwise (`pageCount: 20000, total: 0`)
 * would make the crawl request pages that do not exist.
 */
function paginationProblem({ page, pageSize, pageCount, total }: Pagination, entries: number): string | null {
  const expected = pageSize > 0 ? Math.ceil(total / pageSize) : total === 0 ? 0 : Number.NaN;
  if (pageCount !== expected) {
    return `\`meta.pagination\` does not add up: pageCount ${pageCount} with total ${total} and pageSize ${pageSize} (expected pageCount ${Number.isNaN(expected) ? 'of a pageSize above 0' : expected})`;
  }
  if (entries > pageSize) return `page ${page} has ${entries} entries, more than its pageSize ${pageSize}`;
  return null;
}

/** Checks the response of `GET /api/<single type>` and returns its `data` (an entry or null). */
export function readSingle(body: unknown, url: string): unknown {
  if (!isRecord(body) || !('data' in body)) throw new MalformedResponseError(url, 'the body has no `data`');
  if (body.data !== null && !isRecord(body.data)) {
    throw new MalformedResponseError(url, `\`data\` is ${describe(body.data)}, expected an entry object or null`);
  }
  return body.data;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}
