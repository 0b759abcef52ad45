import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, projectPaths, type ProjectPaths } from '../../src/node/build/paths.js';
import { createPreviewServer, listen } from '../../src/node/preview/server.js';
import { buildSite, tempPaths } from '../support/build-site.js';
import { keepBuilds, netlifyUtils } from '../support/keep-builds.js';
import { openPage, useChromium, waitForHydration } from './page-helpers.js';

/**
 * Redeploys with open tabs: three deploys in a row while a visitor keeps a tab open
 * on the first. Each deploy has new code (another public configuration, so
 * another bundle and release) and new content (another day), published into
 * the same dist/ the server keeps serving, as a CDN serves each deploy. The
 * tab keeps working: its lazy chunks of the first deploy still load (kept
 * from earlier builds), navigations end on a hydrated page of the newest
 * deploy (rules 13–18: a payload of another release is never rendered, the
 * page loads in full instead), with no error in the console and no failed
 * request.
 */
const CACHE = path.join(ROOT, 'content-cache');
const chromium = useChromium();

/** The site's own build id, as an open tab reads it (rule 13). */
const buildOf = (page: Page) => page.evaluate(() => fetch('/builds/latest.json', { cache: 'no-store' }).then((r) => r.json() as Promise<{ id: string }>));

/** Every script and stylesheet of a site, lazy ones included (blocks, modals, Datadog's loader). */
const assetsOf = async (dist: string) => (await readdir(path.join(dist, 'assets'))).filter((name) => /\.(js|css)$/.test(name)).map((name) => `/assets/${name}`);

/** A phone-sized tab, Datadog's hosts stubbed, recording console problems and failed requests. */
async function openWatchedTab() {
  const { page, problems } = await openPage(chromium(), { width: 390 });
  await page.context().route(/datadoghq|browser-intake|datad0g/, (route) => route.fulfill({ status: 204 }));
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  // A request the page itself gave up on (a prefetch or a lazy image cut short when a navigation
  // to another release loads the next page in full, rule 18) is not a failure; any other is.
  page.on('requestfailed', (request) => {
    const error = request.failure()?.errorText ?? '';
    if (error !== 'net::ERR_ABORTED') failed.push(`failed ${request.url()} ${error}`);
  });
  return { page, problems, failed };
}

describe('redeploys with a tab open (rules 13–18)', () => {
  let paths: ProjectPaths;
  let origin: string;
  let close: () => Promise<void>;
  const deploys: string[] = [];

  /**
   * One deploy: the bundled content on another day, with a bundle of its own: the
   * Datadog configuration is compiled in, so another version is another build of
   * the code (sampling 0: no session is recorded, and its hosts are stubbed anyway).
   */
  async function deploy(n: number): Promise<void> {
    const env = {
      PUBLIC_DATADOG_APPLICATION_ID: 'redeploy-test-app',
      PUBLIC_DATADOG_CLIENT_TOKEN: 'pub-redeploy-test',
      PUBLIC_DATADOG_VERSION: `redeploy-${n}`,
      PUBLIC_DATADOG_SESSION_SAMPLE_RATE: '0',
      PUBLIC_DATADOG_SESSION_REPLAY_SAMPLE_RATE: '0',
    };
    const { result } = await buildSite(CACHE, { paths, now: new Date(Date.UTC(2026, 5, 20 + n, 12)), env });
    deploys.push(result.buildId);
  }

  beforeAll(async () => {
    paths = await tempPaths();
    await deploy(1);
    const server = createPreviewServer(paths.dist);
    origin = await listen(server, 0);
    close = () => new Promise((resolve) => server.close(() => resolve()));
  }, 240_000);

  afterAll(async () => {
    await close?.();
  });

  it('three deploys while a tab stays open on the first: every navigation and lazy chunk works, 0 errors', { timeout: 420_000 }, async () => {
    const { page, problems, failed } = await openWatchedTab();
    const chunks: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/.*\.js$/.test(request.url())) chunks.push(new URL(request.url()).pathname);
    });

    await page.goto(`${origin}/`);
    await waitForHydration(page);
    expect((await buildOf(page)).id).toBe(deploys[0]);
    const firstAssets = await assetsOf(paths.dist);

    await deploy(2);
    await deploy(3);
    expect(new Set(deploys).size).toBe(3);
    // The tab's code can still load any chunk of its deploy: blocks further down hydrate as they come near.
    const statuses = await page.evaluate((urls) => Promise.all(urls.map((url) => fetch(url).then((r) => r.status))), firstAssets);
    expect(firstAssets.length).toBeGreaterThan(10);
    expect(firstAssets.filter((_, i) => statuses[i] !== 200)).toEqual([]);
    expect(firstAssets.filter((url) => !existsSync(path.join(paths.dist, url)))).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');

    // Client-side navigations after the deploys: each ends on a hydrated page of the newest deploy.
    for (const target of ['/rooms', '/es/habitaciones', '/es/habitaciones/suite-vista-al-mar']) {
      await page.locator(`a[href="${target}"]:visible`).first().click();
      await page.waitForURL((url) => url.pathname === target);
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
      expect(await page.locator('main').count()).toBe(1);
    }
    expect((await buildOf(page)).id).toBe(deploys[2]);

    expect(failed).toEqual([]);
    expect(problems).toEqual([]);
    console.log(
      `Redeploys: 3 deploys (${deploys.join(' → ')}) with a tab open on the first; its ${firstAssets.length} scripts and stylesheets all still served, ${chunks.length} script requests, 3 navigations, 0 errors, 0 failed requests`,
    );
  });
});

/**
 * The production path (docs/deploying.md): Netlify builds each release in a
 * fresh clone, where `builds/` comes back only through the keep-builds
 * plugin and Netlify's build cache, and each deploy replaces the whole site
 * at once. Release A is built and deployed; a visitor opens a page of it;
 * release B (another public configuration: another bundle) is built in a
 * new clone and deployed. The tab keeps loading A's hashed scripts and
 * stylesheets (B's site carries them, from the restored `builds/`: rule 17),
 * then notices B (rules 15–16: the hourly `latest.json` read, on a page clock)
 * and its next navigation is a full load of B's page. Both builds are
 * production builds at Netlify's URL, with the PUBLIC_* variables of
 * Netlify's environment compiled in.
 */
describe('the Netlify path: fresh clone, keep-builds and the build cache, atomic deploys (rules 13–17)', () => {
  const URL_ = 'https://marea-resort.netlify.app';
  let work: string;
  let live: string;
  let origin: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'marea-netlify-path-'));
    live = path.join(work, 'live');
  });
  afterAll(async () => {
    await close?.();
    await rm(work, { recursive: true, force: true });
  });

  /** One Netlify build and deploy of release `n`: onPreBuild, the build, onPostBuild, then the new site replaces the old whole. */
  async function netlifyDeploy(n: number): Promise<{ buildId: string; clone: string; restored: string[] }> {
    const { onPreBuild, onPostBuild } = await keepBuilds();
    const clone = path.join(work, `clone-${n}`);
    await mkdir(clone);
    const utils = netlifyUtils(path.join(work, 'netlify-cache'), clone);
    await onPreBuild({ utils });
    const restored = await readdir(path.join(clone, 'builds')).catch(() => []);
    // The code and the Vite bundle cache are the repository's; what Netlify starts empty is the clone's.
    const paths = projectPaths({ dist: path.join(clone, 'dist'), builds: path.join(clone, 'builds'), lastCrawl: path.join(clone, '.marea/last-crawl') });
    const env = {
      SITE_URL: '',
      CONTEXT: 'production',
      URL: URL_,
      PUBLIC_DATADOG_APPLICATION_ID: 'netlify-path-app',
      PUBLIC_DATADOG_CLIENT_TOKEN: 'pub-netlify-path',
      PUBLIC_DATADOG_VERSION: `netlify-release-${n}`,
      PUBLIC_DATADOG_SESSION_SAMPLE_RATE: '0',
      PUBLIC_DATADOG_SESSION_REPLAY_SAMPLE_RATE: '0',
    };
    // Netlify's build machines set NETLIFY=true: dist/ is published as a real folder there (publish.ts `swapAsLink`), which the deploy moves whole.
    process.env.NETLIFY = 'true';
    const { result } = await buildSite(CACHE, { paths, env, build: { production: false }, now: new Date(Date.UTC(2026, 6, n, 12)) }).finally(() => delete process.env.NETLIFY);
    await onPostBuild({ utils });
    await rm(`${live}.old`, { recursive: true, force: true });
    if (existsSync(live)) await rename(live, `${live}.old`);
    await rename(paths.dist, live);
    return { buildId: result.buildId, clone, restored };
  }

  it('a tab open on release A loads A’s assets after B is deployed, then notices B', { timeout: 420_000 }, async () => {
    const a = await netlifyDeploy(1);
    expect(a.restored).toEqual([]);
    const server = createPreviewServer(live);
    origin = await listen(server, 0);
    close = () => new Promise((resolve) => server.close(() => resolve()));
    // A production build at Netlify's URL, Netlify's PUBLIC_* compiled in, open to crawlers.
    const home = await readFile(path.join(live, 'index.html'), 'utf8');
    expect(home).toContain(`<link rel="canonical" href="${URL_}/"`);
    expect(home).not.toMatch(/localhost|noindex/);
    expect(await readFile(path.join(live, 'robots.txt'), 'utf8')).toContain(`Sitemap: ${URL_}/sitemap.xml`);
    const releaseA = await assetsOf(live);
    const compiled = await Promise.all(releaseA.map((file) => readFile(path.join(live, file), 'utf8')));
    expect(compiled.some((text) => text.includes('netlify-release-1'))).toBe(true);

    const { page, problems, failed } = await openWatchedTab();
    await page.clock.install();
    await page.goto(`${origin}/`);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect((await buildOf(page)).id).toBe(a.buildId);
    await page.evaluate(() => ((window as unknown as { __releaseA: boolean }).__releaseA = true));

    const b = await netlifyDeploy(2);
    // The fresh clone got A's build back from Netlify's cache before it built B.
    expect(b.restored).toContain(a.buildId);
    expect(b.buildId).not.toBe(a.buildId);
    const releaseB = await assetsOf(live);
    expect(releaseA.filter((file) => !releaseB.includes(file)).length).toBe(0);
    expect(releaseB.filter((file) => !releaseA.includes(file)).length).toBeGreaterThan(0);

    // Rule 17: every script and stylesheet of A still loads in the tab, and the blocks below hydrate.
    const statuses = await page.evaluate((urls) => Promise.all(urls.map((url) => fetch(url).then((r) => r.status))), releaseA);
    expect(releaseA.length).toBeGreaterThan(10);
    expect(releaseA.filter((_, i) => statuses[i] !== 200)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');

    // Rules 15–16: the hourly read of latest.json sees B; the next click is a full load of B's page.
    const polled = page.waitForResponse((response) => response.url().includes('/builds/latest.json?'));
    await page.clock.fastForward('01:00:01');
    expect(((await (await polled).json()) as { id: string }).id).toBe(b.buildId);
    const link = page.locator('a[href="/rooms"]:visible').first();
    const loaded = page.waitForEvent('load');
    await link.click();
    await loaded;
    await page.waitForURL((url) => url.pathname === '/rooms');
    await waitForHydration(page);
    expect(await page.evaluate(() => (window as unknown as { __releaseA?: boolean }).__releaseA)).toBeUndefined();
    expect((await buildOf(page)).id).toBe(b.buildId);
    expect(await page.evaluate(() => [...document.scripts].some((script) => script.src.includes('/assets/')))).toBe(true);

    expect(failed).toEqual([]);
    expect(problems).toEqual([]);
    console.log(
      `Netlify path: release A ${a.buildId} → B ${b.buildId} in fresh clones, builds/ through keep-builds and the build cache; A's ${releaseA.length} scripts and stylesheets all served after B (B's site has ${releaseB.length}), B noticed on the hourly read, next click a full load, 0 errors, 0 failed requests`,
    );
    await page.context().close();
  });
});
