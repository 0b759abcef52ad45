import { pageHead, type Crumb, type ShareImage } from './head.js';
import type { Layout, Page } from './model.js';
import { EMPTY_PAGE_DATA } from './page-data.js';
import { PAYLOAD_VERSION, type PagePayload } from './payload.js';

/** The site of the head and structured-data tests. */
export const FIXTURE_SITE = 'https://marea.example';

/**
 * A page payload as the build makes it (src/node/build/payloads.ts): a dated
 * English post unless `page` says otherwise, with the head context given
 * (its trail is the ancestors'; the page itself is added below the home).
 */
export function payloadFixture(page: Partial<Page>, context: { layout?: Layout; image?: ShareImage | null; ancestors?: Crumb[] } = {}): PagePayload {
  const full: Page = {
    locale: 'en',
    documentId: 'd',
    slug: 'blog/post',
    path: '/blog/post',
    title: 'A post',
    kind: 'post',
    summary: '',
    cover: null,
    date: '2026-05-01',
    seo: { metaTitle: '', metaDescription: '', metaImage: null, noIndex: false },
    blocks: [],
    updatedAt: '2026-05-03T09:12:00.000Z',
    alternates: { en: '/blog/post' },
    ...page,
  };
  const ancestors = context.ancestors ?? [{ name: 'Home', url: `${FIXTURE_SITE}/` }];
  const trail = full.slug === 'home' ? [] : [...ancestors, { name: full.title, url: `${FIXTURE_SITE}${full.path}` }];
  return {
    v: PAYLOAD_VERSION,
    kind: 'page',
    release: 'r',
    locale: full.locale,
    path: full.path,
    page: full,
    layout: context.layout ?? { header: [], footer: [] },
    head: pageHead(full, FIXTURE_SITE, '', { siteName: 'Marea', image: context.image ?? null, trail }),
    country: 'USA',
    day: '2026-06-01',
    data: EMPTY_PAGE_DATA,
  };
}
