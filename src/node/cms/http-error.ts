import { displayUrl } from './display-url.js';
import type { StrapiError } from './envelope.js';

export interface HttpErrorInit {
  status: number;
  statusText: string;
  method: string;
  url: string;
  /** The `error` of a Strapi error body, when the body was one. */
  strapiError: StrapiError | null;
  /** Attempts made, when the request was retried before giving up. */
  attempts?: number;
}

/** The server answered with a non-2xx status. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number;
  readonly method: string;
  readonly url: string;
  readonly strapiError: StrapiError | null;

  constructor(init: HttpErrorInit) {
    const status = `${init.status}${init.statusText ? ` ${init.statusText}` : ''}`;
    const gaveUp = init.attempts && init.attempts > 1 ? ` (gave up after ${init.attempts} attempts)` : '';
    const strapi = init.strapiError ? ` Strapi says: ${describeStrapiError(init.strapiError)}.` : '';
    const hint = hintFor(init.status);
    super(`Request failed with status ${status}: ${init.method} ${displayUrl(init.url)}${gaveUp}.${strapi}` + (hint ? ` ${hint}` : ''));
    this.status = init.status;
    this.method = init.method;
    this.url = init.url;
    this.strapiError = init.strapiError;
  }
}

/** `ValidationError: Invalid key foo (query parameter "foo")`: Strapi's 400 names the bad parameter in `details`. */
function describeStrapiError(error: StrapiError): string {
  const details = error.details as { param?: unknown; path?: unknown } | undefined;
  const where = [typeof details?.param === 'string' ? `query parameter "${details.param}"` : null, typeof details?.path === 'string' ? `at "${details.path}"` : null].filter(
    Boolean,
  );
  return `${error.name}: ${error.message}${where.length > 0 ? ` (${where.join(' ')})` : ''}`;
}

function hintFor(status: number): string | null {
  if (status === 400) {
    return 'The CMS rejected the query: make the populate lists in src/node/cms/populate.ts match the CMS schema.';
  }
  if (status === 401 || status === 403) {
    return 'Check CMS_TOKEN: it must be a valid API token with find/findOne access to this content type.';
  }
  if (status === 404) return 'Check CMS_URL and that this content type exists in the CMS.';
  if (status === 429 || status >= 500) return 'The CMS is unavailable or overloaded; try again later.';
  return null;
}
