import type { Locale } from './model.js';
import { LOCALE_INFO, localeOfPath } from './locales.js';

/** The slug of the home page in every locale (content contract, Page). */
export const HOME_SLUG = 'home';

/** Rule 2: route ids carry the locale after `___`. */
export type RouteName = 'index___en' | 'index___es' | 'slug___en' | 'slug___es';

/** Rule 2: the page routes by name, in matching order (`/es/*` before `*`); shared by the router and the build meta file. */
export const PAGE_ROUTES: readonly { id: RouteName; path: string }[] = [
  { id: 'index___en', path: '/' },
  { id: 'index___es', path: '/es' },
  { id: 'slug___es', path: '/es/*' },
  { id: 'slug___en', path: '*' },
];

const SEGMENT = /^[a-z0-9-]+$/;
/** Rule 5's characters as one pattern (segments of [a-z0-9-] joined by "/"): the CMS schema's slug check. */
export const SLUG_PATTERN = /^[a-z0-9-]+(?:\/[a-z0-9-]+)*$/;
/**
 * A slug becomes file names (`{segment}.html`,
 * `{segment}/_payload.json`) and a path below the output folder. File
 * systems allow 255 bytes per name and about 4,096 per path; these limits
 * leave room for the extensions, the `es/` prefix, `page/{n}` list pages
 * and the folder the site is built in. Slug characters are ASCII, so
 * characters are bytes.
 */
const SLUG_LIMITS = { segment: 100, slug: 400 } as const;
/** The longest slug the build accepts (`SLUG_LIMITS`): the CMS schema's slug `maxLength` too, so Strapi refuses what the build would. */
export const SLUG_MAX_LENGTH = SLUG_LIMITS.slug;
const RESERVED_FIRST = new Set(['es', 'builds', 'assets', '404']);
const LIST_PAGE = /(^|\/)page\/\d+$/;

/**
 * Why a slug is not acceptable as a page slug, or null when it is.
 * Rule 5 (characters, empty segments) and the contract's reserved slugs.
 */
export function slugProblem(slug: string): string | null {
  if (slug === '') return 'is empty';
  const segments = slug.split('/');
  if (segments.some((s) => s === '')) return 'has an empty segment (leading, trailing or double "/")';
  const bad = segments.find((s) => !SEGMENT.test(s));
  if (bad !== undefined) return `segment "${bad}" has characters outside [a-z0-9-]`;
  const long = segments.find((s) => s.length > SLUG_LIMITS.segment);
  if (long !== undefined) return `has a segment of ${long.length} characters (at most ${SLUG_LIMITS.segment}: it becomes a file name)`;
  if (slug.length > SLUG_LIMITS.slug) return `has ${slug.length} characters (at most ${SLUG_LIMITS.slug})`;
  if (RESERVED_FIRST.has(segments[0]!)) return `first segment "${segments[0]}" is reserved`;
  if (LIST_PAGE.test(slug)) return 'ends with "page/{n}", which is reserved for list pagination';
  return null;
}

/**
 * Why a link's slug cannot be an internal link, or null when it can.
 * Browsers read `/\\evil.example` as `//evil.example`,
 * another site, so a slug with a backslash, a control or space character,
 * a leading `//` (after the one slash a slug may start with) or a scheme
 * is never an internal link. A `?query` or `#hash` after the slug is fine.
 */
export function linkSlugProblem(slug: string): string | null {
  if (slug.includes('\\')) return 'has a backslash';
  // eslint-disable-next-line no-control-regex -- control characters are what this matches
  if (/[\u0000-\u0020\u007f-\u009f\u2028\u2029]/.test(slug)) return 'has a space or control character';
  if (slug.startsWith('//')) return 'starts with "//", which browsers read as another site';
  if (/^[a-z][a-z0-9+.-]*:/i.test(slug)) return 'has a scheme (an address of another site belongs in the url field)';
  return null;
}

/**
 * The slug of page `n` of a paginated list on the page `slug` (content
 * contract, blocks.pagination): page 1 is the page itself, later pages are
 * `{slug}/page/{n}` (`page/{n}` on the home page, which lives at `/`).
 */
export function listPageSlug(slug: string, n: number): string {
  if (n <= 1) return slug;
  return slug === HOME_SLUG ? `page/${n}` : `${slug}/page/${n}`;
}

/** Whether a slug is a page slug, or page ≥ 2 of a list on one (`blog/page/2`, `page/3`). */
export function isRoutableSlug(slug: string): boolean {
  if (slug === HOME_SLUG) return true;
  const list = /^(?:(.+)\/)?page\/([1-9]\d*)$/.exec(slug);
  if (list && Number(list[2]) >= 2) return list[1] === undefined || slugProblem(list[1]) === null;
  return slugProblem(slug) === null;
}

/** Rule 3: paths compare equal with and without a trailing slash. */
export function normalizePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** The site path of a page: `/`, `/es`, `/rooms/x`, `/es/habitaciones/x` (rule 2). */
export function pagePath(locale: Locale, slug: string): string {
  const prefix = LOCALE_INFO[locale].prefix;
  if (slug === HOME_SLUG || slug === '') return prefix || '/';
  return `${prefix}/${slug}`;
}

/** Splits a site path into locale and slug (`home` for the home pages). */
export function parsePath(path: string): { locale: Locale; slug: string } {
  const clean = normalizePath(path.split(/[?#]/)[0]!);
  const locale = localeOfPath(clean);
  const rest = clean.slice(LOCALE_INFO[locale].prefix.length);
  return { locale, slug: rest.replace(/^\//, '') || HOME_SLUG };
}

/** Rule 4: links built by the product carry the current query string (and an optional hash). */
export function linkHref(locale: Locale, slug: string, search = '', hash = ''): string {
  const query = search === '' || search === '?' ? '' : search.startsWith('?') ? search : `?${search}`;
  const fragment = hash === '' ? '' : hash.startsWith('#') ? hash : `#${hash}`;
  return `${pagePath(locale, slug)}${query}${fragment}`;
}

/** Rules 27–28: the path the error page of a locale is rendered at (`/404`, `/es/404`); its file is `htmlFile` of it. */
export function notFoundPath(locale: Locale): string {
  return `${LOCALE_INFO[locale].prefix}/404`;
}

/** Rule 5: the HTML file of a page: `index.html`, `es.html`, `rooms/x.html`. */
export function htmlFile(path: string): string {
  const clean = normalizePath(path);
  return clean === '/' ? 'index.html' : `${clean.slice(1)}.html`;
}

/** Rule 5/18: the payload file of a page: `_payload.json`, `es/_payload.json`, `rooms/x/_payload.json`. */
export function payloadFile(path: string): string {
  const clean = normalizePath(path);
  return clean === '/' ? '_payload.json' : `${clean.slice(1)}/_payload.json`;
}

/**
 * Rule 18: the payload URL, keyed by release, so code of one release never
 * reads a cached payload of another (payloads also revalidate on every
 * request, netlify.toml, so a content edit is seen at once).
 */
export function payloadUrl(path: string, release: string): string {
  return `/${payloadFile(path)}?v=${encodeURIComponent(release)}`;
}

/**
 * Every modal of a locale, written by the build beside its pages
 * (`_modals.json`, `es/_modals.json`): a shared `#modal=name` URL opens on a
 * page that does not link that modal itself (the page's payload carries only
 * the modals it links). Keyed by release like payloads (rule 18).
 */
export function modalsFile(locale: Locale): string {
  const prefix = LOCALE_INFO[locale].prefix;
  return prefix ? `${prefix.slice(1)}/_modals.json` : '_modals.json';
}

export function modalsUrl(locale: Locale, release: string): string {
  return `/${modalsFile(locale)}?v=${encodeURIComponent(release)}`;
}
