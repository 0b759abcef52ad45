import { describe, expect, inject, it } from 'vitest';
import { openPage, useChromium, waitForHydration } from './page-helpers.js';
import { sel } from '../support/class-names.js';

const origin = inject('siteOrigin');
const deep = inject('deepPages');
const chromium = useChromium();

describe('hydration of the bundled site (rule 18)', () => {
  it.each([
    ['/', 'en-US'],
    ['/es', 'es-MX'],
    [deep.en, 'en-US'],
    [deep.es, 'es-MX'],
  ])('%s hydrates with no console error and no hydration error', async (path, lang) => {
    const { page, problems } = await openPage(chromium());
    const response = await page.goto(`${origin}${path}`);
    expect(response?.status()).toBe(200);
    // The content is in the static HTML, before any JavaScript ran.
    const html = (await response?.text()) ?? '';
    expect(html).toContain(`<html lang="${lang}">`);
    expect(html).toMatch(/<main id="main"[^>]*>.*<h1/s);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('the scripts start after the hero image and a frame, never from the HTML itself (src/node/build/boot-script.ts)', async () => {
    const { page, problems } = await openPage(chromium(), { width: 412 });
    await page.goto(`${origin}/`);
    await waitForHydration(page);
    const order = await page.evaluate(() => {
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const entry = resources.find((r) => /\/assets\/index-[\w-]+\.js$/.test(r.name));
      const hero = resources.find((r) => /\.avif$/.test(r.name) && r.initiatorType === 'link');
      return { paint: performance.getEntriesByName('first-paint')[0]?.startTime, entry: entry?.startTime, hero: hero?.responseEnd };
    });
    expect(order.paint).toBeGreaterThan(0);
    expect(order.hero).toBeGreaterThan(0);
    // The loader waits for the hero, then one frame: the entry cannot start before the hero arrived.
    // (Chromium stamps first-paint with the frame's presentation time, which on a busy machine can
    // come after that frame's callbacks, so comparing with it would be a race, not a check.)
    expect(order.entry).toBeGreaterThanOrEqual(order.hero!);
    const html = await (await page.request.get(`${origin}/`)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    const outside = head.replace(/<template id="__MAREA_SCRIPTS__">[\s\S]*?<\/template>/, '');
    expect(outside).not.toMatch(/<script type="module"|rel="modulepreload"/);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('a block after the first view keeps its static HTML until its chunk arrives, then hydrates in place (src/shared/first-view.ts)', async () => {
    const { page, problems } = await openPage(chromium());
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const requested: string[] = [];
    await page.route(/\/assets\/(block-form|Form)-[\w-]+\.js$/, async (route) => {
      requested.push(route.request().url());
      await held;
      await route.continue();
    });
    const response = await page.goto(`${origin}/contact`);
    // Not part of the first view: no modulepreload, and asked for only once the page hydrated around it.
    expect((await response?.text()) ?? '').not.toMatch(/modulepreload[^>]*\/(block-form|Form)-/);
    // Waits for the order of things (hydration, then the chunk), not a speed: a busy machine may take seconds.
    await expect.poll(() => requested.length, { timeout: 15_000 }).toBeGreaterThan(0);
    const form = '.block--Form form';
    await page.evaluate((selector) => document.querySelector(selector)?.setAttribute('data-probe', 'static'), form);
    expect(await page.getAttribute(form, 'novalidate')).toBeNull();
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    release();
    await waitForHydration(page);
    // The same element, now live (it validates itself once hydrated).
    expect(await page.getAttribute(form, 'data-probe')).toBe('static');
    expect(await page.getAttribute(form, 'novalidate')).not.toBeNull();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('rule 18: the page fetches its own payload once, from its preload, and the HTML does not repeat it', async () => {
    const { page, problems, payloadRequests } = await openPage(chromium());
    const response = await page.goto(`${origin}${deep.en}`);
    const html = (await response?.text()) ?? '';
    expect(html).not.toContain('__MAREA_PAYLOAD__');
    const preload = /<link rel="preload" as="fetch" crossorigin href="([^"]+)" data-marea-payload>/.exec(html)?.[1];
    expect(preload).toMatch(new RegExp(`^${deep.en}/_payload\\.json\\?v=[0-9a-f]{12}$`));
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    // Once (the preload is what the app reads); the others are rule 19's prefetches of visible links.
    expect(payloadRequests.map((u) => new URL(u).pathname + new URL(u).search).filter((u) => u.startsWith(`${deep.en}/`))).toEqual([preload]);
    // Chromium warns in the console when a preload goes unused or is fetched twice.
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('rule 18: a page whose payload cannot be had stays as served, readable, without scripts and without errors', async () => {
    const { page, problems } = await openPage(chromium());
    await page.route(new RegExp(`${deep.en}/_payload\\.json`), (route) => route.fulfill({ status: 503, body: 'down' }));
    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    await page.goto(`${origin}${deep.en}`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500);
    expect(warnings.some((w) => w.includes("could not load this page's data"))).toBe(true);
    expect(await page.locator('main h1').count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __VITE_REACT_SSG_CONTEXT__?: unknown }).__VITE_REACT_SSG_CONTEXT__)).toBeUndefined();
    expect(problems.filter((p) => !p.includes('503'))).toEqual([]);
    await page.context().close();
  });

  it('rule 18: a payload of another release than the HTML (a deploy in between) reloads the page once, never in a loop', async () => {
    const { page } = await openPage(chromium());
    let served = 0;
    await page.route(new RegExp(`${deep.en}/_payload\\.json`), async (route) => {
      served += 1;
      const response = await route.fetch();
      const payload = await response.json();
      await route.fulfill({ response, json: { ...payload, release: 'ffffffffffff' } });
    });
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));
    await page.goto(`${origin}${deep.en}`);
    await page.waitForTimeout(2500);
    await page.waitForLoadState('networkidle');
    expect(loads).toHaveLength(2);
    expect(served).toBe(2);
    await page.context().close();
  });

  it('rules 4 and 18: a click on an internal link navigates client-side from the payload', async () => {
    const { page, problems, payloadRequests } = await openPage(chromium());
    await page.goto(`${origin}/?utm_source=test`);
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    const link = page.locator('main a[href^="/"]:not([href="/"])').first();
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toContain('utm_source=test');
    await link.click();
    await page.waitForURL((url) => url.pathname === href.split('?')[0]);
    await page.waitForFunction(() => document.querySelector('main h1') !== null);
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    expect(payloadRequests.some((url) => url.includes(`${href.split('?')[0]}/_payload.json?v=`))).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('rule 10: the language switcher writes the cookie and opens the translation client-side', async () => {
    const { page, problems } = await openPage(chromium());
    await page.goto(`${origin}${deep.es}`);
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    const english = page.locator(sel('.language-switcher a[hreflang="en-US"]'));
    const target = (await english.getAttribute('href')) ?? '';
    expect(target).not.toMatch(/^\/es/);
    await english.click();
    await page.waitForURL((url) => url.pathname === target.split('?')[0]);
    await page.waitForFunction(() => document.documentElement.lang === 'en-US');
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    expect((await page.context().cookies()).find((c) => c.name === 'i18n_redirected')?.value).toBe('en');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('rule 28: an unknown path gets the locale 404 page with status 404, and it hydrates', async () => {
    const { page, problems } = await openPage(chromium());
    const en = await page.goto(`${origin}/no-such-page`);
    expect(en?.status()).toBe(404);
    await waitForHydration(page);
    expect(await page.getAttribute('html', 'lang')).toBe('en-US');
    const es = await page.goto(`${origin}/es/no-existe`);
    expect(es?.status()).toBe(404);
    await waitForHydration(page);
    expect(await page.getAttribute('html', 'lang')).toBe('es-MX');
    // The browser logs the document's own 404 status; nothing else may fail.
    expect(problems.filter((p) => !p.includes('status of 404'))).toEqual([]);
    await page.context().close();
  });

  it('rule 3: a trailing slash serves the same page', async () => {
    const { page } = await openPage(chromium());
    const response = await page.goto(`${origin}/es/`);
    expect(response?.status()).toBe(200);
    expect(await page.getAttribute('html', 'lang')).toBe('es-MX');
    await page.context().close();
  });
});
