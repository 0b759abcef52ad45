import type { Locale, Page } from './model.js';
import { LOCALES, LOCALE_INFO } from './locales.js';

/** A page's share-card image (docs/search-and-sharing.md, "Share cards"): a JPEG or PNG rendition, absolute url, its real pixel size. */
export interface ShareImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

/** One step of a page's breadcrumb trail (docs/search-and-sharing.md, "Structured data"), absolute url. */
export interface Crumb {
  name: string;
  url: string;
}

export interface HeadData {
  lang: string;
  title: string;
  description: string;
  canonical: string;
  robots: string | null;
  /** Rule 12: every built translation plus `x-default`. */
  alternates: { hreflang: string; href: string }[];
  /** `og:image`: the page's share image, else the home page's of its locale; null on error pages. */
  image: ShareImage | null;
  /** `og:site_name`, and the name of the Organization and WebSite of the structured data; '' when unknown. */
  siteName: string;
  /** `og:type`: `article` for posts, `website` for everything else. */
  type: 'website' | 'article';
  /** `article:published_time` of a dated post, else null. */
  published: string | null;
  /** The site's root url (SITE_URL + `/`): the Organization's url, and the base of the structured data's `@id`s. */
  site: string;
  /** Breadcrumbs of a page below the home: the home, the ancestor pages that exist, the page itself. Empty for home and error pages. */
  trail: Crumb[];
}

/** What a page's head takes from the rest of the site (payloads.ts works it out at build time). */
export interface HeadContext {
  siteName: string;
  image: ShareImage | null;
  trail: Crumb[];
}

const NO_CONTEXT: HeadContext = { siteName: '', image: null, trail: [] };

/** Rule 12: absolute URL of a site path from SITE_URL (no trailing slash on paths). */
export function absoluteUrl(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${path === '/' ? '/' : path}`;
}

export function pageHead(
  page: Pick<Page, 'locale' | 'path' | 'title' | 'seo' | 'alternates'> & Partial<Pick<Page, 'kind' | 'date'>>,
  siteUrl: string,
  titleSuffix: string,
  context: HeadContext = NO_CONTEXT,
): HeadData {
  const alternates: HeadData['alternates'] = [];
  for (const locale of LOCALES) {
    const path = page.alternates[locale];
    if (path) alternates.push({ hreflang: LOCALE_INFO[locale].tag, href: absoluteUrl(siteUrl, path) });
  }
  const defaultPath = page.alternates.en ?? page.path;
  if (alternates.length > 0) alternates.push({ hreflang: 'x-default', href: absoluteUrl(siteUrl, defaultPath) });
  const title = page.seo.metaTitle || page.title;
  const article = page.kind === 'post';
  return {
    lang: LOCALE_INFO[page.locale].tag,
    title: titleSuffix && !title.includes(titleSuffix) ? `${title} | ${titleSuffix}` : title,
    description: page.seo.metaDescription,
    canonical: absoluteUrl(siteUrl, page.path),
    robots: page.seo.noIndex ? 'noindex' : null,
    alternates,
    image: context.image,
    siteName: context.siteName,
    type: article ? 'article' : 'website',
    published: article ? (page.date ?? null) : null,
    site: absoluteUrl(siteUrl, '/'),
    trail: context.trail,
  };
}

/**
 * Rule 28: the head of a locale's 404 page. No `noindex`: the CDN answers
 * every unknown URL with status 404, which keeps it out of search indexes by
 * itself (docs/search-and-sharing.md); the page's own file at `/404` is listed
 * nowhere (not in the sitemap, linked from no page).
 */
export function errorHead(locale: Locale, title: string, description: string): HeadData {
  return {
    lang: LOCALE_INFO[locale].tag,
    title,
    description,
    canonical: '',
    robots: null,
    alternates: [],
    image: null,
    siteName: '',
    type: 'website',
    published: null,
    site: '',
    trail: [],
  };
}

/** `og:locale` of a BCP 47 tag (`es-MX` → `es_MX`): Open Graph spells locales with an underscore. */
function ogLocale(tag: string): string {
  return tag.replace('-', '_');
}

/** `og:locale:alternate`: the locales of the page's other built translations (rule 12's hreflang links, `x-default` aside). */
export function ogLocaleAlternates(head: Pick<HeadData, 'lang' | 'alternates'>): string[] {
  return head.alternates.filter((alt) => alt.hreflang !== 'x-default' && alt.hreflang !== head.lang).map((alt) => ogLocale(alt.hreflang));
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
/** Text for HTML content or a double-quoted attribute value (the build's head tags, rich text from Strapi blocks). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ESCAPES[c]!);
}

/**
 * The share-card tags (Open Graph, X), in page order, each with how its value
 * comes from the head (null: the tag is left out): the static page writes them
 * (headHtml) and the client sets the same ones after a client-side navigation
 * (document-head.ts). X reads `og:title`, `og:description` and `og:image` when
 * its own are absent, so only `twitter:card` is written (fewer bytes a page).
 */
const SHARE_TAGS: ['name' | 'property', string, (head: HeadData) => string | null | undefined][] = [
  ['property', 'og:type', (head) => (head.canonical ? head.type : null)],
  ['property', 'og:site_name', (head) => head.siteName],
  ['property', 'og:locale', (head) => (head.canonical ? ogLocale(head.lang) : null)],
  ['property', 'og:title', (head) => head.title],
  ['property', 'og:description', (head) => head.description],
  ['property', 'og:url', (head) => head.canonical],
  ['property', 'og:image', (head) => head.image?.url],
  ['property', 'og:image:width', (head) => head.image && String(head.image.width)],
  ['property', 'og:image:height', (head) => head.image && String(head.image.height)],
  ['property', 'og:image:alt', (head) => head.image?.alt],
  ['property', 'article:published_time', (head) => head.published],
  ['name', 'twitter:card', (head) => (head.image ? 'summary_large_image' : null)],
];

/** Every share-card tag a head may carry, so the client removes the ones the next page has not. */
export const SHARE_KEYS: readonly (readonly ['name' | 'property', string])[] = SHARE_TAGS.map(([attribute, key]) => [attribute, key] as const);

/** The share-card tags of a head as `[attribute, key, value]`, in page order, the empty ones left out. */
export function shareTags(head: HeadData): ['name' | 'property', string, string][] {
  return SHARE_TAGS.flatMap(([attribute, key, value]) => {
    const content = value(head);
    return content ? [[attribute, key, content] as ['name' | 'property', string, string]] : [];
  });
}

/** The head as HTML, for the static page. The client applies the same data on navigation. */
export function headHtml(head: HeadData): string {
  const tags = [`<title>${escapeHtml(head.title)}</title>`];
  if (head.description) tags.push(`<meta name="description" content="${escapeHtml(head.description)}" />`);
  if (head.robots) tags.push(`<meta name="robots" content="${head.robots}" />`);
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`);
  for (const alt of head.alternates) tags.push(`<link rel="alternate" hreflang="${alt.hreflang}" href="${escapeHtml(alt.href)}" />`);
  for (const [attribute, key, value] of shareTags(head)) tags.push(`<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`);
  for (const locale of ogLocaleAlternates(head)) tags.push(`<meta property="og:locale:alternate" content="${locale}" />`);
  return tags.join('\n    ');
}
