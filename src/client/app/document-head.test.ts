import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorHead, headHtml } from '../../shared/head.js';
import type { Block, Page } from '../../shared/model.js';
import { EMPTY_PAGE_DATA } from '../../shared/page-data.js';
import { PAYLOAD_VERSION, STRUCTURED_DATA_ID, type ErrorPayload, type PagePayload } from '../../shared/payload.js';
import { structuredDataHtml } from '../../shared/structured-data.js';
import { FIXTURE_SITE, payloadFixture } from '../../shared/payload.fixture.js';
import { applyHead } from './document-head.js';

const SITE = FIXTURE_SITE;
const phone: Block = { component: 'blocks.phone', name: 'Phone', key: '0', countries: null, props: { numbers: [{ number: '+52 984 555 0100', countries: null }] } };

/** The static HTML's page and the next one, each with its share image. */
function payload(page: Partial<Page>): PagePayload {
  const slug = page.slug ?? 'home';
  const image = { url: `${SITE}/${slug}.share.jpg`, width: 1200, height: 800, alt: page.title ?? 'Home' };
  return payloadFixture(
    {
      slug,
      path: '/',
      title: 'Home',
      kind: 'page',
      updatedAt: null,
      alternates: { en: '/', es: '/es' },
      ...page,
      seo: { metaTitle: '', metaDescription: 'd', metaImage: null, noIndex: false },
    },
    { layout: { header: [phone], footer: [] }, image },
  );
}

const home = payload({});
const post = payload({ slug: 'blog/post', path: '/blog/post', title: 'A post', kind: 'post', alternates: { en: '/blog/post' } });
const notFound: ErrorPayload = {
  v: PAYLOAD_VERSION,
  kind: 'error',
  release: 'r',
  locale: 'en',
  status: 404,
  message: '',
  error: null,
  layout: null,
  head: errorHead('en', '404', 'This page does not exist.'),
  country: 'USA',
  day: '2026-06-01',
  data: EMPTY_PAGE_DATA,
};

const meta = (key: string) => [...document.head.querySelectorAll<HTMLMetaElement>(`meta[property="${key}"], meta[name="${key}"]`)].map((m) => m.content);
const ld = () => [...document.querySelectorAll(`script[type="application/ld+json"]`)].map((s) => JSON.parse(s.textContent ?? '') as { '@graph': { '@type': string }[] });

beforeEach(() => {
  // The static HTML of the home page, as the build writes it.
  document.head.innerHTML = headHtml(home.head) + structuredDataHtml(home);
});

describe('applyHead: the share card and the structured data follow client-side navigation (docs/search-and-sharing.md)', () => {
  it('navigating to a post replaces the graph and the card: the old graph goes at once, then one JSON-LD script, the post’s; article tags, no stale locale alternate', async () => {
    applyHead(post);
    expect(ld()).toEqual([]);
    await vi.waitFor(() => expect(ld()).toHaveLength(1));
    expect(ld()[0]!['@graph'].map((n) => n['@type'])).toEqual(['WebPage', 'BreadcrumbList', 'BlogPosting']);
    expect(document.getElementById(STRUCTURED_DATA_ID)?.textContent).toBe(structuredDataHtml(post).replace(/^<script[^>]*>|<\/script>$/g, ''));
    expect(meta('og:type')).toEqual(['article']);
    expect(meta('article:published_time')).toEqual(['2026-05-01']);
    expect(meta('og:image')).toEqual([`${SITE}/blog/post.share.jpg`]);
    expect(meta('og:locale:alternate')).toEqual([]);
    applyHead(home);
    expect(meta('article:published_time')).toEqual([]);
    expect(meta('og:locale:alternate')).toEqual(['es_MX']);
    await vi.waitFor(() => expect(ld()[0]?.['@graph'].map((n) => n['@type'])).toEqual(['Organization', 'WebSite']));
  });

  it('two navigations in a row: only the last page’s graph is shown', async () => {
    applyHead(post);
    applyHead(home);
    await vi.waitFor(() => expect(ld()).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ld().map((g) => g['@graph'][0]!['@type'])).toEqual(['Organization']);
  });

  it('an error page removes the previous page’s JSON-LD and share image', () => {
    applyHead(notFound);
    expect(ld()).toEqual([]);
    expect([...meta('og:image'), ...meta('og:type'), ...meta('twitter:card')]).toEqual([]);
  });
});
