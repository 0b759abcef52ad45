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

export function manifestFiles(manifest: BuildManifest, pages: Page[], siteUrl: string): RenderedFile[] {
  const meta: BuildMeta = { ...manifest, matcher: ROUTE_PATTERNS, prerendered: pages.map((p) => p.path).sort() };
  return [
    { file: 'builds/latest.json', content: JSON.stringify(manifest) },
    { file: `builds/meta/${manifest.id}.json`, content: JSON.stringify(meta) },
    { file: 'sitemap.xml', content: sitemap(pages, siteUrl) },
    { file: 'robots.txt', content: `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(siteUrl, '/sitemap.xml')}\n` },
  ];
}

/** sitemap.xml with hreflang alternates (rule 12); pages marked noIndex are left out. */
function sitemap(pages: Page[], siteUrl: string): string {
  const urls = pages
    .filter((page) => !page.seo.noIndex)
    .map((page) => {
      const alternates = LOCALES.filter((l: Locale) => page.alternates[l])
        .map((l) => `    <xhtml:link rel="alternate" hreflang="${LOCALE_INFO[l].tag}" href="${escapeHtml(absoluteUrl(siteUrl, page.alternates[l]!))}"/>`)
        .join('\n');
      const lastmod = page.updatedAt ? `\n    <lastmod>${page.updatedAt.slice(0, 10)}</lastmod>` : '';
      return `  <url>\n    <loc>${escapeHtml(absoluteUrl(siteUrl, page.path))}</loc>${lastmod}\n${alternates}\n  </url>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}
