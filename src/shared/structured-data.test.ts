// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { errorHead, headHtml } from './head.js';
import type { Block, Layout, Page } from './model.js';
import type { Component } from './blocks/catalogue.js';
import { EMPTY_PAGE_DATA } from './page-data.js';
import { PAYLOAD_VERSION, type ErrorPayload, type PagePayload } from './payload.js';
import { structuredData, structuredDataHtml } from './structured-data.js';
import { FIXTURE_SITE, payloadFixture } from './payload.fixture.js';

const SITE = FIXTURE_SITE;
const HOSTILE = '</script><script>alert(1)</script><!--';

const block = (component: Component, props: Record<string, unknown>): Block => ({ component, name: component, key: component, countries: null, props });

/** A post's payload (payload.fixture.ts) in `layout`, below the given ancestors. */
const payload = (page: Partial<Page>, layout?: Layout, ancestors?: { name: string; url: string }[]): PagePayload => payloadFixture(page, { layout, ancestors });

describe('structured data: escaping (docs/search-and-sharing.md, "Structured data")', () => {
  it('a hostile title cannot close the JSON-LD script or open a comment, and reads back as written', () => {
    const html = structuredDataHtml(payload({ title: HOSTILE, summary: HOSTILE }));
    expect(html.match(/<\/script/gi)).toHaveLength(1);
    expect(html.endsWith('</script>')).toBe(true);
    expect(html).not.toContain('<!--');
    const json = JSON.parse(html.slice(html.indexOf('>') + 1, -'</script>'.length)) as { '@graph': { headline?: string }[] };
    expect(json['@graph'].find((n) => n.headline)?.headline).toBe(HOSTILE);
  });

  it('a hostile site name, logo alt or phone number in the share-card tags is escaped too', () => {
    const head = { ...payload({}).head, siteName: HOSTILE, image: { url: `${SITE}/a.jpg`, width: 1200, height: 630, alt: `"${HOSTILE}` } };
    const html = headHtml(head);
    expect(html).not.toContain('<script');
    expect(html).toContain('content="&quot;&lt;/script&gt;');
  });
});

describe('structured data: only what the content has', () => {
  it('the error pages have none', () => {
    const error: ErrorPayload = {
      v: PAYLOAD_VERSION,
      kind: 'error',
      release: 'r',
      locale: 'es',
      status: 404,
      message: '',
      error: null,
      layout: null,
      head: errorHead('es', '404', 'Esta página no existe.'),
      country: 'MEX',
      day: '2026-06-01',
      data: EMPTY_PAGE_DATA,
    };
    expect(structuredData(error)).toBeNull();
    expect(structuredDataHtml(error)).toBe('');
  });

  it('a home page without logo, social links or a phone for every country gets an Organization without them, never an invented value', () => {
    const layout: Layout = {
      header: [block('blocks.phone', { numbers: [{ label: 'US', number: '+1 800 000 0000', countries: ['USA'] }] })],
      footer: [block('blocks.footer', { social: [{ network: 'x', url: 'javascript:alert(1)' }] })],
    };
    const graph = structuredData(payload({ slug: 'home', path: '/', kind: 'page' }, layout))!;
    const org = graph['@graph'].find((n) => (n as { '@type': string })['@type'] === 'Organization');
    expect(org).toEqual({ '@type': 'Organization', '@id': `${SITE}/#organization`, name: 'Marea', url: `${SITE}/` });
  });

  it('a post without a share image of its own names none (the home page’s share image is not the article’s), and no BreadcrumbList below two steps', () => {
    const page = payload({}, undefined, []);
    page.head.image = { url: `${SITE}/home.share.jpg`, width: 1200, height: 630, alt: 'home' };
    const graph = JSON.parse(structuredDataHtml(page).replace(/^<script[^>]*>|<\/script>$/g, ''))['@graph'] as Record<string, unknown>[];
    expect(graph.find((n) => n['@type'] === 'BlogPosting')).not.toHaveProperty('image');
    expect(graph.some((n) => n['@type'] === 'BreadcrumbList')).toBe(false);
  });

  it('a destination page lists only the resorts whose destination is its title (any case)', () => {
    const page = payload({ kind: 'destination', title: 'Riviera Maya', slug: 'destinations/riviera-maya', path: '/destinations/riviera-maya' });
    page.data = {
      ...EMPTY_PAGE_DATA,
      resorts: [
        { code: 'A', name: 'Marea Tulum', destination: 'riviera maya' },
        { code: 'B', name: 'Marea Punta Mita', destination: 'Riviera Nayarit' },
      ],
    };
    const resorts = (structuredData(page)!['@graph'] as unknown as Record<string, unknown>[]).filter((n) => n['@type'] === 'Resort');
    expect(resorts).toEqual([
      {
        '@type': 'Resort',
        '@id': `${SITE}/#resort-A`,
        name: 'Marea Tulum',
        containedInPlace: { '@type': 'Place', name: 'riviera maya' },
        parentOrganization: { '@id': `${SITE}/#organization` },
        url: `${SITE}/destinations/riviera-maya`,
      },
    ]);
  });
});
