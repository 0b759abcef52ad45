import { LIST_ERRORS, invalidPath, pageNotFound } from '../../shared/errors.js';

/**
 * The rest of the error surface, beside the content issues
 * (src/node/content/issues.ts), for docs/content-errors.md: what stops a
 * build or a command, and the errors the site shows in the browser. The
 * messages live with the code that raises them; test/docs/content-errors.test.ts
 * checks that every error class of src/node is listed here and that each
 * entry's `source` still defines it.
 */
interface BuildFailure {
  /** The error's `name` (its class), permanent. */
  readonly name: string;
  readonly title: string;
  /** What it means, when it is raised and what the build or command does then. */
  readonly description: string;
  /** The file that defines it (relative to the project root). */
  readonly source: string;
}

export const BUILD_FAILURES: readonly BuildFailure[] = [
  {
    name: 'ConfigError',
    title: 'Invalid environment',
    description:
      'One or more configuration variables (docs/content-contract.md, "Configuration") have invalid values. Raised once, before anything else, listing every invalid variable with what was expected and what was set (secrets are never echoed).',
    source: 'src/node/config/config-error.ts',
  },
  {
    name: 'NetworkError',
    title: 'The CMS cannot be reached',
    description:
      'A request to the CMS failed at the network level (refused, reset, DNS) after its retries. The CMS counts as unreachable: the build says so loudly and builds from `content-cache/`; with `--strict` / `BUILD_STRICT=1`, and always for `npm run content:pull`, it fails instead.',
    source: 'src/node/cms/network-error.ts',
  },
  {
    name: 'TimeoutError',
    title: 'A CMS request timed out',
    description: 'A request to the CMS did not complete within its time limit, on every attempt. Treated like `NetworkError`: an unreachable CMS.',
    source: 'src/node/cms/timeout-error.ts',
  },
  {
    name: 'HttpError',
    title: 'The CMS answered with an error status',
    description:
      "The CMS (or a media host) answered with a non-2xx status; the message names the request, quotes Strapi's own error (for a 400, the rejected query parameter) and says what to check (populate lists for 400, `CMS_TOKEN` for 401/403, `CMS_URL` for 404). A 5xx after the retries is an unreachable CMS (as `NetworkError`); any other status always fails the build.",
    source: 'src/node/cms/http-error.ts',
  },
  {
    name: 'MalformedResponseError',
    title: 'The CMS answered with a body the client cannot use',
    description:
      'A 2xx answer that is not a Strapi response: not JSON, no `data`, a collection that is not a list, a page other than the one asked for. Never retried, and it always fails the build: usually `CMS_URL` points at a proxy or the admin panel.',
    source: 'src/node/cms/malformed-response-error.ts',
  },
  {
    name: 'ResponseTooLargeError',
    title: 'A CMS answer larger than CMS_MAX_BYTES',
    description:
      'A JSON answer of the CMS is larger than `CMS_MAX_BYTES` (50 MB by default): its Content-Length said so, or more than that arrived, and reading stopped there. Never retried; it always fails the build, naming the request and the cap. Raise `CMS_MAX_BYTES` if the content really is that large (docs/security.md, "CMS answers").',
    source: 'src/node/cms/response-too-large-error.ts',
  },
  {
    name: 'RedirectRefusedError',
    title: 'A CMS redirect Marea does not follow',
    description:
      'The CMS answered a content request with a redirect to another origin (scheme, host or port), or with more than 5 redirects in a row. The other origin is never asked. Never retried; it always fails the build, naming both URLs: set `CMS_URL` to the address the CMS answers at itself.',
    source: 'src/node/cms/redirect-refused-error.ts',
  },
  {
    name: 'ImageTooLargeError',
    title: 'An image with more pixels than the build decodes',
    description:
      "Raised inside the media phase when an image's header declares more than 268,402,689 pixels; it never stops a build by itself: the media phase reports it as the content issue `ImageTooLarge` of the pages using the image, which are held back.",
    source: 'src/node/build/media-pixels.ts',
  },
  {
    name: 'MediaDownloadError',
    title: 'Media files could not be downloaded',
    description:
      'Some media files referenced by the crawled content could not be downloaded; every failure is listed. The build fails; the downloads that succeeded stay on disk for the next attempt.',
    source: 'src/node/cms/media-download-error.ts',
  },
  {
    name: 'UnsafeMediaUrlError',
    title: 'A media URL that cannot be stored safely',
    description:
      'A media URL that cannot be mapped to a file inside the cache (a `.`/`..` segment, a backslash or encoded slash, a scheme other than http(s), no file name). The crawl fails.',
    source: 'src/node/cms/unsafe-media-url-error.ts',
  },
  {
    name: 'CacheReadError',
    title: 'The content cache cannot be used',
    description:
      'A file of `content-cache/` is missing, unreadable, not JSON or not a Strapi response, when the build reads the cache. Restore it from git, or build once with `CMS_URL` set.',
    source: 'src/node/cms/cache-read-error.ts',
  },
  {
    name: 'ContentValidationError',
    title: 'The content has errors',
    description:
      'The content issues of the build include at least one error (the catalogue above). Every error is printed with its place and hint, and nothing is published: `dist/` and `content-cache/` stay as they were.',
    source: 'src/node/build/content-validation-error.ts',
  },
];

/** An error the site shows or throws in the browser; the message is the spec's where it gives one. */
interface BrowserError {
  readonly message: string;
  /** HTTP-like status of the error page, or null when the error is thrown to the caller. */
  readonly status: number | null;
  readonly description: string;
  /** The file that raises it (relative to the project root). */
  readonly source: string;
}

export const BROWSER_ERRORS: readonly BrowserError[] = [
  {
    message: pageNotFound('{path}').message,
    status: 404,
    description: 'No page has that path (rule 5).',
    source: 'src/shared/errors.ts',
  },
  {
    message: invalidPath('{fullPath}').message,
    status: 404,
    description: 'The path is not a valid slug: characters outside `[a-z0-9-]`, empty segments (rule 5).',
    source: 'src/shared/errors.ts',
  },
  {
    message: LIST_ERRORS.components,
    status: 503,
    description: "A payload's block list is not an array (rule 21, spec §5); the build raises `ComponentsNotArray` for the same case.",
    source: 'src/client/app/client-loader.ts',
  },
  {
    message: LIST_ERRORS.promocodes,
    status: 503,
    description: "A booking block's promo-code list is not an array (spec §5); the build raises `PromocodesNotArray`.",
    source: 'src/client/blocks/booking/promo.ts',
  },
  {
    message: 'Navigating to an external URL is not allowed by default.',
    status: null,
    description: 'Programmatic navigation (`navigateTo`) to another origin without `{ external: true }` (rule 22).',
    source: 'src/client/runtime/navigation-safety.ts',
  },
  {
    message: "Cannot navigate to a URL with '{protocol}' protocol.",
    status: null,
    description: 'Programmatic navigation to a `javascript:`, `data:`, `vbscript:` or `blob:` URL, any case, leading spaces ignored (rule 22).',
    source: 'src/client/runtime/navigation-safety.ts',
  },
];
