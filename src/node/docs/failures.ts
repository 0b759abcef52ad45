import { LIST_ERRORS, invalidPath, pageNotFound } from '../../shared/errors.js';

/**
 * The errors the site shows or throws in the browser, for
 * docs/content-errors.md beside the content issues
 * (src/node/content/issues.ts) and the build failures
 * (src/node/platform/failures.ts). The messages live with the code that
 * raises them; test/docs/content-errors.test.ts checks that each entry's
 * `source` still does.
 */
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
