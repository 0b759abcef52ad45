import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../src/node/build/paths.js';
import { listFiles } from '../../src/node/build/hash.js';
import { buildSite, tempPaths } from '../support/build-site.js';
import { startFakeStrapi, type FakeStrapi } from '../support/fake-strapi.js';
import { sendJson, startTestServer } from '../support/test-server.js';
import { MalformedResponseError } from '../../src/node/cms/malformed-response-error.js';
import { ContentValidationError } from '../../src/node/build/pipeline.js';

const FIXTURE = path.join(ROOT, 'test/fixtures/site');
let strapi: FakeStrapi;

beforeAll(async () => {
  // A page size cap of 2 makes the crawl page through several pages per locale.
  strapi = await startFakeStrapi(FIXTURE, { pageSizeCap: 2 });
});
afterAll(() => strapi.close());

describe('build against a Strapi-5-compatible server (content contract, "Endpoints crawled")', () => {
  it('crawls every page of both locales, publishes them, and keeps the crawl (never content-cache/)', async () => {
    const paths = await tempPaths();
    const { result, log } = await buildSite(null, { paths, env: { CMS_URL: strapi.url, CMS_LOCALES: 'en:en,es:es-MX' } });
    const files = await listFiles(paths.dist);
    for (const file of ['index.html', 'es.html', 'rooms/deluxe-suite.html', 'es/habitaciones/suite-deluxe.html', 'about.html', 'es/acerca-de.html', 'english-only.html']) {
      expect(files, file).toContain(file);
    }
    expect(result.pages).toBe(7);
    // Paged to the last page, never asked for drafts.
    expect(strapi.requests.some((r) => r.includes('pagination%5Bpage%5D=2') || r.includes('pagination[page]=2'))).toBe(true);
    expect(strapi.requests.every((r) => !/publicationState|[?&]status=/.test(r))).toBe(true);
    expect(log.join('\n')).toContain(strapi.url);
    // The last crawl now holds the crawled responses and media; content-cache/ (in git) is never written by a build.
    expect(existsSync(path.join(paths.lastCrawl, 'api/pages.es-MX.json'))).toBe(true);
    const cached = JSON.parse(await readFile(path.join(paths.lastCrawl, 'api/pages.en.json'), 'utf8'));
    expect(cached.data).toHaveLength(4);
    expect((await listFiles(path.join(paths.lastCrawl, 'uploads'))).length).toBeGreaterThan(0);
    expect(existsSync(paths.contentCache)).toBe(false);
  });

  it("leaves nothing of its crawl behind, built or stopped by content errors, and removes what a killed build's crawl left", async () => {
    const paths = await tempPaths();
    const own = path.join(paths.work, `crawl-${process.pid}`);
    // A build killed mid-crawl (no process has this pid: above Linux's pid_max) left its downloads.
    const killed = path.join(paths.work, 'crawl-99999999');
    await mkdir(path.join(killed, 'uploads'), { recursive: true });
    const env = { CMS_URL: strapi.url, CMS_LOCALES: 'en:en,es:es-MX' };
    await buildSite(null, { paths, env });
    expect(existsSync(killed)).toBe(false);
    expect(existsSync(own)).toBe(false);

    const broken = await mkdtemp(path.join(tmpdir(), 'marea-cms-broken-'));
    const bad = await startFakeStrapi(broken);
    try {
      await cp(FIXTURE, broken, { recursive: true });
      // An error in what every page carries (rule 13): the build stops.
      const file = path.join(broken, 'api', 'layout.en.json');
      const layout = JSON.parse(await readFile(file, 'utf8')) as { data: { footer: unknown } };
      layout.data.footer = 'not a list';
      await writeFile(file, JSON.stringify(layout));
      await expect(buildSite(null, { paths: await tempPaths(), env: { ...env, CMS_URL: bad.url } })).rejects.toThrow(ContentValidationError);
      expect(bad.requests.some((r) => r.includes('/uploads/'))).toBe(true);
      expect(existsSync(own)).toBe(false);
    } finally {
      await bad.close();
      await rm(broken, { recursive: true, force: true });
    }
  });

  it('an unreachable CMS builds from the cache and says so loudly; strict mode fails instead', async () => {
    const paths = await tempPaths();
    await cp(FIXTURE, paths.contentCache, { recursive: true });
    const env = { CMS_URL: 'http://127.0.0.1:9' };
    const { result, log } = await buildSite(null, { paths, env });
    expect(result.pages).toBe(7);
    expect(log.join('\n')).toMatch(/cannot be reached[\s\S]*Building from/);
    await expect(buildSite(null, { paths, env, strict: true })).rejects.toThrow(/127\.0\.0\.1:9/);
  });

  it('an unreachable CMS after a build from it builds from the last crawl, not the bundled content', async () => {
    const paths = await tempPaths();
    await cp(FIXTURE, paths.contentCache, { recursive: true });
    // The bundled content differs from the CMS's: its home page is retitled.
    const file = path.join(paths.contentCache, 'api/pages.en.json');
    await writeFile(file, (await readFile(file, 'utf8')).replaceAll('"title": "Home"', '"title": "Bundled home"'));
    // A CMS of its own, stopped after the first build: the same CMS_URL, now unreachable.
    const cms = await startFakeStrapi(FIXTURE);
    const env = { CMS_URL: cms.url, CMS_LOCALES: 'en:en,es:es-MX' };
    await buildSite(null, { paths, env });
    await cms.close();
    const { log } = await buildSite(null, { paths, env });
    expect(log.join('\n')).toMatch(/cannot be reached[\s\S]*Building from .*last-crawl\/ instead/);
    expect(await readFile(path.join(paths.dist, 'index.html'), 'utf8')).not.toContain('Bundled home');
  });

  it('a CMS whose pagination lies fails the build after one request per collection, and nothing is published or cached', async () => {
    const liar = await startTestServer();
    liar.reset((req, res) =>
      req.url?.includes('pagination')
        ? sendJson(res, 200, { data: [], meta: { pagination: { page: 1, pageSize: 100, pageCount: 20_000, total: 0 } } })
        : sendJson(res, 200, { data: null, meta: {} }),
    );
    try {
      const paths = await tempPaths();
      await cp(FIXTURE, paths.contentCache, { recursive: true });
      const before = await readFile(path.join(paths.contentCache, 'api/pages.en.json'), 'utf8');
      const error = await buildSite(null, { paths, env: { CMS_URL: liar.url, CMS_LOCALES: 'en:en,es:es-MX' } }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MalformedResponseError);
      expect((error as Error).message).toMatch(/GET http:\/\/127\.0\.0\.1:\d+\/api\/[a-z-]+\?.*pageCount 20000 with total 0 and pageSize 100/);
      expect(liar.requests.length).toBeLessThan(20);
      expect(existsSync(paths.dist)).toBe(false);
      expect(await readFile(path.join(paths.contentCache, 'api/pages.en.json'), 'utf8')).toBe(before);
    } finally {
      await liar.close();
    }
  });
});
