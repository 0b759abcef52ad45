import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openPage, useChromium, waitForHydration } from './page-helpers.js';
import en from '../../locales/en.json';
import es from '../../locales/es.json';
import { sel } from '../support/class-names.js';
import { fromWire, toWire } from '../../src/shared/wire.js';

const origin = inject('siteOrigin');
const dist = inject('siteDist');
const deep = inject('deepPages');
const chromium = useChromium();

/** A page in a browser whose language list (navigator.languages and Accept-Language) is `locale`. */
async function browserIn(locale: string, cookie?: string): Promise<Page> {
  const context = await chromium().newContext({ locale });
  if (cookie) await context.addCookies([{ name: 'i18n_redirected', value: cookie, url: origin }]);
  return context.newPage();
}

async function settle(page: Page): Promise<void> {
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
}

describe('locale choice (rules 7–10)', () => {
  it('rule 9: a Spanish browser without cookie at / lands on /es, query and hash kept', async () => {
    const page = await browserIn('es-MX');
    await page.goto(`${origin}/?utm_source=mail#top`);
    await page.waitForURL((url) => url.pathname === '/es');
    expect(new URL(page.url()).search).toBe('?utm_source=mail');
    expect(new URL(page.url()).hash).toBe('#top');
    await settle(page);
    expect(await page.getAttribute('html', 'lang')).toBe('es-MX');
    expect((await page.context().cookies()).find((c) => c.name === 'i18n_redirected')?.value).toBe('es');
    await page.context().close();
  });

  it('rule 7: with the cookie `en` a Spanish browser stays on /', async () => {
    const page = await browserIn('es-ES', 'en');
    await page.goto(`${origin}/`);
    await settle(page);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.context().close();
  });

  it('rule 7: with the cookie `es` an English browser goes to /es', async () => {
    const page = await browserIn('en-US', 'es');
    await page.goto(`${origin}/`);
    await page.waitForURL((url) => url.pathname === '/es');
    await page.context().close();
  });

  it('rule 9: an English browser stays on /, and /es and deep links are never redirected', async () => {
    for (const [locale, target] of [
      ['en-US', '/'],
      ['en-US', '/es'],
      ['en-US', deep.es],
      ['es-MX', deep.en],
    ] as const) {
      const page = await browserIn(locale);
      await page.goto(`${origin}${target}`);
      await settle(page);
      expect(new URL(page.url()).pathname, `${locale} ${target}`).toBe(target);
      await page.context().close();
    }
  });
});

describe('stale builds (rules 15–17)', () => {
  it('rules 15–16: after latest.json changes and an hour passes, the next click is a full page load', async () => {
    const file = path.join(dist, 'builds/latest.json');
    const original = await readFile(file, 'utf8');
    const { page } = await openPage(chromium());
    try {
      await page.clock.install();
      await page.goto(`${origin}${deep.en}`);
      await settle(page);
      const id = (JSON.parse(original) as { id: string }).id;
      // Same length: the preview server knows file sizes from its start.
      await writeFile(file, original.replace(id, id.split('').reverse().join('') === id ? 'f'.repeat(id.length) : id.split('').reverse().join('')));
      await page.evaluate(() => ((window as unknown as { __marker: boolean }).__marker = true));
      const polled = page.waitForRequest((r) => r.url().includes('/builds/latest.json?'));
      await page.clock.fastForward('01:00:01');
      await polled;
      await page.waitForTimeout(200);
      const link = page.locator('main a[href^="/"]').first();
      const href = (await link.getAttribute('href')) ?? '/';
      const loaded = page.waitForEvent('load');
      await link.click();
      await loaded;
      await page.waitForURL((url) => url.pathname === href.split('?')[0]);
      await waitForHydration(page);
      expect(await page.evaluate(() => (window as unknown as { __marker?: boolean }).__marker)).toBeUndefined();
    } finally {
      await writeFile(file, original);
      await page.context().close();
    }
  });

  it('rules 17 and 11: a missing message file reloads the target once, never loops, and a failed messages load only logs', async () => {
    const { page, problems } = await openPage(chromium());
    // The Spanish message file is "gone" (a redeploy removed it).
    await page.route(/\/assets\/messages-es\.\w+\.json$/, (route) => route.abort());
    // Full document loads only (client-side navigations fire no `load`).
    const loads: string[] = [];
    page.on('load', () => loads.push(new URL(page.url()).pathname));
    await page.goto(`${origin}${deep.en}`);
    await settle(page);
    const switchTo = page.locator(sel('.language-switcher a[hreflang="es-MX"]'));
    const target = ((await switchTo.getAttribute('href')) ?? '').split('?')[0]!;
    const served = page.waitForEvent('console', (message) => message.text().includes('stays as served'));
    await switchTo.click();
    await page.waitForURL((url) => url.pathname === target);
    // Loaded in full, it cannot have its messages either: it stays as served (Spanish text, no keys), without hydrating.
    await served;
    expect(
      loads.filter((p) => p === target),
      JSON.stringify({ loads, target, problems }),
    ).toHaveLength(1);
    expect(await page.getAttribute('html', 'lang')).toBe('es-MX');
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    await expectNoRawKeys(page);
    // Again within 10 s: the guard stops a second reload; the page renders with English fallbacks instead.
    await page.goto(`${origin}${deep.en}`);
    await settle(page);
    const before = loads.length;
    await page.locator(sel('.language-switcher a[hreflang="es-MX"]')).click();
    await page.waitForURL((url) => url.pathname === target);
    await page.waitForTimeout(500);
    expect(loads.length).toBe(before);
    expect(await page.getAttribute('html', 'lang')).toBe('es-MX');
    expect(problems.some((p) => p.includes('could not load messages'))).toBe(true);
    expect(await page.locator(sel('.skip-link')).textContent()).toBe(en.site.skipToContent);
    await expectNoRawKeys(page);
    await page.context().close();
  });
});

/** Every message key, dotted (`nav.menu`): what a text shows when no locale has its message. */
function messageKeys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => messageKeys(v, prefix ? `${prefix}.${k}` : k));
  return [prefix.replace(/_(one|other|many|zero)$/, '')];
}

async function expectNoRawKeys(page: Page): Promise<void> {
  const text = await page.evaluate(() => document.body.innerText);
  expect(messageKeys(en).filter((key) => text.includes(key))).toEqual([]);
}

describe('message files (rule 11)', () => {
  it("a page embeds no messages: it preloads its locale's content-hashed file, and hydration waits for it", async () => {
    const html = await (await fetch(`${origin}${deep.es}`)).text();
    expect(html).not.toContain('"skipToContent"');
    const preloads = [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="(\/assets\/messages-(\w+)\.[0-9a-f]{10}\.json)">/g)];
    expect(preloads.map((m) => m[2])).toEqual(['es']);
    const file = await fetch(`${origin}${preloads[0]![1]}`);
    expect(((await file.json()) as typeof es).site.skipToContent).toBe(es.site.skipToContent);

    const { page, problems } = await openPage(chromium());
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const messageRequests: string[] = [];
    await page.route(/\/assets\/messages-\w+\.\w+\.json$/, async (route) => {
      messageRequests.push(new URL(route.request().url()).pathname);
      await held;
      await route.continue();
    });
    await page.goto(`${origin}${deep.es}`);
    await page.waitForFunction(() => document.readyState === 'complete');
    await page.waitForTimeout(300);
    // The server's Spanish text is on the page; the app does not hydrate without its messages.
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    expect(await page.locator(sel('.skip-link')).textContent()).toBe(es.site.skipToContent);
    release();
    await settle(page);
    expect(messageRequests).toEqual([preloads[0]![1]]);
    expect(await page.locator(sel('.skip-link')).textContent()).toBe(es.site.skipToContent);
    // The first switch loads the other locale's file, once.
    await page.locator(sel('.language-switcher a[hreflang="en-US"]')).click();
    await page.waitForFunction(() => document.documentElement.lang === 'en-US');
    await page.locator(sel('.skip-link'), { hasText: en.site.skipToContent }).waitFor();
    expect(messageRequests).toHaveLength(2);
    expect(messageRequests[1]).toMatch(/^\/assets\/messages-en\.[0-9a-f]{10}\.json$/);
    await page.goBack();
    await page.waitForFunction(() => document.documentElement.lang === 'es-MX');
    expect(messageRequests).toHaveLength(2);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('a block chunk a redeploy removed (rule 17)', () => {
  it("turns the client-side navigation into one full load, and the page keeps the block's static HTML", async () => {
    const { page, problems } = await openPage(chromium());
    await page.route(/\/assets\/block-gallery-[\w-]+\.js$/, (route) => route.abort());
    const loads: string[] = [];
    page.on('load', () => loads.push(new URL(page.url()).pathname));
    await page.goto(`${origin}/rooms`);
    await settle(page);
    await page.locator('main a[href^="/rooms/ocean-view-suite"]').first().click();
    await page.waitForURL((url) => url.pathname === '/rooms/ocean-view-suite');
    await settle(page);
    // One full load of the target (the chunk error), never a loop.
    expect(loads.filter((p) => p === '/rooms/ocean-view-suite')).toHaveLength(1);
    // Hydrated without the gallery's code: its thumbnails are still there, from the static HTML.
    expect(await page.locator('.block--Gallery img').count()).toBeGreaterThan(1);
    expect(problems.filter((p) => /hydrat/i.test(p))).toEqual([]);
    await page.context().close();
  });
});

describe('error page in the browser (rules 21, 27)', () => {
  it('a payload whose block list is not an array shows the error page with 503 and the spec message', async () => {
    const { page, problems } = await openPage(chromium());
    await page.route(/_payload\.json/, async (route) => {
      const response = await route.fetch();
      // Read and written as the build does (src/shared/wire.ts: a string may refer to one written before it).
      const payload = fromWire(await response.json()) as { kind: string; path: string; page: { blocks: unknown } };
      // The navigation target's payload, not the page's own (preloaded for hydration).
      if (payload.kind === 'page' && payload.path !== deep.en) payload.page.blocks = { not: 'an array' };
      await route.fulfill({ response, json: toWire(payload) });
    });
    await page.goto(`${origin}${deep.en}`);
    await settle(page);
    await page.locator('main a[href^="/"]:not([href="/"])').first().click();
    await page.waitForSelector(sel('.error-page[data-status="503"]'));
    expect(await page.textContent(sel('.error-page'))).toContain('Components must be an Array');
    // Rule 27: no header and footer outside 400–500.
    expect(await page.locator(sel('.site-header')).count()).toBe(0);
    // Rule 24: the loading overlay is not left on after the error.
    await page.waitForTimeout(300);
    expect(await page.locator('[role="status"]:visible').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('visitor country and 404 messages (rules 30, 5)', () => {
  const MEXICO_ONLY = 'Pay in 12 interest-free monthly instalments';

  it('rule 30: the static page is for the build country; the `country` cookie re-selects targeted blocks after hydration', async () => {
    const context = await chromium().newContext({ locale: 'en-US' });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    const html = await (await page.goto(`${origin}/`))!.text();
    // The rendered markup (the payload embedded after it keeps every block for the browser).
    expect(html.slice(0, html.indexOf('__MAREA_PAYLOAD__'))).not.toContain(MEXICO_ONLY);
    await settle(page);
    expect(await page.textContent('main')).not.toContain(MEXICO_ONLY);
    await context.addCookies([{ name: 'country', value: 'MEX', url: origin }]);
    await page.reload();
    await settle(page);
    expect(await page.textContent('main')).toContain(MEXICO_ONLY);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('rule 5: the 404 page names the path it was served for; an invalid path gets "Page Not Found"', async () => {
    const { page } = await openPage(chromium());
    await page.goto(`${origin}/no-such-page?x=1`);
    await settle(page);
    expect(await page.getAttribute(sel('.error-page'), 'data-message')).toBe('Page not found: /no-such-page');
    await page.goto(`${origin}/es/Mal_Ruta`);
    await settle(page);
    expect(await page.getAttribute(sel('.error-page'), 'data-message')).toBe('Page Not Found: /es/Mal_Ruta');
    await page.context().close();
  });
});
