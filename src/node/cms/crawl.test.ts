// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCmsClient } from './client.js';
import { crawl } from './crawl.js';
import { sendJson, startTestServer, type TestServer } from '../../../test/support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const media = (name: string, updatedAt = '2026-01-01T00:00:00.000Z') => ({
  id: 1,
  url: `/uploads/${name}.jpg`,
  mime: 'image/jpeg',
  updatedAt,
  formats: { small: { url: `/uploads/small_${name}.jpg`, mime: 'image/jpeg', width: 500, height: 300 } },
});

const page = (locale: string, updatedAt: string) => ({
  id: 1,
  documentId: 'home',
  slug: 'home',
  locale,
  updatedAt,
  cover: media('cover'),
  blocks: [
    { __component: 'blocks.hero', id: 1, media: media(`hero-${locale}`, '2026-03-01T00:00:00.000Z') },
    { __component: 'blocks.wysiwyg', id: 2, body: [{ type: 'link', url: 'https://example.com', children: [] }] },
  ],
});

/** A small Strapi 5: pages and modals in two locales, a layout in English only, no error page, promo codes. */
function fakeStrapi(req: Parameters<TestServer['handle']>[0], res: Parameters<TestServer['handle']>[1]) {
  const url = new URL(req.url ?? '', 'http://x');
  const locale = url.searchParams.get('locale');
  const list = (data: unknown[]) => sendJson(res, 200, { data, meta: { pagination: { page: 1, pageSize: 100, pageCount: 1, total: data.length } } });
  switch (url.pathname) {
    case '/api/pages':
      return list([page(locale ?? '', locale === 'en' ? '2026-04-01T10:00:00.000Z' : '2026-04-02T10:00:00.000Z')]);
    case '/api/modals':
      return list([{ id: 3, modalName: `m-${locale}`, dynZone: [{ __component: 'modals.room', images: [media('room')] }] }]);
    case '/api/promo-codes':
      return list([{ id: 9, code: 'SUMMER26', updatedAt: '2026-05-05T00:00:00.000Z', countries: { country: ['USA'] } }]);
    case '/api/layout':
      return locale === 'en'
        ? sendJson(res, 200, {
            data: { id: 1, header: [{ __component: 'blocks.header', logo: { url: 'https://cdn.example.com/logo.svg', mime: 'image/svg+xml' } }], footer: [] },
            meta: {},
          })
        : sendJson(res, 404, { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } });
    default:
      return sendJson(res, 404, { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } });
  }
}

describe('crawl', () => {
  it('fetches every endpoint per locale, promo codes once, and assembles the RawSite', async () => {
    server.reset(fakeStrapi);
    const client = createCmsClient({ url: server.url, backoffMs: 1 });
    const { raw, responses, media: urls } = await crawl({ cmsLocales: { en: 'en', es: 'es-MX' } }, client);

    const requested = server.requests.map((request) => {
      const url = new URL(request.url, 'http://x');
      return `${url.pathname} ${url.searchParams.get('locale') ?? '-'}`;
    });
    expect(requested.sort()).toEqual([
      '/api/error-page en',
      '/api/error-page es-MX',
      '/api/layout en',
      '/api/layout es-MX',
      '/api/modals en',
      '/api/modals es-MX',
      '/api/pages en',
      '/api/pages es-MX',
      '/api/promo-codes -',
    ]);

    expect([...responses.keys()]).toEqual([
      'pages.en.json',
      'pages.es-MX.json',
      'layout.en.json',
      'layout.es-MX.json',
      'error-page.en.json',
      'error-page.es-MX.json',
      'modals.en.json',
      'modals.es-MX.json',
      'promo-codes.json',
    ]);
    expect(responses.get('layout.es-MX.json')).toEqual({ data: null, meta: {} });

    expect(raw.source).toBe('cms');
    expect(raw.cmsLocales).toEqual({ en: 'en', es: 'es-MX' });
    expect((raw.pages.es as Array<{ locale: string }>)[0]?.locale).toBe('es-MX');
    expect(raw.layout.en).toMatchObject({ id: 1 });
    expect(raw.layout.es).toBeNull();
    expect(raw.errorPage).toEqual({ en: null, es: null });
    expect((raw.modals.en as Array<{ modalName: string }>)[0]?.modalName).toBe('m-en');
    expect(raw.promoCodes).toHaveLength(1);
    expect(raw.newestUpdate).toBe('2026-05-05T00:00:00.000Z');

    expect(urls).toEqual([
      '/uploads/cover.jpg',
      '/uploads/hero-en.jpg',
      '/uploads/hero-es-MX.jpg',
      '/uploads/room.jpg',
      '/uploads/small_cover.jpg',
      '/uploads/small_hero-en.jpg',
      '/uploads/small_hero-es-MX.jpg',
      '/uploads/small_room.jpg',
      'https://cdn.example.com/logo.svg',
    ]);
  });

  it('reads updatedAt from Strapi 4 attributes', async () => {
    server.reset((req, res) => {
      const path = new URL(req.url ?? '', 'http://x').pathname;
      if (path === '/api/layout' || path === '/api/error-page') return sendJson(res, 200, { data: null, meta: {} });
      const data = path === '/api/pages' ? [{ id: 1, attributes: { slug: 'home', updatedAt: '2025-02-03T04:05:06.000Z' } }] : [];
      sendJson(res, 200, { data, meta: { pagination: { page: 1, pageSize: 100, pageCount: data.length, total: data.length } } });
    });
    const { raw } = await crawl({ cmsLocales: { en: 'en', es: 'es-MX' } }, createCmsClient({ url: server.url }));
    expect(raw.newestUpdate).toBe('2025-02-03T04:05:06.000Z');
  });

  it('fails when any endpoint fails', async () => {
    server.reset((req, res) =>
      req.url?.startsWith('/api/modals')
        ? sendJson(res, 400, { data: null, error: { status: 400, name: 'ValidationError', message: 'Invalid key dynZone', details: {} } })
        : fakeStrapi(req, res),
    );
    await expect(crawl({ cmsLocales: { en: 'en', es: 'es-MX' } }, createCmsClient({ url: server.url }))).rejects.toThrow('Invalid key dynZone');
  });
});
