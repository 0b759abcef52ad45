// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCmsClient, MAX_ENTRIES_PER_COLLECTION, MAX_PAGES_PER_COLLECTION } from './client.js';
import { MalformedResponseError } from './malformed-response-error.js';
import { delay, queryOf, sendJson, startTestServer, type TestServer } from '../../../test/support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const client = (options: { token?: string; concurrency?: number; timeoutMs?: number } = {}) =>
  createCmsClient({ url: `${server.url}/`, backoffMs: 1, timeoutMs: 2_000, ...options });

/** A Strapi 5 collection of `total` entries served `perPage` at a time, the later pages answered faster. */
function paginated(total: number, perPage: number, latencyMs = 0) {
  return async (req: Parameters<TestServer['handle']>[0], res: Parameters<TestServer['handle']>[1]) => {
    const page = Number(new URL(req.url ?? '', 'http://x').searchParams.get('pagination[page]'));
    const pageCount = Math.ceil(total / perPage);
    await delay(latencyMs * (pageCount - page));
    const ids = Array.from({ length: total }, (_, i) => i + 1).slice((page - 1) * perPage, page * perPage);
    const data = ids.map((id) => ({ id, documentId: `doc${id}`, slug: `page-${id}` }));
    sendJson(res, 200, { data, meta: { pagination: { page, pageSize: perPage, pageCount, total } } });
  };
}

describe('fetchCollection', () => {
  it('requests every page and concatenates them in page order', async () => {
    server.reset(paginated(7, 3, 20));
    const response = await client().fetchCollection('pages', 'es-MX');
    expect(response.data.map((entry) => (entry as { id: number }).id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(response.meta.pagination).toEqual({ page: 1, pageSize: 7, pageCount: 1, total: 7 });
    const queries = server.requests.map(queryOf);
    expect(queries.map((query) => query.get('pagination[page]'))).toEqual(['1', '2', '3']);
    for (const query of queries) {
      expect(query.get('pagination[pageSize]')).toBe('100');
      expect(query.get('locale')).toBe('es-MX');
    }
    expect(server.requests.every((request) => request.url.startsWith('/api/pages?'))).toBe(true);
  });

  it('sends the populate on-fragments and no publication parameter', async () => {
    server.reset(paginated(1, 100));
    await client().fetchCollection('pages', 'en');
    const [request] = server.requests;
    expect(request?.url).toContain('populate%5Bblocks%5D%5Bon%5D%5Bblocks.hero%5D%5Bpopulate%5D=*');
    const keys = [...queryOf(request!).keys()];
    expect(keys).toContain('populate[blocks][on][blocks.carousel][populate][slides][populate]');
    expect(keys.some((key) => /^(status|publicationState)$/.test(key) || key.includes('draft'))).toBe(false);
  });

  it('sends the Bearer token only when one is configured', async () => {
    server.reset(paginated(1, 100));
    await client({ token: 'api-token' }).fetchCollection('promo-codes');
    await client().fetchCollection('promo-codes');
    expect(server.requests.map((request) => request.headers.authorization)).toEqual(['Bearer api-token', undefined]);
    expect(queryOf(server.requests[0]!).has('locale')).toBe(false);
  });

  it('never has more requests in flight than the concurrency bound', async () => {
    server.reset(async (req, res) => {
      await delay(15);
      await paginated(20, 1)(req, res);
    });
    const cms = client({ concurrency: 3 });
    const [en, es] = await Promise.all([cms.fetchCollection('pages', 'en'), cms.fetchCollection('modals', 'es-MX')]);
    expect(en.data).toHaveLength(20);
    expect(es.data).toHaveLength(20);
    expect(server.requests).toHaveLength(40);
    expect(server.maxInFlight).toBe(3);
  });

  it('starts the time limit of a request when it gets its slot, not while it waits for one', async () => {
    server.reset(async (req, res) => {
      await delay(60);
      await paginated(6, 1)(req, res);
    });
    // Six pages one at a time: the last waits about 300 ms for its slot, longer than the 150 ms limit.
    const cms = createCmsClient({ url: server.url, backoffMs: 1, timeoutMs: 150, retries: 0, concurrency: 1 });
    await expect(cms.fetchCollection('pages', 'en')).resolves.toMatchObject({ meta: { pagination: { total: 6 } } });
    expect(server.requests).toHaveLength(6);
    expect(server.maxInFlight).toBe(1);
  });

  it('accepts a Strapi 4 envelope and leaves the entries untouched', async () => {
    const entry = { id: 3, attributes: { slug: 'home', updatedAt: '2024-01-01T00:00:00.000Z', cover: { data: null } } };
    server.reset((_req, res) => sendJson(res, 200, { data: [entry], meta: { pagination: { page: 1, pageSize: 100, pageCount: 1, total: 1 } } }));
    const response = await client().fetchCollection('pages', 'en');
    expect(response.data).toEqual([entry]);
  });

  it('returns an empty list for an empty collection (pageCount 0)', async () => {
    server.reset((_req, res) => sendJson(res, 200, { data: [], meta: { pagination: { page: 1, pageSize: 100, pageCount: 0, total: 0 } } }));
    await expect(client().fetchCollection('modals', 'en')).resolves.toMatchObject({ data: [] });
    expect(server.requests).toHaveLength(1);
  });

  it('rejects a page without pagination, naming the url', async () => {
    server.reset((_req, res) => sendJson(res, 200, { data: [] }));
    const error = await client()
      .fetchCollection('pages', 'en')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect((error as Error).message).toMatch(/GET http:\/\/127\.0\.0\.1:\d+\/api\/pages\?locale=en&sort\[0\]=id:asc&pagination\[page\]=1/);
    expect((error as Error).message).toContain('`meta.pagination` is missing');
  });

  it('rejects a server that ignores the page parameter', async () => {
    server.reset((_req, res) => sendJson(res, 200, { data: [{ id: 1 }], meta: { pagination: { page: 1, pageSize: 1, pageCount: 2, total: 2 } } }));
    await expect(client().fetchCollection('pages', 'en')).rejects.toThrow('asked for page 2, got page 1');
  });

  it('rejects a pageCount that does not agree with total and pageSize, after one request', async () => {
    server.reset((_req, res) => sendJson(res, 200, { data: [], meta: { pagination: { page: 1, pageSize: 100, pageCount: 20_000, total: 0 } } }));
    const error = await client()
      .fetchCollection('pages', 'en')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect((error as Error).message).toMatch(/GET http:\/\/127\.0\.0\.1:\d+\/api\/pages\?locale=en.*pagination\[page\]=1/);
    expect((error as Error).message).toContain('pageCount 20000 with total 0 and pageSize 100 (expected pageCount 0)');
    expect(server.requests).toHaveLength(1);
  });

  it('rejects a collection claiming more than the cap (pageCount 1e7), after one request', async () => {
    server.reset((_req, res) => sendJson(res, 200, { data: [{ id: 1 }], meta: { pagination: { page: 1, pageSize: 100, pageCount: 1e7, total: 1e9 } } }));
    const error = await client()
      .fetchCollection('pages', 'en')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect((error as Error).message).toContain(
      `claims 1000000000 entries in 10000000 pages of 100, more than the ${MAX_ENTRIES_PER_COLLECTION} entries (${MAX_PAGES_PER_COLLECTION} pages of 100)`,
    );
    expect(server.requests).toHaveLength(1);
  });

  it('rejects a page size of 0 with entries, and a page with more entries than its page size', async () => {
    server.reset((_req, res) => sendJson(res, 200, { data: [], meta: { pagination: { page: 1, pageSize: 0, pageCount: 5, total: 5 } } }));
    await expect(client().fetchCollection('pages', 'en')).rejects.toThrow('pageCount 5 with total 5 and pageSize 0 (expected pageCount of a pageSize above 0)');
    server.reset((_req, res) => sendJson(res, 200, { data: [{ id: 1 }, { id: 2 }, { id: 3 }], meta: { pagination: { page: 1, pageSize: 2, pageCount: 2, total: 3 } } }));
    await expect(client().fetchCollection('pages', 'en')).rejects.toThrow('page 1 has 3 entries, more than its pageSize 2');
  });

  it('reads a collection of exactly the cap (1 000 pages)', async () => {
    server.reset(paginated(MAX_ENTRIES_PER_COLLECTION, 100));
    // A generous timeout: on a busy machine a 2 s one retries a few of the 1,000 requests, and counts them twice.
    const response = await client({ concurrency: 16, timeoutMs: 30_000 }).fetchCollection('pages', 'en');
    expect(response.data).toHaveLength(MAX_ENTRIES_PER_COLLECTION);
    expect(server.requests).toHaveLength(MAX_PAGES_PER_COLLECTION);
  }, 60_000);

  it('refuses to read a single type as a collection', async () => {
    await expect(client().fetchCollection('layout', 'en')).rejects.toThrow('layout is a single type: use fetchSingle');
  });
});

describe('fetchSingle', () => {
  it('returns `data` untouched, Strapi 5 or Strapi 4', async () => {
    const v5 = { id: 1, documentId: 'abc', header: [], footer: [] };
    const v4 = { id: 1, attributes: { header: [], footer: [] } };
    server.reset((req, res) => {
      const locale = new URL(req.url ?? '', 'http://x').searchParams.get('locale');
      sendJson(res, 200, { data: locale === 'en' ? v5 : v4, meta: {} });
    });
    const cms = client();
    await expect(cms.fetchSingle('layout', 'en')).resolves.toEqual(v5);
    await expect(cms.fetchSingle('layout', 'es-MX')).resolves.toEqual(v4);
    expect(server.requests[0]?.url).toMatch(/^\/api\/layout\?locale=en&populate%5Bheader%5D%5Bon%5D/);
  });

  it('returns null for a single type the CMS does not have (404)', async () => {
    server.reset((_req, res) => sendJson(res, 404, { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } }));
    await expect(client().fetchSingle('error-page', 'en')).resolves.toBeNull();
    expect(server.requests).toHaveLength(1);
  });

  it('still fails on other errors', async () => {
    server.reset((_req, res) => sendJson(res, 403, { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } }));
    await expect(client().fetchSingle('error-page', 'en')).rejects.toThrow(/status 403 Forbidden.*Strapi says: ForbiddenError: Forbidden/);
  });
});
