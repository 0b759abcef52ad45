import type { ConfigIssue } from '../config/config-error.js';
import { displayUrl } from '../cms/display-url.js';
import { formatSize } from '../cms/format-size.js';
import type { StrapiError } from '../cms/envelope.js';
import type { CatalogueEntry } from './catalogue-entry.js';

/**
 * The catalogue of build failures: what stops `npm run build` or a command
 * before the content is judged (the CMS unreachable, a cache that cannot be
 * read, media that cannot be downloaded…), as the content issues have theirs
 * (src/node/content/issues.ts). Each entry's code is permanent (`MAREA-F0xx`:
 * never renumbered, never given to another failure, test/docs/failures.test.ts
 * keeps the ledger); its class (`name`, in the file `source`) takes its
 * message and hint from here (`Failure`), and docs/content-errors.md, "Build
 * failures", is generated from here (`npm run docs:errors`).
 */
export interface FailureDefinition<A extends unknown[] = never[]> extends CatalogueEntry<A> {
  /** Permanent code: `MAREA-F` and three digits. */
  readonly code: `MAREA-F${number}`;
  /** The error's class and `name`. */
  readonly name: string;
  /** The file that defines the class (relative to the project root). */
  readonly source: string;
}

const define = <A extends unknown[]>(definition: FailureDefinition<A>): FailureDefinition<A> => definition;

const gaveUp = (attempts: number | undefined) => (attempts && attempts > 1 ? ` (gave up after ${attempts} attempts)` : '');
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export const FAILURES = {
  config: define({
    code: 'MAREA-F001',
    name: 'ConfigError',
    title: 'Invalid environment',
    description:
      'One or more configuration variables (docs/content-contract.md, "Configuration") have invalid values. Raised once, before anything else, listing every invalid variable with what was expected and what was set (secrets are never echoed).',
    message: (issues: readonly ConfigIssue[]) =>
      `Invalid environment: ${plural(issues.length, 'variable')} to fix\n` +
      issues.map((issue) => `  - ${issue.key}: expected ${issue.expected}` + (issue.received === undefined ? ', but it is not set' : `, got ${issue.received}`)).join('\n'),
    hint: 'Set them in the shell or the CI environment (see the "Configuration" table of the content contract).',
    example: [[{ key: 'CMS_LOCALES', expected: '"en:<code>,es:<code>"', received: '"en"' }]],
    source: 'src/node/config/config-error.ts',
  }),
  network: define({
    code: 'MAREA-F002',
    name: 'NetworkError',
    title: 'The CMS cannot be reached',
    description:
      'A request to the CMS failed at the network level (refused, reset, DNS) after its retries. The CMS counts as unreachable: the build says so loudly and builds from `content-cache/`; with `--strict` / `BUILD_STRICT=1`, and always for `npm run content:pull`, it fails instead.',
    message: (method: string, url: string, cause: string, attempts?: number) => `Request failed: ${method} ${displayUrl(url)}: ${cause}${gaveUp(attempts)}`,
    hint: '',
    example: ['GET', 'https://cms.example.com/api/pages', 'ECONNREFUSED connect ECONNREFUSED 10.0.0.5:443', 3],
    source: 'src/node/cms/network-error.ts',
  }),
  timeout: define({
    code: 'MAREA-F003',
    name: 'TimeoutError',
    title: 'A CMS request timed out',
    description: 'A request to the CMS did not complete within its time limit, on every attempt. Treated like `NetworkError`: an unreachable CMS.',
    message: (method: string, url: string, timeoutMs: number, attempts?: number) => `Request timed out: ${method} ${displayUrl(url)} after ${timeoutMs} ms${gaveUp(attempts)}`,
    hint: '',
    example: ['GET', 'https://cms.example.com/api/pages', 30_000, 3],
    source: 'src/node/cms/timeout-error.ts',
  }),
  http: define({
    code: 'MAREA-F004',
    name: 'HttpError',
    title: 'The CMS answered with an error status',
    description:
      "The CMS (or a media host) answered with a non-2xx status; the message names the request, quotes Strapi's own error (for a 400, the rejected query parameter) and says what to check (populate lists for 400, `CMS_TOKEN` for 401/403, `CMS_URL` for 404). A 5xx after the retries is an unreachable CMS (as `NetworkError`); any other status always fails the build.",
    message: (init: HttpErrorInit) => {
      const status = `${init.status}${init.statusText ? ` ${init.statusText}` : ''}`;
      const strapi = init.strapiError ? ` Strapi says: ${describeStrapiError(init.strapiError)}.` : '';
      return `Request failed with status ${status}: ${init.method} ${displayUrl(init.url)}${gaveUp(init.attempts)}.${strapi}`;
    },
    hint: (init) => (init.status === 400 && init.strapiError && schemaDrift(init.strapiError)) || hintFor(init.status),
    example: [{ status: 401, statusText: 'Unauthorized', method: 'GET', url: 'https://cms.example.com/api/pages', strapiError: null }],
    source: 'src/node/cms/http-error.ts',
  }),
  malformedResponse: define({
    code: 'MAREA-F005',
    name: 'MalformedResponseError',
    title: 'The CMS answered with a body the client cannot use',
    description:
      'A 2xx answer that is not a Strapi response: not JSON, no `data`, a collection that is not a list, a page other than the one asked for. Never retried, and it always fails the build: usually `CMS_URL` points at a proxy or the admin panel.',
    message: (url: string, problem: string) => `Malformed CMS response from GET ${displayUrl(url)}: ${problem}.`,
    hint: 'Check that CMS_URL points at the Strapi server itself (not a proxy or the admin panel).',
    example: ['https://cms.example.com/api/pages', 'the body is not JSON'],
    source: 'src/node/cms/malformed-response-error.ts',
  }),
  responseTooLarge: define({
    code: 'MAREA-F006',
    name: 'ResponseTooLargeError',
    title: 'A CMS answer larger than CMS_MAX_BYTES',
    description:
      'A JSON answer of the CMS is larger than `CMS_MAX_BYTES` (50 MB by default): its Content-Length said so, or more than that arrived, and reading stopped there. Never retried; it always fails the build, naming the request and the cap. Raise `CMS_MAX_BYTES` if the content really is that large (docs/security.md, "CMS answers").',
    message: (url: string, maxBytes: number, what: string) => `The CMS answer to GET ${displayUrl(url)} is larger than CMS_MAX_BYTES (${formatSize(maxBytes)}): ${what}.`,
    hint: 'Raise CMS_MAX_BYTES if the content really is that large, or check what the CMS sends.',
    example: ['https://cms.example.com/api/pages', 50_000_000, 'the server announces 60 MB'],
    source: 'src/node/cms/response-too-large-error.ts',
  }),
  redirectRefused: define({
    code: 'MAREA-F007',
    name: 'RedirectRefusedError',
    title: 'A CMS redirect Marea does not follow',
    description:
      'The CMS answered a content request with a redirect to another origin (scheme, host or port), or with more than 5 redirects in a row. The other origin is never asked. Never retried; it always fails the build, naming both URLs: set `CMS_URL` to the address the CMS answers at itself.',
    message: (url: string, location: string | null, reason: string) =>
      `Refusing the CMS's redirect of GET ${displayUrl(url)}${location === null ? '' : ` to ${displayUrl(location)}`}: ${reason}.`,
    hint: 'Set CMS_URL to the address the CMS answers at itself (scheme, host and port).',
    example: ['http://cms.example.com/api/pages', 'https://login.example.com/api/pages', 'it points at another origin'],
    source: 'src/node/cms/redirect-refused-error.ts',
  }),
  imageTooLarge: define({
    code: 'MAREA-F008',
    name: 'ImageTooLargeError',
    title: 'An image with more pixels than the build decodes',
    description:
      "Raised inside the media phase when an image's header declares more than 268,402,689 pixels; it never stops a build by itself: the media phase reports it as the content issue `ImageTooLarge` of the pages using the image, which are held back.",
    message: (width: number, height: number, limit: number) => `${width} × ${height} pixels, more than the ${limit} the build decodes`,
    hint: '',
    example: [50_000, 50_000, 268_402_689],
    source: 'src/node/build/media-pixels.ts',
  }),
  mediaDownload: define({
    code: 'MAREA-F009',
    name: 'MediaDownloadError',
    title: 'Media files could not be downloaded',
    description:
      'Some media files referenced by the crawled content could not be downloaded; every failure is listed. The build fails; the downloads that succeeded stay on disk for the next attempt.',
    message: (failed: readonly string[], total: number) => `Could not download ${failed.length} of ${total} media files:\n` + failed.map((message) => `  - ${message}`).join('\n'),
    hint: '',
    example: [['Request failed with status 404 Not Found: GET https://cms.example.com/uploads/pool.jpg.'], 120],
    source: 'src/node/cms/media-download-error.ts',
  }),
  unsafeMediaUrl: define({
    code: 'MAREA-F010',
    name: 'UnsafeMediaUrlError',
    title: 'A media URL that cannot be stored safely',
    description:
      'A media URL that cannot be mapped to a file inside the cache (a `.`/`..` segment, a backslash or encoded slash, a scheme other than http(s), no file name). The crawl fails.',
    message: (url: string, reason: string) => `Refusing media url ${JSON.stringify(url)}: ${reason}.`,
    hint: 'Fix the media entry in the CMS (Media Library) or the field that references it.',
    example: ['/uploads/../secrets.txt', 'it has a ".." segment'],
    source: 'src/node/cms/unsafe-media-url-error.ts',
  }),
  cacheRead: define({
    code: 'MAREA-F011',
    name: 'CacheReadError',
    title: 'The content cache cannot be used',
    description:
      'A file of `content-cache/` is missing, unreadable, not JSON or not a Strapi response, when the build reads the cache. Restore it from git, or build once with `CMS_URL` set.',
    message: (file: string, problem: string) => `Cannot use the content cache: ${file} ${problem}.`,
    hint: 'Restore content-cache/ from git, or refresh it from the CMS with npm run content:pull.',
    example: ['content-cache/pages.en.json', 'is not JSON'],
    source: 'src/node/cms/cache-read-error.ts',
  }),
  contentValidation: define({
    code: 'MAREA-F012',
    name: 'ContentValidationError',
    title: 'The content has errors',
    description:
      'The content issues of the build include at least one error in what every page carries (the layout, the error page, a whole list: the catalogue above). Every error is printed with its place and hint, and nothing is published: `dist/` and `content-cache/` stay as they were.',
    message: (errors: number) => `Content has ${plural(errors, 'error')}: nothing was published, the previous site is unchanged.`,
    hint: '',
    example: [2],
    source: 'src/node/build/content-validation-error.ts',
  }),
} as const;

/** A failure's words, from the values where it is raised. */
export interface FailureText {
  readonly code: string;
  readonly name: string;
  readonly message: string;
  readonly hint: string;
}

export function failureText<A extends unknown[]>(definition: FailureDefinition<A>, ...args: A): FailureText {
  const hint = typeof definition.hint === 'string' ? definition.hint : definition.hint(...args);
  return { code: definition.code, name: definition.name, message: definition.message(...args), hint };
}

/**
 * A build failure of the catalogue: its `name`, permanent `code`, and a
 * message that ends with the hint (on a line of its own after a message of
 * several lines), as the build prints it.
 */
export class Failure extends Error {
  readonly code: string;
  readonly hint: string;

  constructor(text: FailureText, options?: ErrorOptions) {
    super(text.hint ? `${text.message}${text.message.includes('\n') ? '\n' : ' '}${text.hint}` : text.message, options);
    this.name = text.name;
    this.code = text.code;
    this.hint = text.hint;
  }
}

/** What `HttpError` is raised from. */
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

/** `ValidationError: Invalid key foo (query parameter "foo")`: Strapi's 400 names the bad parameter in `details`. */
export function describeStrapiError(error: StrapiError): string {
  const details = error.details as { param?: unknown; path?: unknown } | undefined;
  const where = [typeof details?.param === 'string' ? `query parameter "${details.param}"` : null, typeof details?.path === 'string' ? `at "${details.path}"` : null].filter(
    Boolean,
  );
  return `${error.name}: ${error.message}${where.length > 0 ? ` (${where.join(' ')})` : ''}`;
}

/** Where a Strapi 5 400 for a populate key its schema lacks points (`Invalid key blocks.hero at blocks.on.blocks.hero`): the zone, component and field, when it names them. */
export function schemaDriftOf(error: StrapiError): { path: string; zone?: string; component?: string; field?: string } | null {
  const details = error.details as { param?: unknown; path?: unknown; key?: unknown } | undefined;
  if (details?.param !== 'populate' || typeof details.path !== 'string' || !/^Invalid key/.test(error.message)) return null;
  const fragment = /^(\w+)\.on\.(\w+\.[\w-]+)(?:\.(.+))?$/.exec(details.path);
  if (!fragment) return { path: details.path };
  const field = fragment[3]?.replace(/\.populate/g, '').replace(/^populate\./, '');
  return { path: details.path, zone: fragment[1]!, component: fragment[2]!, ...(field ? { field } : {}) };
}

/**
 * The CMS schema and the block declarations differ (`schemaDriftOf`). Names
 * what the build expected: the zone and component, and the field when the
 * key is one.
 */
function schemaDrift(error: StrapiError): string | null {
  const drift = schemaDriftOf(error);
  if (!drift) return null;
  const expected = drift.field
    ? `the field "${drift.field}" of the component ${drift.component} (in the "${drift.zone}" zone)`
    : drift.component
      ? `the component ${drift.component} in the "${drift.zone}" zone`
      : `the field "${drift.path}"`;
  return (
    `The CMS schema differs from the block declarations: the build expected ${expected}, which the CMS does not have (renamed or removed). ` +
    'The CMS schema is generated from src/shared/blocks/: run `npm run cms:schema` and restart the CMS, or change the declaration to match the CMS.'
  );
}

function hintFor(status: number): string {
  if (status === 400) {
    return 'The CMS rejected the query: make the populate lists in src/node/cms/populate.ts match the CMS schema.';
  }
  if (status === 401 || status === 403) {
    return 'Check CMS_TOKEN: it must be a valid API token with find/findOne access to this content type.';
  }
  if (status === 404) return 'Check CMS_URL and that this content type exists in the CMS.';
  if (status === 429 || status >= 500) return 'The CMS is unavailable or overloaded; try again later.';
  return '';
}
