import { readdir, readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ROOT } from '../../src/node/build/paths.js';
import { createPreviewServer, listen } from '../../src/node/preview/server.js';
import { buildSite } from '../support/build-site.js';
import { launchChromium } from '../support/chromium.js';
import { openPage, waitForHydration } from './page-helpers.js';
import { sel } from '../support/class-names.js';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

const CONFIGURED = { PUBLIC_GTM_ID: 'GTM-TEST123', PUBLIC_DATADOG_APPLICATION_ID: 'app', PUBLIC_DATADOG_CLIENT_TOKEN: 'pub123' };
const plain = { origin: inject('siteOrigin'), dist: inject('siteDist') };
const configured = { origin: '', dist: '' };
let server: Server | undefined;
let browser: Browser;

beforeAll(async () => {
  // The bundle takes PUBLIC_* from the build's parsed config (src/node/build/bundle.ts), not process.env.
  const { paths } = await buildSite(path.join(ROOT, 'content-cache'), { env: CONFIGURED });
  configured.dist = paths.dist;
  server = createPreviewServer(configured.dist);
  configured.origin = await listen(server, 0);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

/** Asset files of the Datadog RUM SDK (they define `window.DD_RUM`). */
async function rumChunks(dist: string): Promise<string[]> {
  const files = (await readdir(path.join(dist, 'assets'))).filter((f) => f.endsWith('.js'));
  const found = await Promise.all(files.map(async (f) => ((await readFile(path.join(dist, 'assets', f), 'utf8')).includes('DD_RUM') ? f : null)));
  return found.filter((f): f is string => f !== null);
}

/** Nothing leaves the machine: GTM gets an empty script, Datadog intake is refused; both counted. */
async function blockThirdParties(context: BrowserContext) {
  const gtm: string[] = [];
  const intake: string[] = [];
  await context.route('https://www.googletagmanager.com/**', (route) => {
    gtm.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'application/javascript', body: '/* stub */' });
  });
  await context.route(/datadoghq\.(com|eu)/, (route) => {
    intake.push(route.request().url());
    return route.abort();
  });
  return { gtm, intake };
}

const views = (page: Page) =>
  page.evaluate(() => (window.dataLayer ?? []).filter((e) => (e as { event?: string }).event === 'virtualPageView') as { pageUrl: string; pageTitle: string }[]);
const waitForViews = (page: Page, n: number) =>
  page.waitForFunction((count) => (window.dataLayer ?? []).filter((e) => (e as { event?: string }).event === 'virtualPageView').length >= count, n);
const cookie = async (page: Page, name: string) => (await page.context().cookies()).find((c) => c.name === name)?.value;
/** The RUM session cookie (`_dd_s`, `_dd_s_v2` in SDK v7): a tracking cookie in the sense of rule 33. */
const rumSession = async (page: Page) => (await page.context().cookies()).find((c) => c.name.startsWith('_dd_s'))?.value;

describe('analytics on the bundled site (rules 31–33)', () => {
  it('rules 31, 32: without configuration nothing loads: no dataLayer, no GTM request, no Datadog chunk', async () => {
    expect(await rumChunks(plain.dist)).toEqual([]);
    const { page, problems } = await openPage(browser);
    const blocked = await blockThirdParties(page.context());
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await page.goto(`${plain.origin}/`);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => typeof window.dataLayer)).toBe('undefined');
    expect(blocked.gtm).toEqual([]);
    expect(blocked.intake).toEqual([]);
    expect(requested.filter((url) => /datadog/i.test(url))).toEqual([]);
    // The notice still works: the choice is stored.
    await page.locator(sel('.cookie-notice')).first().locator(sel('.cookie-notice__button--accept')).click();
    expect(await cookie(page, 'cookie_consent')).toBe('granted');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('rules 31, 33: consent defaults denied come first; one virtualPageView per view, after the title is set', async () => {
    const { page } = await openPage(browser);
    const blocked = await blockThirdParties(page.context());
    await page.goto(`${configured.origin}/`);
    await waitForHydration(page);
    await waitForViews(page, 1);
    await page.waitForLoadState('networkidle');
    const first = await page.evaluate(() => Array.from(window.dataLayer![0] as ArrayLike<unknown>));
    expect(first).toEqual(['consent', 'default', { ad_storage: 'denied', analytics_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' }]);
    expect(blocked.gtm).toEqual([expect.stringContaining('googletagmanager.com/gtm.js?id=GTM-TEST123')]);
    expect(await views(page)).toEqual([{ event: 'virtualPageView', pageUrl: `${configured.origin}/`, pageTitle: await page.title() }]);

    const link = page.locator('main a[href^="/"]:not([href="/"])').first();
    const href = (await link.getAttribute('href')) ?? '';
    await link.click();
    await page.waitForURL((url) => url.pathname === href.split(/[?#]/)[0]);
    await waitForViews(page, 2);
    await page.waitForTimeout(500);
    const afterClick = await views(page);
    expect(afterClick).toHaveLength(2);
    expect(afterClick[1]).toEqual({ event: 'virtualPageView', pageUrl: page.url(), pageTitle: await page.title() });
    expect(afterClick[1]?.pageTitle).not.toBe(afterClick[0]?.pageTitle);

    await page.goBack();
    await waitForViews(page, 3);
    await page.waitForTimeout(500);
    expect((await views(page)).map((v) => v.pageUrl)).toEqual([`${configured.origin}/`, afterClick[1]!.pageUrl, `${configured.origin}/`]);
    await page.context().close();
  });

  it('rules 32, 33: the Datadog SDK is requested only after load, and tracks (sets its session cookie) only after consent', async () => {
    const chunks = await rumChunks(configured.dist);
    expect(chunks.length).toBeGreaterThan(0);
    const { page } = await openPage(browser);
    await blockThirdParties(page.context());
    const sdkRequest = page.waitForRequest((r) => chunks.some((c) => r.url().endsWith(`/assets/${c}`)), { timeout: 20_000 });
    await page.goto(`${configured.origin}/`);
    const request = await sdkRequest;
    // Not part of the first load: fetched after the load event, not preloaded by the HTML.
    const html = await (await page.request.get(`${configured.origin}/`)).text();
    for (const chunk of chunks) expect(html).not.toContain(chunk);
    // Resource timing lists a request once it has finished.
    await page.waitForFunction((url) => performance.getEntriesByName(url).length > 0, request.url());
    const timing = await page.evaluate((url) => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const sdk = performance.getEntriesByName(url)[0];
      return { loadEnd: nav.loadEventEnd, sdkStart: sdk?.startTime ?? -1 };
    }, request.url());
    expect(timing.loadEnd).toBeGreaterThan(0);
    expect(timing.sdkStart).toBeGreaterThanOrEqual(timing.loadEnd);

    await page.waitForFunction(() => 'DD_RUM' in window);
    await page.waitForTimeout(500);
    expect(await rumSession(page)).toBeUndefined();
    const notice = page.locator(sel('.cookie-notice')).first();
    await expect.poll(() => notice.isVisible()).toBe(true);
    await notice.locator(sel('.cookie-notice__button--accept')).click();
    expect(await cookie(page, 'cookie_consent')).toBe('granted');
    await expect.poll(() => notice.isVisible()).toBe(false);
    const update = await page.evaluate(() => Array.from(window.dataLayer!.at(-1) as ArrayLike<unknown>));
    expect(update).toEqual(['consent', 'update', { ad_storage: 'granted', analytics_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted' }]);
    await expect.poll(() => rumSession(page), { timeout: 5_000 }).toBeDefined();
    await page.context().close();
  });
});
