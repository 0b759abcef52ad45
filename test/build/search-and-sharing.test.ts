import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { listFiles } from '../../src/node/build/hash.js';
import { ROOT } from '../../src/node/build/paths.js';
import { STRUCTURED_DATA_ID, type PagePayload } from '../../src/shared/payload.js';
import { payloadFile } from '../../src/shared/routes.js';
import { structuredDataHtml } from '../../src/shared/structured-data.js';
import { fromWire } from '../../src/shared/wire.js';
import { buildSite } from '../support/build-site.js';

/**
 * docs/search-and-sharing.md: every page of the bundled site as built,
 * its JSON-LD checked node by node against the properties below, and its
 * share card against the file it names.
 */

/**
 * Which properties are checked, per schema.org type (docs/search-and-sharing.md, "Structured
 * data" prints this table). `required`: Google's rich-result documentation
 * calls them required, or this site promises them; `recommended`: Google's
 * recommended ones, all of which the bundled content has, so they are
 * required here too; `absent`: what the content contract has no field for,
 * so the build must not invent it.
 */
const PROPERTIES: Record<string, { required: string[]; recommended: string[]; absent?: string[]; source: string }> = {
  Organization: {
    required: ['@id', 'name', 'url', 'logo'],
    recommended: ['sameAs', 'contactPoint'],
    absent: ['address', 'email', 'foundingDate'],
    source: 'Google, Organization: name, url, logo (recommended; no property is required), sameAs, contactPoint',
  },
  'BlogPosting.author': {
    required: ['@id', 'name', 'url'],
    recommended: [],
    source: 'Google, Article: author.name and author.url (the content contract has no author: the Organization)',
  },
  ContactPoint: { required: ['telephone', 'contactType'], recommended: [], source: 'schema.org ContactPoint' },
  WebSite: { required: ['@id', 'name', 'url'], recommended: ['inLanguage', 'publisher'], source: 'Google, Site names: name and url required' },
  WebPage: { required: ['@id', 'name', 'inLanguage', 'isPartOf'], recommended: [], source: 'this site: the language of every page below the home' },
  BreadcrumbList: { required: ['itemListElement'], recommended: [], source: 'Google, Breadcrumb: itemListElement (at least two ListItems)' },
  ListItem: { required: ['position', 'name'], recommended: [], source: 'Google, Breadcrumb: position, name; item on every step but the last' },
  BlogPosting: {
    required: ['headline', 'image', 'datePublished', 'dateModified', 'author'],
    recommended: ['publisher', 'inLanguage', 'description', 'mainEntityOfPage'],
    source: 'Google, Article: headline, image, datePublished, dateModified, author (name and url)',
  },
  HotelRoom: {
    required: ['name', 'url'],
    recommended: ['description', 'image'],
    absent: ['bed', 'occupancy', 'floorSize', 'amenityFeature', 'offers', 'containedInPlace'],
    source: 'schema.org HotelRoom (Google has no rich result for it: hotel prices come from Hotel Center feeds)',
  },
  Resort: {
    required: ['@id', 'name', 'parentOrganization'],
    recommended: ['containedInPlace'],
    absent: ['address', 'geo', 'telephone', 'image', 'starRating', 'priceRange', 'checkinTime', 'checkoutTime', 'amenityFeature'],
    source: 'Google, Local business: name and address required, geo, telephone, image, priceRange recommended; the contract has only code, name, destination',
  },
  Place: { required: ['name'], recommended: [], source: "a resort's destination (booking block `resorts[].destination`)" },
};

const SITE = 'https://marea.example';
type Node = Record<string, unknown> & { '@type': string };

interface BuiltPage {
  file: string;
  html: string;
  doc: Document;
  payload: PagePayload | null;
  graph: Node[] | null;
}

let pages: BuiltPage[];
let dist: string;
beforeAll(async () => {
  const build = await buildSite(path.join(ROOT, 'content-cache'));
  dist = build.paths.dist;
  const files = (await listFiles(dist)).filter((file) => file.endsWith('.html') && !file.startsWith('builds/') && !file.startsWith('assets/'));
  pages = await Promise.all(
    files.map(async (file) => {
      const html = await readFile(path.join(dist, file), 'utf8');
      const doc = new JSDOM(html).window.document;
      const canonical = doc.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
      // Read as the client reads it (media packed on the wire: src/shared/wire.ts).
      const payload = canonical ? (fromWire(JSON.parse(await readFile(path.join(dist, payloadFile(new URL(canonical).pathname)), 'utf8'))) as PagePayload) : null;
      const script = doc.querySelectorAll('script[type="application/ld+json"]');
      expect(script.length, `${file}: one JSON-LD script at most`).toBeLessThanOrEqual(1);
      const json = script[0] ? (JSON.parse(script[0].textContent ?? '') as { '@context': string; '@graph': Node[] }) : null;
      if (json) expect(json['@context'], file).toBe('https://schema.org');
      return { file, html, doc, payload, graph: json?.['@graph'] ?? null };
    }),
  );
});

const meta = (doc: Document, key: string) => doc.querySelector<HTMLMetaElement>(`meta[property="${key}"], meta[name="${key}"]`)?.content ?? null;
const byFile = (file: string) => pages.find((p) => p.file === file)!;

/** Every typed node of a graph, nested ones included (the author, a contact point, list items, places), with the table row that checks it. */
function allNodes(value: unknown, out: { node: Node; row: string }[] = [], parent = ''): { node: Node; row: string }[] {
  if (Array.isArray(value)) value.forEach((v) => allNodes(v, out, parent));
  else if (value && typeof value === 'object') {
    const type = (value as Node)['@type'];
    if (typeof type === 'string') out.push({ node: value as Node, row: parent === 'BlogPosting.author' ? parent : type });
    for (const [key, child] of Object.entries(value)) allNodes(child, out, `${typeof type === 'string' ? type : parent}.${key}`);
  }
  return out;
}

const filled = (value: unknown) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

describe('structured data (docs/search-and-sharing.md, "Structured data")', () => {
  it('every page has one JSON-LD graph in its static HTML; the 404 pages have none (served for any path with status 404)', () => {
    expect(pages.length).toBeGreaterThanOrEqual(47);
    for (const page of pages) {
      if (page.file.endsWith('404.html')) expect(page.graph, page.file).toBeNull();
      else expect(page.graph?.length, page.file).toBeGreaterThan(0);
    }
  });

  it('every node has the properties of its type (the table in this file) and none the content cannot give', () => {
    const seen = new Set<string>();
    const problems: string[] = [];
    for (const page of pages) {
      for (const { node, row } of allNodes(page.graph ?? [])) {
        const spec = PROPERTIES[row];
        if (!spec) {
          problems.push(`${page.file}: ${row} is not in the table`);
          continue;
        }
        seen.add(row);
        for (const key of [...spec.required, ...spec.recommended]) if (!filled(node[key])) problems.push(`${page.file}: ${node['@type']} without ${key}`);
        for (const key of spec.absent ?? []) if (key in node) problems.push(`${page.file}: ${node['@type']} has ${key}, which the content contract has no field for`);
      }
    }
    expect(problems).toEqual([]);
    expect([...seen].sort()).toEqual(Object.keys(PROPERTIES).sort());
  });

  it('urls are absolute on SITE_URL, dates are ISO 8601, languages are the <html lang> of the page', () => {
    for (const page of pages.filter((p) => p.graph)) {
      const lang = page.doc.documentElement.lang;
      for (const { node } of allNodes(page.graph)) {
        for (const key of ['url', 'item', 'logo', 'image', '@id'])
          if (typeof node[key] === 'string') expect(node[key] as string, `${page.file} ${node['@type']}.${key}`).toMatch(new RegExp(`^${SITE}/`));
        for (const key of ['datePublished', 'dateModified']) if (key in node) expect(Number.isNaN(Date.parse(node[key] as string)), `${page.file} ${key}`).toBe(false);
        if ('inLanguage' in node) expect(node.inLanguage, page.file).toBe(lang);
      }
      expect(['en-US', 'es-MX']).toContain(lang);
    }
  });

  it('home pages: Organization (logo from the header, sameAs from the footer, the phone for every country) and WebSite; the resorts of the booking block', () => {
    for (const [file, lang, home] of [
      ['index.html', 'en-US', `${SITE}/`],
      ['es.html', 'es-MX', `${SITE}/es`],
    ] as const) {
      const graph = byFile(file).graph!;
      const org = graph.find((n) => n['@type'] === 'Organization')!;
      expect(org).toMatchObject({ '@id': `${SITE}/#organization`, name: 'Marea Resorts', url: `${SITE}/`, contactPoint: { telephone: '+52 984 555 0100' } });
      expect(org.logo).toMatch(/\/assets\/media\/marea_resorts_logo[^/]*\.svg$/);
      expect(org.sameAs).toEqual(expect.arrayContaining(['https://www.instagram.com/marearesorts.example', 'https://www.youtube.com/@marearesorts.example']));
      expect(graph.find((n) => n['@type'] === 'WebSite')).toMatchObject({ '@id': `${home}#website`, url: home, inLanguage: lang, name: 'Marea Resorts' });
      expect(graph.filter((n) => n['@type'] === 'Resort').map((n) => n.name)).toEqual(['Marea Tulum', 'Marea Playa del Carmen', 'Marea Punta Mita']);
      expect(
        graph.some((n) => n['@type'] === 'BreadcrumbList'),
        file,
      ).toBe(false);
    }
  });

  it('BreadcrumbList on every page below the home: positions from 1, names are the titles of the ancestors that exist (in the page’s locale), the last has no item', () => {
    const titles = new Map(pages.filter((p) => p.payload).map((p) => [p.payload!.head.canonical, p.payload!.page.title]));
    let checked = 0;
    for (const page of pages.filter((p) => p.payload && p.payload.page.slug !== 'home')) {
      const list = page.graph!.find((n) => n['@type'] === 'BreadcrumbList');
      expect(list, page.file).toBeDefined();
      const items = list!.itemListElement as { position: number; name: string; item?: string }[];
      expect(items.length, page.file).toBeGreaterThanOrEqual(2);
      expect(items.map((i) => i.position)).toEqual(items.map((_, i) => i + 1));
      expect(items.at(-1)!.item, page.file).toBeUndefined();
      expect(items.at(-1)!.name, page.file).toBe(page.payload!.page.title);
      expect(items[0]!.item).toBe(page.payload!.locale === 'es' ? `${SITE}/es` : `${SITE}/`);
      for (const item of items.slice(0, -1)) expect(titles.get(item.item!), `${page.file}: ${item.item}`).toBe(item.name);
      checked += 1;
    }
    expect(checked).toBeGreaterThanOrEqual(40);
    const post = byFile('es/blog/temporada-de-tortugas-marinas.html').graph!.find((n) => n['@type'] === 'BreadcrumbList')!;
    expect((post.itemListElement as { name: string }[]).map((i) => i.name)).toEqual(['Inicio', 'Blog', 'Temporada de tortugas marinas en la Riviera Maya']);
  });

  it('posts are BlogPosting (dates from `date` and `updatedAt`, the Organization as author), rooms HotelRoom, destinations their resorts', () => {
    const posts = pages.filter((p) => p.payload?.page.kind === 'post');
    expect(posts.length).toBeGreaterThanOrEqual(7);
    for (const page of posts) {
      const post = page.graph!.find((n) => n['@type'] === 'BlogPosting')!;
      expect(post, page.file).toMatchObject({ headline: page.payload!.page.title, datePublished: page.payload!.page.date, dateModified: page.payload!.page.updatedAt });
      expect(post.author).toEqual({ '@type': 'Organization', '@id': `${SITE}/#organization`, name: 'Marea Resorts', url: `${SITE}/` });
      expect(post.image).toBe(meta(page.doc, 'og:image'));
    }
    for (const page of pages.filter((p) => p.payload?.page.kind === 'room')) {
      expect(
        page.graph!.find((n) => n['@type'] === 'HotelRoom'),
        page.file,
      ).toMatchObject({ name: page.payload!.page.title, url: page.payload!.head.canonical });
    }
    const resorts = (file: string) => byFile(file).graph!.filter((n) => n['@type'] === 'Resort');
    expect(resorts('destinations/riviera-maya.html').map((n) => n.name)).toEqual(['Marea Tulum', 'Marea Playa del Carmen']);
    expect(resorts('destinations/riviera-nayarit.html').map((n) => [n.name, n.url])).toEqual([['Marea Punta Mita', `${SITE}/destinations/riviera-nayarit`]]);
    expect(resorts('rooms/ocean-view-suite.html')).toEqual([]);
  });

  it('the client makes the same graph from the page’s payload (what applyHead puts in the DOM after a client-side navigation)', () => {
    for (const page of pages.filter((p) => p.payload)) {
      const script = page.html.match(new RegExp(`<script type="application/ld\\+json" id="${STRUCTURED_DATA_ID}">.*?</script>`))?.[0];
      expect(structuredDataHtml(page.payload!), page.file).toBe(script);
    }
  });
});

describe('share cards (docs/search-and-sharing.md, "Share cards")', () => {
  it('og:type, og:locale and its alternates, og:site_name, twitter:card on every page; article:published_time on posts', () => {
    for (const page of pages.filter((p) => p.payload)) {
      const { doc, payload } = page;
      const post = payload!.page.kind === 'post';
      expect(meta(doc, 'og:type'), page.file).toBe(post ? 'article' : 'website');
      expect(meta(doc, 'article:published_time'), page.file).toBe(post ? payload!.page.date : null);
      expect(meta(doc, 'og:locale'), page.file).toBe(payload!.locale === 'es' ? 'es_MX' : 'en_US');
      const alternates = [...doc.querySelectorAll<HTMLMetaElement>('meta[property="og:locale:alternate"]')].map((m) => m.content);
      expect(alternates, page.file).toEqual(Object.keys(payload!.page.alternates).length > 1 ? [payload!.locale === 'es' ? 'en_US' : 'es_MX'] : []);
      expect(meta(doc, 'og:site_name'), page.file).toBe('Marea Resorts');
      expect(meta(doc, 'twitter:card'), page.file).toBe('summary_large_image');
    }
  });

  it('og:image is a JPEG or PNG at most 1200 px wide, never enlarged, whose width and height are the file’s own; with its alt text', async () => {
    const files = new Set<string>();
    for (const page of pages.filter((p) => p.payload)) {
      const url = meta(page.doc, 'og:image');
      expect(url, page.file).toMatch(new RegExp(`^${SITE}/assets/media/.+\\.share-[0-9a-f]{8}\\.(jpg|png)$`));
      expect(meta(page.doc, 'og:image:alt'), page.file).toBeTruthy();
      const file = url!.slice(SITE.length + 1);
      const { width, height, format } = await sharp(path.join(dist, file)).metadata();
      expect([meta(page.doc, 'og:image:width'), meta(page.doc, 'og:image:height')], page.file).toEqual([String(width), String(height)]);
      expect(format, file).toBe(file.endsWith('.png') ? 'png' : 'jpeg');
      files.add(file);
    }
    // The bundled photos are at least 1200 px wide: every rendition is exactly 1200.
    for (const file of files) expect((await sharp(path.join(dist, file)).metadata()).width, file).toBe(1200);
    expect(files.size).toBeGreaterThanOrEqual(8);
  });

  it('the metaImage first, else the first hero image; a page with neither shares its home page’s image (same locale)', () => {
    const image = (file: string) => meta(byFile(file).doc, 'og:image')!;
    const seoImage = byFile('rooms/ocean-view-suite.html').payload!.page.seo.metaImage!.url;
    expect(image('rooms/ocean-view-suite.html')).toContain(seoImage.slice(0, seoImage.lastIndexOf('.')));
    // The garden villa has no metaImage: its hero's.
    const hero = byFile('rooms/garden-villa.html').payload!.page.blocks.find((b) => b.component === 'blocks.hero')!.props.media as { url: string };
    expect(image('rooms/garden-villa.html')).toContain(hero.url.slice(0, hero.url.lastIndexOf('.')));
    // Terms: no metaImage, hero or cover.
    expect(image('terms.html')).toBe(image('index.html'));
    expect(image('es/terminos-y-condiciones.html')).toBe(image('es.html'));
  });

  it('404 pages carry no share card of a page (no og:type, og:image or JSON-LD)', () => {
    for (const file of ['404.html', 'es/404.html']) {
      const { doc } = byFile(file);
      expect([meta(doc, 'og:type'), meta(doc, 'og:image'), meta(doc, 'twitter:card')], file).toEqual([null, null, null]);
    }
  });
});
