import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { spawnFakeStrapi, startFakeStrapi, type FakeStrapiProcess } from '../../src/node/bench/fake-strapi.js';
import { readCache } from '../../src/node/cms/cache.js';
import { createCmsClient } from '../../src/node/cms/client.js';
import { crawl } from '../../src/node/cms/crawl.js';
import { HttpError } from '../../src/node/cms/http-error.js';
import { loadConfig } from '../../src/node/config/env.js';
import type { Effect } from '../../src/node/webhook/events.js';
import { checkWebhook } from '../../src/node/webhook/request.js';
import { strapiLoopEnv } from '../../src/node/webhook/service.js';

/**
 * The fake Strapi 5 of `npm run bench:webhook -- --pages N` (src/node/bench/fake-strapi.ts)
 * must give Marea's real crawler the content the synthetic content-cache holds, and after
 * a publish the edit, with a webhook the service accepts: otherwise the bench measures
 * something else than the service reading a Strapi.
 */
// 520 slugs: 521 pages a locale, so the cache holds each in two part files (CACHE_PART_ENTRIES) and the crawl reads six pages of 100.
const SLUGS = 520;
const TOKEN = 'fake-strapi-test-token';
const secrets = { webhook: 'w'.repeat(32), preview: 'p'.repeat(32) };
const cmsLocales = loadConfig({}).cmsLocales;
let dir: string;
let fake: FakeStrapiProcess;
let receiver: Server;
/** What the service's webhook check made of each webhook the fake sent (request.ts). */
const received: Array<{ status: number; effect: Effect | undefined }> = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'marea-fake-strapi-'));
  receiver = createServer((req, res) => {
    void checkWebhook({ method: req.method ?? 'GET', header: (name) => req.headers[name] as string | undefined, body: req }, secrets.webhook).then((answer) => {
      received.push({ status: answer.status, effect: answer.effect });
      res.writeHead(answer.status).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as { port: number };
  fake = await spawnFakeStrapi({ contentDir: path.join(dir, 'content'), slugs: SLUGS, port: 0, token: TOKEN, env: strapiLoopEnv(`http://127.0.0.1:${port}`, secrets) });
});
afterAll(async () => {
  await fake?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

const getFrom = (url: string, query: string, token: string | null = TOKEN) => fetch(`${url}${query}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
const get = (query: string) => getFrom(fake.url, query);

describe("the bench's fake Strapi 5", () => {
  it('gives the real crawl what the synthetic content-cache holds, media included', async () => {
    const contentDir = path.join(dir, 'content');
    const crawled = await crawl({ cmsLocales }, createCmsClient({ url: fake.url, token: TOKEN }));
    const cached = await readCache(contentDir, cmsLocales);
    expect((cached.pages as Record<string, unknown[]>).en).toHaveLength(SLUGS + 1);
    for (const part of ['pages', 'layout', 'errorPage', 'modals', 'promoCodes'] as const) expect(crawled.raw[part], part).toEqual(cached[part]);
    expect(crawled.media.length).toBeGreaterThan(0);
    for (const url of crawled.media.slice(0, 10)) {
      const response = await fetch(new URL(url, fake.url));
      expect(Buffer.from(await response.arrayBuffer())).toEqual(await readFile(path.join(contentDir, url)));
    }
  });

  it('pages as Strapi 5 does, and refuses what Strapi 5 refuses (in this process too)', async () => {
    const local = await startFakeStrapi({ contentDir: path.join(dir, 'content'), port: 0, token: TOKEN });
    onTestFinished(() => local.close());
    const ask = (query: string, token: string | null = TOKEN) => getFrom(local.url, query, token);
    const page = (await (await ask('/api/pages?locale=es-MX&pagination[page]=3&pagination[pageSize]=2&fields[0]=slug')).json()) as {
      data: Array<Record<string, unknown>>;
      meta: unknown;
    };
    expect(page.meta).toEqual({ pagination: { page: 3, pageSize: 2, pageCount: Math.ceil((SLUGS + 1) / 2), total: SLUGS + 1 } });
    expect(page.data.map((entry) => Object.keys(entry).sort())).toEqual([
      ['documentId', 'id', 'slug'],
      ['documentId', 'id', 'slug'],
    ]);
    const capped = (await (await ask('/api/pages?locale=en&pagination[pageSize]=500')).json()) as { data: unknown[]; meta: { pagination: { pageSize: number } } };
    expect([capped.data.length, capped.meta.pagination.pageSize]).toEqual([100, 100]);
    expect(((await (await ask('/api/pages?locale=fr')).json()) as { meta: unknown }).meta).toEqual({ pagination: { page: 1, pageSize: 25, pageCount: 0, total: 0 } });
    expect((await ask('/api/pages?locale=en&publicationState=live')).status).toBe(400);
    expect((await ask('/api/layout?locale=fr')).status).toBe(404);
    expect((await ask('/api/pages?locale=en', null)).status).toBe(401);
    await expect(crawl({ cmsLocales }, createCmsClient({ url: local.url, token: 'wrong', retries: 0 }))).rejects.toBeInstanceOf(HttpError);
  });

  it('publishes an edit of one page in one locale: the document reads it, and the webhook is one the service queues', async () => {
    const client = createCmsClient({ url: fake.url, token: TOKEN });
    const [, second] = ((await (await get('/api/pages?locale=es-MX&pagination[pageSize]=2')).json()) as { data: Array<{ documentId: string; seo: object }> }).data;
    const before = await client.fetchDocument('pages', 'es-MX', second!.documentId);
    const published = await fake.publish({ documentId: second!.documentId, locale: 'es-MX', set: { 'seo.metaTitle': 'Editado', title: 'Nuevo título' } });
    expect(published.webhook).toBe(202);
    expect(received.at(-1)!.effect).toEqual({
      kind: 'change',
      change: { endpoint: 'pages', cmsLocale: 'es-MX', documentId: second!.documentId, action: 'fetch' },
      summary: expect.any(String),
    });
    const after = (await client.fetchDocument('pages', 'es-MX', second!.documentId)) as { title: string; seo: { metaTitle: string } };
    expect([after.title, after.seo.metaTitle]).toEqual(['Nuevo título', 'Editado']);
    // Nothing else changed: the same page by its documentId's own route, and the other locale.
    expect({ ...after, title: (before as { title: string }).title, seo: second!.seo, updatedAt: null, publishedAt: null }).toEqual({
      ...(before as object),
      updatedAt: null,
      publishedAt: null,
    });
    const byRoute = (await (await get(`/api/pages/${second!.documentId}?locale=es-MX`)).json()) as { data: unknown };
    expect(byRoute.data).toEqual(after);
    const english = (await client.fetchDocument('pages', 'en', second!.documentId)) as { seo: { metaTitle: unknown } };
    expect(english.seo.metaTitle).toBeNull();
  });
});
