import { describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { isLive, openPage, useChromium, waitForHydration, watchPage } from './page-helpers.js';
import { cls, sel } from '../support/class-names.js';

const origin = inject('siteOrigin');
const deep = inject('deepPages');
const chromium = useChromium();

const BOOKING = 'main section.booking';
const CAROUSEL = 'main section.carousel';
/** content-cache: a home page block for Mexico only. */
const MEXICO_ONLY = 'Pay in 12 interest-free monthly instalments';

/** A phone-sized page (412 × 700: on `/` the carousel starts more than half a screen below the first one), recording its scripts. */
async function phone(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 412, height: 700 } });
  const watched = watchPage(await context.newPage());
  const scripts: string[] = [];
  watched.page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
  return { ...watched, scripts };
}

/**
 * Waits until the app has started: the first view hydrated and the runtime after it ran (rule 26's
 * edges written from the booking widget's static HTML), the page loaded and the browser idle once.
 */
async function whenStarted(page: Page): Promise<void> {
  await page.waitForFunction(() => getComputedStyle(document.documentElement).getPropertyValue('--booking-left') !== '', undefined, { timeout: 15_000 });
  await page.waitForLoadState('load');
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
}

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

  it('on /, the booking widget and the carousel stay static after load and idle; the carousel hydrates when scrolled near, the widget when reached for (a click before is replayed)', async () => {
    const { page, problems, scripts } = await phone(chromium());
    await page.goto(`${origin}/`);
    await whenStarted(page);
    // The first view is live; the widget (in view) and the carousel (more than half a screen below) are not.
    expect(await isLive(page, 'main h1')).toBe(true);
    expect(await isLive(page, BOOKING)).toBe(false);
    expect(await isLive(page, CAROUSEL)).toBe(false);
    expect(scripts.filter((url) => /\/block-carousel-/.test(url))).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();

    // Half a screen ahead of the visitor: the carousel hydrates, in place, and moves.
    await page.evaluate((selector) => document.querySelector(selector)!.setAttribute('data-probe', 'static'), CAROUSEL);
    await page.evaluate((selector) => window.scrollTo(0, document.querySelector(selector)!.getBoundingClientRect().top + window.scrollY - window.innerHeight * 1.4), CAROUSEL);
    await expect.poll(() => isLive(page, CAROUSEL)).toBe(true);
    expect(await page.getAttribute(CAROUSEL, 'data-probe')).toBe('static');
    await page.click(`${CAROUSEL} button[aria-label="Next slide"]`);
    await expect.poll(() => page.locator(sel(`${CAROUSEL} .carousel__position`)).textContent()).toBe('2 of 3');
    // Scrolled past, the widget still waits for use.
    expect(await isLive(page, BOOKING)).toBe(false);
    // A click on the widget's button: it asks for the chunk; React drops the click itself, which is clicked again once the widget is live.
    await page.click(sel(`${BOOKING} .booking__open`));
    await expect.poll(() => page.getAttribute(sel(`${BOOKING} .booking__open`), 'aria-expanded')).toBe('true');
    expect(await page.getAttribute(BOOKING, 'class')).toContain(cls('booking--open'));

    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("rule 29 at start: a block the visitor's clock has expired goes before it hydrates, and the blocks after it keep their static HTML", async () => {
    const { page, problems } = await phone(chromium());
    const day = 24 * 3600 * 1000;
    // The accordion (far down the home page) ends tomorrow; the visitor's clock is two days ahead.
    const end = new Date(Date.now() + day).toISOString();
    await page.route(
      (url) => url.pathname === '/_payload.json',
      async (route) => {
        const response = await route.fetch();
        const payload = await response.json();
        const accordion = (payload.page.blocks as { $b: [string, Record<string, unknown>] }[]).find((block) => block.$b[0] === 'accordion')!;
        accordion.$b[1].enddate = end;
        await route.fulfill({ response, json: payload });
      },
    );
    await page.clock.install({ time: new Date(Date.now() + 2 * day) });
    // The last block, after it: its static element, marked before any script ran.
    const last = 'main > [data-block-id]:last-child > :first-child';
    await page.addInitScript((selector) => document.addEventListener('DOMContentLoaded', () => document.querySelector(selector)?.setAttribute('data-probe', 'static')), last);
    const html = (await (await page.goto(`${origin}/`))?.text()) ?? '';
    // Built today, the static HTML has it.
    expect(html).toContain('Good to know');
    await whenStarted(page);
    await expect.poll(() => page.locator('main').textContent()).not.toContain('Good to know');
    // The last block is still its static element, not live, not rendered again from nothing (its index changed), then hydrates in place.
    expect(await page.getAttribute(last, 'data-probe')).toBe('static');
    expect(await isLive(page, last)).toBe(false);
    await waitForHydration(page);
    expect(await page.getAttribute(last, 'data-probe')).toBe('static');
    expect(await isLive(page, last)).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('rule 30 at start: the `country` cookie re-selects the targeted blocks while the others wait, static, for the visitor', async () => {
    const { page, problems } = await phone(chromium());
    await page.context().addCookies([{ name: 'country', value: 'MEX', url: origin }]);
    const html = (await (await page.goto(`${origin}/`))?.text()) ?? '';
    expect(html.slice(0, html.indexOf('</main>'))).not.toContain(MEXICO_ONLY);
    expect(html).toContain('role="timer"');
    await whenStarted(page);
    await expect.poll(() => page.locator('main').textContent()).toContain(MEXICO_ONLY);
    // The timer is for the USA and Canada: gone before it hydrated. The header's number (in view: it hydrates at once) is Mexico's.
    expect(await page.locator('main [role="timer"]').count()).toBe(0);
    await expect.poll(() => page.locator(sel('.layout-header .phone a')).getAttribute('href')).toBe('tel:8005550199');
    // The blocks further down were not brought by it.
    expect(await isLive(page, CAROUSEL)).toBe(false);
    expect(await isLive(page, 'main .gallery')).toBe(false);
    // The widget's promo codes differ for Mexico (rules 29–30): it hydrates at start rather than on use.
    await expect.poll(() => isLive(page, BOOKING)).toBe(true);
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
