import type { BlogPosting, BreadcrumbList, Graph, HotelRoom, Organization, ResortLeaf, Thing, WebPage, WebSite } from 'schema-dts';
import type { Resort as BookingResort } from './booking.js';
import { absoluteUrl, type HeadData } from './head.js';
import { RASTER_MIMES } from './media.js';
import type { BlockProps } from './blocks/catalogue.js';
import { isBlock } from './blocks/names.js';
import type { Block, Layout, Media, Page } from './model.js';
import { serializeForScript, STRUCTURED_DATA_ID, type Payload } from './payload.js';

/**
 * Structured data (schema.org JSON-LD, docs/search-and-sharing.md, "Structured data") of a page,
 * derived from its payload alone: the build writes it into the static HTML
 * and the client rebuilds it from the next page's payload after a
 * client-side navigation (document-head.ts). Only what the payload lacks is
 * in the head (`siteName`, `site`, `trail`, `image`), so the graph is never
 * stored twice. Nothing is invented: a property whose content field the
 * content contract does not have (address, geo, author, star rating, price)
 * is left out, and docs/search-and-sharing.md lists them.
 */

/**
 * Where a page's share image comes from (docs/search-and-sharing.md, "Share cards"): the SEO
 * metaImage, else the image of its first hero, else its cover; raster
 * images only (a chat app shows no SVG). Shared: the build encodes the
 * 1200 px rendition of this very image, the structured data names it as the
 * page's own.
 */
export function shareSource(page: Pick<Page, 'seo' | 'blocks' | 'cover'>): Media | null {
  const hero = page.blocks.find((b) => isBlock(b, 'blocks.hero'))?.props.media;
  return [page.seo.metaImage, hero, page.cover].find((m): m is Media => !!m && m.kind === 'image' && RASTER_MIMES.has(m.mime)) ?? null;
}

/** The Organization and WebSite name when the content names none: the logo's alt text, else the site's host. */
export function siteNameOf(layout: Layout | null, siteUrl: string): string {
  const alt = headerLogo(layout)?.alt.trim();
  return alt || (siteUrl.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').split('/')[0] ?? siteUrl);
}

function headerLogo(layout: Layout | null): Media | null {
  const logo = layout?.header.find((b) => isBlock(b, 'blocks.header'))?.props.logo;
  return logo?.url ? logo : null;
}

/** Footer social links (content contract, "Content blocks": `blocks.footer` `social[]`): the Organization's `sameAs`. */
function socialUrls(layout: Layout): string[] {
  const social = layout.footer.filter((b) => isBlock(b, 'blocks.footer')).flatMap((b) => (Array.isArray(b.props.social) ? b.props.social : []));
  return social.map((s) => s?.url).filter((url): url is string => typeof url === 'string' && /^https?:\/\//.test(url));
}

/** The number of a phone block meant for every country (no `countries`): the Organization's contact point. */
function worldwidePhone(layout: Layout): string | null {
  for (const block of [...layout.header, ...layout.footer]) {
    if (!isBlock(block, 'blocks.phone') || !Array.isArray(block.props.numbers)) continue;
    const open = block.props.numbers.find((n) => typeof n?.number === 'string' && n.number && (!Array.isArray(n.countries) || n.countries.length === 0));
    if (open?.number) return open.number;
  }
  return null;
}

function bookingResorts(blocks: Block[]): BookingItem[] {
  return blocks.flatMap((b) => (isBlock(b, 'blocks.booking') && Array.isArray(b.props.resorts) ? b.props.resorts : []));
}

type BookingItem = NonNullable<BlockProps<'blocks.booking'>['resorts']>[number];

const same = (a: string, b: string) => a.trim().localeCompare(b.trim(), undefined, { sensitivity: 'base' }) === 0;

/** The page's graph, or null for the error pages (served for any path with status 404: nothing to describe). */
export function structuredData(payload: Payload): Graph | null {
  if (payload.kind !== 'page') return null;
  const { page, head, layout } = payload;
  const ids = { org: `${head.site}#organization`, site: `${head.trail[0]?.url ?? head.canonical}#website` };
  const org = { '@id': ids.org };
  const image = shareSource(page) && head.image ? head.image.url : undefined;
  const nodes: Thing[] = [];
  if (page.slug === 'home') {
    nodes.push(organization(head, layout, ids.org));
    nodes.push({ '@type': 'WebSite', '@id': ids.site, name: head.siteName, url: head.canonical, inLanguage: head.lang, publisher: org } satisfies WebSite);
    for (const resort of uniqueByCode(bookingResorts(page.blocks))) nodes.push(resortNode(head, resort, org));
  } else {
    nodes.push({ '@type': 'WebPage', '@id': head.canonical, name: page.title, inLanguage: head.lang, isPartOf: { '@id': ids.site } } satisfies WebPage);
    if (head.trail.length > 1) nodes.push(breadcrumbs(head));
  }
  if (page.kind === 'post') {
    nodes.push({
      '@type': 'BlogPosting',
      headline: page.title,
      description: page.seo.metaDescription || page.summary || undefined,
      image,
      datePublished: page.date ?? undefined,
      dateModified: page.updatedAt ?? page.date ?? undefined,
      // The content contract has no author field: the Organization signs its posts (docs/search-and-sharing.md, "Structured data").
      author: { '@type': 'Organization', '@id': ids.org, name: head.siteName, url: head.site },
      publisher: org,
      inLanguage: head.lang,
      mainEntityOfPage: { '@id': head.canonical },
    } satisfies BlogPosting);
  } else if (page.kind === 'room') {
    nodes.push({ '@type': 'HotelRoom', name: page.title, description: page.summary || page.seo.metaDescription || undefined, image, url: head.canonical } satisfies HotelRoom);
  } else if (page.kind === 'destination') {
    // The resorts of the booking blocks whose destination is this page (content contract, "Content blocks": `resorts[]` {code,name,destination}).
    for (const resort of payload.data.resorts.filter((r) => same(r.destination, page.title))) nodes.push({ ...resortNode(head, resort, org), url: head.canonical });
  }
  return { '@context': 'https://schema.org', '@graph': nodes };
}

function organization(head: HeadData, layout: Layout, id: string): Organization {
  const logo = headerLogo(layout);
  const sameAs = socialUrls(layout);
  const telephone = worldwidePhone(layout);
  return {
    '@type': 'Organization',
    '@id': id,
    name: head.siteName,
    url: head.site,
    ...(logo && { logo: absoluteUrl(head.site, logo.url) }),
    ...(sameAs.length > 0 && { sameAs }),
    ...(telephone && { contactPoint: { '@type': 'ContactPoint', telephone, contactType: 'reservations' } }),
  };
}

function resortNode(head: HeadData, resort: BookingResort, org: { '@id': string }): ResortLeaf {
  return {
    '@type': 'Resort',
    '@id': `${head.site}#resort-${encodeURIComponent(resort.code)}`,
    name: resort.name,
    ...(resort.destination && { containedInPlace: { '@type': 'Place', name: resort.destination } }),
    parentOrganization: org,
  };
}

function uniqueByCode(resorts: BookingItem[]): BookingResort[] {
  const byCode = new Map<string, BookingResort>();
  for (const r of resorts)
    if (typeof r?.code === 'string' && typeof r.name === 'string' && !byCode.has(r.code)) byCode.set(r.code, { code: r.code, name: r.name, destination: r.destination ?? '' });
  return [...byCode.values()];
}

/** Google's breadcrumb rules: positions from 1, a name each, the url of every step but the last (the page itself). */
function breadcrumbs(head: HeadData): BreadcrumbList {
  const last = head.trail.length - 1;
  return {
    '@type': 'BreadcrumbList',
    itemListElement: head.trail.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, name: crumb.name, ...(i < last && { item: crumb.url }) })),
  };
}

/**
 * The page's `<script type="application/ld+json">` for the static HTML, or
 * '' for the error pages. Escaped as the payload is (`serializeForScript`):
 * no content can close the element.
 */
export function structuredDataHtml(payload: Payload): string {
  const graph = structuredData(payload);
  return graph ? `<script type="application/ld+json" id="${STRUCTURED_DATA_ID}">${serializeForScript(graph)}</script>` : '';
}
