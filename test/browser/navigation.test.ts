import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page, Route } from 'playwright-core';
import { launchChromium } from '../support/chromium.js';
import { openPage, waitForHydration } from './page-helpers.js';
import { sel } from '../support/class-names.js';

const origin = inject('siteOrigin');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

type Json = Record<string, unknown>;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isPayload = (path: string) => (url: URL) => url.pathname === (path === '/' ? '/_payload.json' : `${path}/_payload.json`);
const noReloadMarker = (page: Page) => page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
const stillNoReload = (page: Page) => page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true);

/** A built page's payload, read from the served site. */
async function payloadOf(path: string): Promise<Json> {
  return (await (await fetch(`${origin}${path === '/' ? '' : path}/_payload.json`)).json()) as Json;
}

/** Every internal link object of a payload part (blocks nest them at any depth). */
function internalLinks(value: unknown, found: Json[] = []): Json[] {
  if (Array.isArray(value)) value.forEach((v) => internalLinks(v, found));
  else if (value && typeof value === 'object') {
    const o = value as Json;
    if (o.kind === 'internal' && typeof o.slug === 'string') found.push(o);
    Object.values(o).forEach((v) => internalLinks(v, found));
  }
  return found;
}

/** The pages a page's own blocks link to (English: `/{slug}`), other than itself and home. */
async function linkedPages(path: string): Promise<string[]> {
  const payload = await payloadOf(path);
  const paths = internalLinks((payload.page as Json).blocks).map((l) => `/${l.slug as string}`);
  return [...new Set(paths)].filter((p) => p !== path && p !== '/home');
}

/**
 * Three English pages where the first one's blocks link to the second and the second's to
 * the third (the layout's links are left out: many sit in closed menus), from the build's
 * prerendered list.
 */
async function threeHops(): Promise<{ first: string; second: string; third: string }> {
  const latest = (await (await fetch(`${origin}/builds/latest.json`)).json()) as { id: string };
  const meta = (await (await fetch(`${origin}/builds/meta/${latest.id}.json`)).json()) as { prerendered: string[] };
  for (const first of meta.prerendered.filter((p) => !/^\/es(\/|$)/.test(p))) {
    for (const second of await linkedPages(first)) {
      const third = (await linkedPages(second)).find((p) => p !== first);
      if (third) return { first, second, third };
    }
  }
  throw new Error('The browser tests need three English pages that link on to each other');
}

/** Serves a page's payload changed by `edit` (content a test needs that the bundled site lacks). */
async function editPayload(page: Page, path: string, edit: (payload: Json) => void): Promise<void> {
  await page.route(isPayload(path), async (route: Route) => {
    const response = await route.fetch();
    const payload = (await response.json()) as Json;
    edit(payload);
    await route.fulfill({ response, json: payload });
  });
}

/** Scrolls through the whole page and hovers its links, so every link is seen and pointed at. */
async function browseLinks(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.body.scrollHeight);
  for (let y = 0; y <= height; y += 400) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await sleep(30);
  }
  const visible = page.locator('a[href^="/"]').filter({ visible: true });
  for (let i = 0; i < Math.min(await visible.count(), 8); i++) await visible.nth(i).hover();
}

describe('client-side navigation (rules 4, 5, 6, 19, 24)', () => {
  it('rule 19: links prefetch their payloads, never more than 4 at once, each target once', async () => {
    const { page, problems, payloadRequests } = await openPage(browser);
    let inFlight = 0;
    let peak = 0;
    await page.route(
      (url) => url.pathname.endsWith('/_payload.json'),
      async (route) => {
        peak = Math.max(peak, ++inFlight);
        const response = await route.fetch();
        await sleep(300);
        await route.fulfill({ response });
        inFlight--;
      },
    );
    await page.goto(`${origin}/`);
    await waitForHydration(page);
    await browseLinks(page);
    await expect.poll(() => payloadRequests.length, { timeout: 10_000 }).toBeGreaterThan(4);
    await expect.poll(() => inFlight, { timeout: 10_000 }).toBe(0);
    expect(peak).toBe(4);
    const paths = payloadRequests.map((u) => new URL(u).pathname);
    expect(new Set(paths).size).toBe(paths.length);
    expect(payloadRequests.every((u) => /\?v=.+/.test(u))).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('rule 19: no prefetch under save-data; a click still navigates from the payload', async () => {
    const { page, problems, payloadRequests } = await openPage(browser);
    await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' }, configurable: true }));
    await page.goto(`${origin}/`);
    await waitForHydration(page);
    await noReloadMarker(page);
    await browseLinks(page);
    await sleep(1000);
    // Rule 18: the page's own payload (preloaded by its HTML) is the only one.
    expect(payloadRequests.map((u) => new URL(u).pathname)).toEqual(['/_payload.json']);
    const link = page.locator('main a[href^="/"]:not([href="/"])').filter({ visible: true }).first();
    const target = ((await link.getAttribute('href')) ?? '').split(/[?#]/)[0]!;
    await link.click();
    await page.waitForURL((url) => url.pathname === target);
    expect(payloadRequests.map((u) => new URL(u).pathname)).toEqual(['/_payload.json', `${target}/_payload.json`]);
    expect(await stillNoReload(page)).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('rule 4: the query string is carried by client-side navigation and by the new page’s links', async () => {
    const { page, problems } = await openPage(browser);
    await page.goto(`${origin}/?utm_source=rule4&lang=x`);
    await waitForHydration(page);
    await noReloadMarker(page);
    const link = page.locator('main a[href^="/"]:not([href="/"])').filter({ visible: true }).first();
    const target = ((await link.getAttribute('href')) ?? '').split('?')[0]!;
    const heading = await page.locator('main h1').first().textContent();
    await link.click();
    await page.waitForURL((url) => url.pathname === target);
    expect(new URL(page.url()).search).toBe('?utm_source=rule4&lang=x');
    await page.waitForFunction((old) => document.querySelector('main h1')?.textContent !== old, heading);
    // Every link the new page builds (header, blocks, footer) carries the query along. Links
    // inside CMS rich text are the editors' HTML, not built by the product: left out.
    const hrefs = await page
      .locator(sel('a[href^="/"]:not([href^="/assets/"]):not(.rich-text a)'))
      .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? '').filter((h) => !h.startsWith('#')));
    expect(hrefs.length).toBeGreaterThan(0);
    expect(hrefs.filter((h) => !h.includes('?utm_source=rule4&lang=x'))).toEqual([]);
    expect(await stillNoReload(page)).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('rule 6: navigation scrolls to the top, or to the element of the hash', async () => {
    const { page, problems } = await openPage(browser);
    const { first, second, third } = await threeHops();
    // The bundled pages have no in-page anchors and few links far down a page: the second page gets a
    // long rich text with a link to the third far down and a heading with an id (as CMS rich text with
    // anchors would), and the third a link back to that heading (rich-text links navigate client-side).
    const filler = '<p>Marea.</p>'.repeat(60);
    const insert = (payload: Json, body: string) =>
      (payload.page as { blocks: Json[] }).blocks.splice(0, 0, { component: 'blocks.wysiwyg', name: 'Wysiwyg', key: '0', countries: null, props: { body } });
    await editPayload(page, second, (payload) => insert(payload, `${filler}<h2 id="rule-6-target">Anchor</h2>${filler}<p><a href="${third}">Onward</a></p>`));
    await editPayload(page, third, (payload) => insert(payload, `<p><a href="${second}#rule-6-target">Back to the anchor</a></p>`));
    await page.goto(`${origin}${first}`);
    await waitForHydration(page);
    await noReloadMarker(page);
    await page.locator(`main a[href^="${second}"]:not([inert] *)`).filter({ visible: true }).first().click();
    await page.waitForURL((url) => url.pathname === second);
    const onward = page.locator(`main a[href="${third}"]`, { hasText: 'Onward' });
    await onward.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await onward.click();
    await page.waitForURL((url) => url.pathname === third);
    await page.waitForFunction(() => window.scrollY === 0);

    await page.locator('main a[href*="#rule-6-target"]').filter({ visible: true }).first().click();
    await page.waitForURL((url) => url.pathname === second && url.hash === '#rule-6-target');
    await page.waitForSelector('#rule-6-target');
    // The heading, far down the page, is scrolled to the top of the viewport.
    await page.waitForFunction(() => Math.abs(document.getElementById('rule-6-target')!.getBoundingClientRect().top) < 120);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await expect.poll(() => page.evaluate(() => Math.abs(document.getElementById('rule-6-target')!.getBoundingClientRect().top))).toBeLessThan(1);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    expect(await stillNoReload(page)).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('rule 24: the loading overlay shows for a slow payload, announced, and is gone once the page rendered', async () => {
    const { page, problems } = await openPage(browser);
    const [target] = await linkedPages('/');
    // Delayed before the page opens, so that the prefetch cannot have it in hand already.
    await page.route(isPayload(target!), async (route) => {
      const response = await route.fetch();
      await sleep(1500);
      await route.fulfill({ response });
    });
    await page.goto(`${origin}/`);
    await waitForHydration(page);
    const link = page.locator(`main a[href^="${target}"]`).filter({ visible: true }).first();
    const status = page.locator(sel('.loading-overlay[role="status"]'));
    expect(await status.getAttribute('aria-live')).toBe('polite');
    expect(await status.getAttribute('data-visible')).toBeNull();
    const heading = await page.locator('main h1').first().textContent();
    await link.click();
    await page.waitForSelector(sel('.loading-overlay[data-visible="true"]'), { timeout: 1400 });
    expect(await status.textContent()).toBe('Loading page…');
    expect(await page.getAttribute('main', 'aria-busy')).toBe('true');
    await page.waitForURL((url) => url.pathname === target);
    await page.waitForFunction((old) => document.querySelector('main h1')?.textContent !== old, heading);
    expect(await status.getAttribute('data-visible')).toBeNull();
    expect(await status.textContent()).toBe('');
    expect(await page.locator('main[aria-busy]').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('rules 5 and 20: an internal link to an unknown page ends on the 404 page, status 404, overlay gone', async () => {
    const { page, problems } = await openPage(browser);
    const { first, second } = await threeHops();
    // A link to a page the site does not have, at the top of the second page (rich-text links navigate client-side).
    await editPayload(page, second, (payload) => {
      (payload.page as { blocks: Json[] }).blocks.splice(0, 0, {
        component: 'blocks.wysiwyg',
        name: 'Wysiwyg',
        key: '0',
        countries: null,
        props: { body: '<p><a href="/no-such-page-rule-5">Nowhere</a></p>' },
      });
    });
    await page.goto(`${origin}${first}`);
    await waitForHydration(page);
    await page.locator(`main a[href^="${second}"]:not([inert] *)`).filter({ visible: true }).first().click();
    await page.waitForURL((url) => url.pathname === second);
    const documentResponse = page.waitForResponse((r) => r.request().resourceType() === 'document');
    await page.locator('main a[href^="/no-such-page-rule-5"]').filter({ visible: true }).first().click();
    const response = await documentResponse;
    expect(new URL(response.url()).pathname).toBe('/no-such-page-rule-5');
    expect(response.status()).toBe(404);
    await waitForHydration(page);
    expect(await page.locator(sel('.error-page')).getAttribute('data-status')).toBe('404');
    expect(await page.locator(sel('.loading-overlay[data-visible]')).count()).toBe(0);
    // The failed payload and the 404 document are logged by the browser; nothing else may fail.
    expect(problems.filter((p) => !p.includes('status of 404'))).toEqual([]);
    await page.context().close();
  });
});
