import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, type ProjectPaths } from '../../src/node/build/paths.js';
import { createPreviewServer, listen } from '../../src/node/preview/server.js';
import { buildSite, tempPaths } from '../support/build-site.js';
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

describe('redeploys with a tab open (rules 13–18)', () => {
  it('three deploys while a tab stays open on the first: every navigation and lazy chunk works, 0 errors', { timeout: 420_000 }, async () => {
    const { page, problems } = await openPage(chromium(), { width: 390 });
    await page.context().route(/datadoghq|browser-intake|datad0g/, (route) => route.fulfill({ status: 204 }));
    const failed: string[] = [];
    const chunks: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    // A request the page itself gave up on (a prefetch or a lazy image cut short when a navigation
    // to another release loads the next page in full, rule 18) is not a failure; any other is.
    page.on('requestfailed', (request) => {
      const error = request.failure()?.errorText ?? '';
      if (error !== 'net::ERR_ABORTED') failed.push(`failed ${request.url()} ${error}`);
    });
    page.on('request', (request) => {
      if (/\/assets\/.*\.js$/.test(request.url())) chunks.push(new URL(request.url()).pathname);
    });
    const buildOf = () => page.evaluate(() => fetch('/builds/latest.json', { cache: 'no-store' }).then((r) => r.json() as Promise<{ id: string }>));

    await page.goto(`${origin}/`);
    await waitForHydration(page);
    expect((await buildOf()).id).toBe(deploys[0]);
    // Every script and stylesheet of the first deploy, lazy ones included (blocks, modals, Datadog's loader).
    const firstAssets = (await readdir(path.join(paths.dist, 'assets'))).filter((name) => /\.(js|css)$/.test(name)).map((name) => `/assets/${name}`);

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
    expect((await buildOf()).id).toBe(deploys[2]);

    expect(failed).toEqual([]);
    expect(problems).toEqual([]);
    console.log(
      `Redeploys: 3 deploys (${deploys.join(' → ')}) with a tab open on the first; its ${firstAssets.length} scripts and stylesheets all still served, ${chunks.length} script requests, 3 navigations, 0 errors, 0 failed requests`,
    );
  });
});
