import type { Block, ErrorContent, Layout, Locale, Page } from './model.js';
import type { HeadData } from './head.js';
import type { PageData } from './page-data.js';
import { toWire } from './wire.js';

/**
 * Bumped when the payload shape changes, so an old client never misreads a
 * new payload (rules 18 and 20: it loads the page instead). 4: media travel
 * packed (wire.ts). 5: published media by name, Strapi's formats as a
 * letter and a hash, page blocks' components without `blocks.`, a text
 * written again as a reference.
 */
export const PAYLOAD_VERSION = 5;

/**
 * What a page needs to render without the CMS (rule 18). The same object is
 * embedded in the page's HTML (first load, hydration) and written to
 * `{path}/_payload.json` (client-side navigation).
 */
export interface PagePayload {
  v: typeof PAYLOAD_VERSION;
  kind: 'page';
  /**
   * Rules 13 and 18: the release (code, lockfile and public configuration)
   * this payload was made by. Not the build id: a page changes only when its
   * own content does, so an incremental build rewrites only what changed.
   */
  release: string;
  locale: Locale;
  path: string;
  page: Omit<Page, 'blocks'> & { blocks: Block[] };
  layout: Layout;
  /** Title, description, canonical and hreflang links (rule 12), applied on client-side navigation. */
  head: HeadData;
  /** Build-time country of the locale (rule 30). */
  country: string;
  /** UTC day (yyyy-MM-dd) the page was rendered for: dated content is checked against it until the browser knows the time (rule 29). */
  day: string;
  /** Build-time data of the page's blocks: list cards, pagination, site map, modals, resorts. */
  data: PageData;
}

/** The error page's data (rules 27–28): embedded in `404.html` / `es/404.html`. */
export interface ErrorPayload {
  v: typeof PAYLOAD_VERSION;
  kind: 'error';
  release: string;
  locale: Locale;
  status: number;
  message: string;
  error: ErrorContent | null;
  layout: Layout | null;
  head: HeadData;
  country: string;
  day: string;
  /** The layout's modals (header and footer links can open them). */
  data: PageData;
}

export type Payload = PagePayload | ErrorPayload;

/**
 * Rule 18: a page's HTML does not carry its payload (it would be written
 * twice): it preloads its `_payload.json` with a `<link rel="preload"
 * as="fetch">` marked with this attribute, and the app reads it before
 * hydrating. The error pages (served for any path) embed theirs instead.
 */
export const PAYLOAD_LINK_ATTRIBUTE = 'data-marea-payload';

/** The id of the `<script type="application/json">` that carries the error pages' payload in the HTML. */
export const PAYLOAD_SCRIPT_ID = '__MAREA_PAYLOAD__';

/** The id of the page's `<script type="application/ld+json">` (src/shared/structured-data.ts): the client replaces it on navigation. */
export const STRUCTURED_DATA_ID = '__MAREA_LD__';

/**
 * JSON for a `<script type="application/json">`: `<` is escaped so no
 * content can close the script element or open a comment.
 */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The JSON of a payload or a modals file as the site serves it: in its wire
 * form (media packed, wire.ts; the browser reads it back with `fromWire`),
 * escaped as `serializeForScript` escapes.
 */
export function wireJson(value: unknown): string {
  return serializeForScript(toWire(value));
}
