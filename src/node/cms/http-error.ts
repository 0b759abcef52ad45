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
    const hint = (init.status === 400 && init.strapiError && schemaDrift(init.strapiError)) || hintFor(init.status);
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

/**
 * Strapi 5's 400 for a populate key its schema lacks (`Invalid key blocks.hero
 * at blocks.on.blocks.hero`): the CMS schema and the block declarations
 * differ. Names what the build expected: the zone and component, and the
 * field when the key is one.
 */
function schemaDrift(error: StrapiError): string | null {
  const details = error.details as { param?: unknown; path?: unknown; key?: unknown } | undefined;
  if (details?.param !== 'populate' || typeof details.path !== 'string' || !/^Invalid key/.test(error.message)) return null;
  const fragment = /^(\w+)\.on\.(\w+\.[\w-]+)(?:\.(.+))?$/.exec(details.path);
  const expected = fragment
    ? fragment[3]
      ? `the field "${fragment[3].replace(/\.populate/g, '').replace(/^populate\./, '')}" of the component ${fragment[2]} (in the "${fragment[1]}" zone)`
      : `the component ${fragment[2]} in the "${fragment[1]}" zone`
    : `the field "${details.path}"`;
  return (
    `The CMS schema differs from the block declarations: the build expected ${expected}, which the CMS does not have (renamed or removed). ` +
    'The CMS schema is generated from src/shared/blocks/: run `npm run cms:schema` and restart the CMS, or change the declaration to match the CMS.'
  );
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
