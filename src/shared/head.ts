import type { Locale, Page } from './model.js';
import { LOCALES, LOCALE_INFO } from './locales.js';

export interface HeadData {
  lang: string;
  title: string;
  description: string;
  canonical: string;
  robots: string | null;
  /** Rule 12: every built translation plus `x-default`. */
  alternates: { hreflang: string; href: string }[];
  image: string | null;
}

/** Rule 12: absolute URL of a site path from SITE_URL (no trailing slash on paths). */
export function absoluteUrl(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${path === '/' ? '/' : path}`;
}

export function pageHead(page: Pick<Page, 'locale' | 'path' | 'title' | 'seo' | 'alternates'>, siteUrl: string, siteName: string): HeadData {
  const alternates: HeadData['alternates'] = [];
  for (const locale of LOCALES) {
    const path = page.alternates[locale];
    if (path) alternates.push({ hreflang: LOCALE_INFO[locale].tag, href: absoluteUrl(siteUrl, path) });
  }
  const defaultPath = page.alternates.en ?? page.path;
  if (alternates.length > 0) alternates.push({ hreflang: 'x-default', href: absoluteUrl(siteUrl, defaultPath) });
  const title = page.seo.metaTitle || page.title;
  return {
    lang: LOCALE_INFO[page.locale].tag,
    title: siteName && !title.includes(siteName) ? `${title} | ${siteName}` : title,
    description: page.seo.metaDescription,
    canonical: absoluteUrl(siteUrl, page.path),
    robots: page.seo.noIndex ? 'noindex' : null,
    alternates,
    image: page.seo.metaImage ? absoluteUrl(siteUrl, page.seo.metaImage.url) : null,
  };
}

/**
 * Rule 28: the head of a locale's 404 page. No `noindex`: the CDN answers
 * every unknown URL with status 404, which keeps it out of search indexes by
 * itself (README, Found by search); the page's own file at `/404` is listed
 * nowhere (not in the sitemap, linked from no page).
 */
export function errorHead(locale: Locale, title: string, description: string): HeadData {
  return { lang: LOCALE_INFO[locale].tag, title, description, canonical: '', robots: null, alternates: [], image: null };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
/** Text for HTML content or a double-quoted attribute value (the build's head tags, rich text from Strapi blocks). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ESCAPES[c]!);
}

/** The head as HTML, for the static page. The client applies the same data on navigation. */
export function headHtml(head: HeadData): string {
  const tags = [`<title>${escapeHtml(head.title)}</title>`];
  if (head.description) tags.push(`<meta name="description" content="${escapeHtml(head.description)}" />`);
  if (head.robots) tags.push(`<meta name="robots" content="${head.robots}" />`);
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`);
  for (const alt of head.alternates) tags.push(`<link rel="alternate" hreflang="${alt.hreflang}" href="${escapeHtml(alt.href)}" />`);
  tags.push(`<meta property="og:title" content="${escapeHtml(head.title)}" />`);
  if (head.description) tags.push(`<meta property="og:description" content="${escapeHtml(head.description)}" />`);
  if (head.canonical) tags.push(`<meta property="og:url" content="${escapeHtml(head.canonical)}" />`);
  if (head.image) tags.push(`<meta property="og:image" content="${escapeHtml(head.image)}" />`);
  return tags.join('\n    ');
}
