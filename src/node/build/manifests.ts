import type { Locale, Page } from '../../shared/model.js';
import { absoluteUrl, escapeHtml } from '../../shared/head.js';
import { LOCALES, LOCALE_INFO } from '../../shared/locales.js';
import { PAGE_ROUTES } from '../../shared/routes.js';
import type { RenderedFile } from './render.js';

/** Rule 13: the published manifests. */
export interface BuildManifest {
  id: string;
  timestamp: string;
}

interface BuildMeta extends BuildManifest {
  /** The route patterns of the app, by route name (rule 2), for the client's matcher. */
  matcher: Record<string, string>;
  prerendered: string[];
}

/** The router's page routes (src/shared/routes.ts) as the meta file's matcher, patterns rooted at `/`. */
const ROUTE_PATTERNS: Record<string, string> = Object.fromEntries(PAGE_ROUTES.map(({ id, path }) => [id, path.startsWith('/') ? path : `/${path}`]));

/** robots.txt: a deploy preview (`noindex`) is closed to every crawler; the site is open, with its sitemap. */
function robotsTxt(siteUrl: string, noindex: boolean): string {
  return noindex ? 'User-agent: *\nDisallow: /\n' : `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(siteUrl, '/sitemap.xml')}\n`;
}

export function manifestFiles(manifest: BuildManifest, pages: Page[], siteUrl: string, noindex = false): RenderedFile[] {
  const meta: BuildMeta = { ...manifest, matcher: ROUTE_PATTERNS, prerendered: pages.map((p) => p.path).sort() };
  return [
    { file: 'builds/latest.json', content: JSON.stringify(manifest) },
    { file: `builds/meta/${manifest.id}.json`, content: JSON.stringify(meta) },
    { file: 'sitemap.xml', content: sitemap(pages, siteUrl) },
    { file: 'robots.txt', content: robotsTxt(siteUrl, noindex) },
  ];
}

/** sitemap.xml with hreflang alternates (rule 12); pages marked noIndex are left out. */
function sitemap(pages: Page[], siteUrl: string): string {
  const urls = pages
    .filter((page) => !page.seo.noIndex)
    .map((page) => {
      const alternates = LOCALES.filter((l: Locale) => page.alternates[l])
        .map((l) => `    <xhtml:link rel="alternate" hreflang="${escapeHtml(LOCALE_INFO[l].tag)}" href="${escapeHtml(absoluteUrl(siteUrl, page.alternates[l]!))}"/>`)
        .join('\n');
      const day = lastmodOf(page.updatedAt);
      const lastmod = day ? `\n    <lastmod>${day}</lastmod>` : '';
      return `  <url>\n    <loc>${escapeHtml(absoluteUrl(siteUrl, page.path))}</loc>${lastmod}\n${alternates}\n  </url>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * The sitemap's `<lastmod>` (W3C date, yyyy-mm-dd) of a CMS `updatedAt`, or
 * null when it is not a real date: a CMS value such as `<!--` never reaches
 * the XML.
 */
function lastmodOf(updatedAt: string | null): string | null {
  const match = updatedAt ? /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(updatedAt) : null;
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? match[0].slice(0, 10) : null;
}
