import type { Crumb, HeadContext, ShareImage } from '../../shared/head.js';
import { absoluteUrl } from '../../shared/head.js';
import type { Locale, Page, SiteContent } from '../../shared/model.js';
import { HOME_SLUG, pagePath } from '../../shared/routes.js';
import { shareSource, siteNameOf } from '../../shared/structured-data.js';
import type { BuiltPage } from './list-pages.js';
import type { ShareRendition } from './share-image.js';

/** Pages by path, once per content (the page list is the same object for a whole build). */
const indexes = new WeakMap<readonly Page[], Map<string, Page>>();
function byPath(pages: readonly Page[]): Map<string, Page> {
  let index = indexes.get(pages);
  if (!index) indexes.set(pages, (index = new Map(pages.map((p) => [p.path, p]))));
  return index;
}

/** The home page of a locale, if the content has one. */
function homeOf(pages: readonly Page[], locale: Locale): Page | undefined {
  return byPath(pages).get(pagePath(locale, HOME_SLUG));
}

/** The pages above `page` that exist, nearest last: `/blog` for `/blog/a-post` (a path segment without a page is skipped). */
function ancestorsOf(pages: readonly Page[], page: Page): Page[] {
  if (page.slug === HOME_SLUG) return [];
  const segments = page.slug.split('/');
  const index = byPath(pages);
  return segments
    .slice(0, -1)
    .map((_, i) => index.get(pagePath(page.locale, segments.slice(0, i + 1).join('/'))))
    .filter((p): p is Page => !!p);
}

/**
 * What the head of a page takes from the rest of the site (HeadContext): the
 * site name, the share image (its own, else its home page's: docs/search-and-sharing.md, "Share
 * cards") and the breadcrumb trail (docs/search-and-sharing.md, "Structured data"). Page `n` ≥ 2
 * of a list has the trail of the list (Google: paginated states are not
 * breadcrumbs).
 */
export function headContext(content: SiteContent, { page, source }: BuiltPage, siteUrl: string, shares: ReadonlyMap<string, ShareRendition>): HeadContext {
  const home = homeOf(content.pages, page.locale);
  const crumb = (p: Page): Crumb => ({ name: p.title, url: absoluteUrl(siteUrl, p.path) });
  const trail = source.slug === HOME_SLUG ? [] : [...(home ? [home] : []), ...ancestorsOf(content.pages, source), source].map(crumb);
  return {
    siteName: siteNameOf(content.layouts[page.locale], siteUrl),
    image: pageShareImage(page, home, siteUrl, shares),
    trail,
  };
}

/** The page's share image, else its home page's (docs/search-and-sharing.md, "Share cards"). */
function pageShareImage(page: Page, home: Page | undefined, siteUrl: string, shares: ReadonlyMap<string, ShareRendition>): ShareImage | null {
  return shareImage(page, siteUrl, shares) ?? (home ? shareImage(home, siteUrl, shares) : null);
}

function shareImage(page: Page, siteUrl: string, shares: ReadonlyMap<string, ShareRendition>): ShareImage | null {
  const source = shareSource(page);
  const rendition = source && shares.get(source.url);
  return rendition ? { url: absoluteUrl(siteUrl, rendition.url), width: rendition.width, height: rendition.height, alt: source.alt || page.title } : null;
}

/**
 * What else a page's head is made from, for build-memo.ts (compared by
 * identity): its home page, its ancestors, and its share image as text (the
 * renditions are new objects in every build, their names and sizes are not).
 */
export function headDeps(content: SiteContent, built: BuiltPage, siteUrl: string, shares: ReadonlyMap<string, ShareRendition>): unknown[] {
  const home = homeOf(content.pages, built.page.locale);
  return [home, ...ancestorsOf(content.pages, built.source), JSON.stringify(pageShareImage(built.page, home, siteUrl, shares))];
}
