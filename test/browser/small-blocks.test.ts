import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openPage, useChromium, waitForHydration, type WatchedPage } from './page-helpers.js';
import { sel } from '../support/class-names.js';

const origin = inject('siteOrigin');
const chromium = useChromium();

const ALL_BLOCKS = { en: '/all-blocks', es: '/es/todos-los-bloques' } as const;
/** content-cache: the all-blocks page's own offer, 1 Mar – 31 May 2027, 8 s delay, shown everywhere. */
const PAGE_OFFER = { en: 'Example offer: kids stay free', when: new Date('2027-04-10T12:00:00Z') };
/** content-cache: the English layout's offer, 1 Oct 2026 – 31 Mar 2027, 4 s delay, USA and Canada. */
const LAYOUT_OFFER = 'Winter Escape: save up to 30%';

interface Options {
  cookies?: { name: string; value: string }[];
  /** Install Playwright's clock (optionally at a fixed start) before the page loads. */
  clock?: Date | true;
  width?: number;
}

async function open(path: string, options: Options = {}): Promise<WatchedPage> {
  const watched = await openPage(chromium(), { width: options.width ?? 1280 });
  const { page } = watched;
  if (options.cookies) await page.context().addCookies(options.cookies.map((c) => ({ ...c, url: origin })));
  if (options.clock) await page.clock.install(options.clock === true ? {} : { time: options.clock });
  const response = await page.goto(`${origin}${path}`);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
  return watched;
}

const timerText = (page: Page) => page.locator(sel('main .timer__units')).textContent();
/** Offers on screen: the text is in every page's HTML, `hidden` until the toast shows. */
const offers = (page: Page) => page.locator(sel('.offer-toast:not([hidden])')).allTextContents();

describe('timer, share, phone', () => {
  it.each([
    ['en', ALL_BLOCKS.en, 'Time left:'],
    ['es', ALL_BLOCKS.es, 'Tiempo restante:'],
  ] as const)('%s: the timer ticks after hydration, with a screen-reader summary, and no hydration error', async (_locale, path, summary) => {
    const { page, problems } = await open(path);
    expect(await page.locator('main [role="timer"]').textContent()).toContain(summary);
    const first = await timerText(page);
    expect(first).toMatch(/\d/);
    // Poll for a change instead of sleeping a fixed time: it ticks every second.
    await page.waitForFunction(
      ({ units, before }) => document.querySelector(units)?.textContent !== before,
      { units: sel('main .timer__units'), before: first },
      { timeout: 5_000 },
    );
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it.each([
    ['en', ALL_BLOCKS.en, 'Link copied'],
    ['es', ALL_BLOCKS.es, 'Enlace copiado'],
  ] as const)('%s: share links point at the canonical URL; copy puts it on the clipboard and says so', async (_locale, path, copied) => {
    const { page, problems } = await open(path);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(canonical).toMatch(new RegExp(`${path}$`));
    const facebook = page.locator('main .share a[href*="facebook.com"]');
    expect(await facebook.getAttribute('href')).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(canonical!)}`);
    expect(await facebook.getAttribute('target')).toBe('_blank');
    expect(await facebook.getAttribute('rel')).toContain('noopener');
    await page.locator('main .share button').click();
    await expect.poll(() => page.locator('main .share [role="status"]').textContent()).toBe(copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(canonical);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('share: a refused Clipboard API falls back to execCommand("copy"); when that fails too, the URL is handed over selected', async () => {
    const { page, problems } = await open(ALL_BLOCKS.en);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    // As in an insecure context or with the permission denied; execCommand is recorded, and refuses on demand.
    await page.evaluate(() => {
      const w = window as unknown as { __copies: string[]; __refuse: boolean };
      w.__copies = [];
      w.__refuse = false;
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } });
      document.execCommand = (command: string) => {
        w.__copies.push(`${command}:${window.getSelection()?.toString() || (document.activeElement as HTMLInputElement | null)?.value}`);
        return !w.__refuse;
      };
    });
    const button = page.locator('main .share button');
    const status = page.locator('main .share [role="status"]');
    await button.click();
    await expect.poll(() => status.textContent()).toBe('Link copied');
    expect(await page.evaluate(() => (window as unknown as { __copies: string[] }).__copies)).toEqual([`copy:${canonical}`]);

    await page.evaluate(() => ((window as unknown as { __refuse: boolean }).__refuse = true));
    await button.click();
    await expect.poll(() => status.textContent()).toMatch(/selected below/);
    const field = page.locator(sel('main .share__manual input'));
    expect(await field.inputValue()).toBe(canonical);
    expect(await field.evaluate((el: HTMLInputElement) => document.activeElement === el && el.selectionStart === 0 && el.selectionEnd === el.value.length)).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('phone: the USA number by default (header and page), the Mexican one with the country cookie', async () => {
    const usa = await open(ALL_BLOCKS.en);
    expect(await usa.page.locator('main .phone a').getAttribute('href')).toBe('tel:+18885550142');
    expect(await usa.page.locator(sel('.layout-header .phone a')).getAttribute('href')).toBe('tel:+18885550142');
    expect(usa.problems).toEqual([]);
    await usa.page.context().close();

    const mex = await open(ALL_BLOCKS.en, { cookies: [{ name: 'country', value: 'MEX' }] });
    // Rule 30: the static HTML is the build's (USA); the visitor's number replaces it after hydration.
    await expect.poll(() => mex.page.locator('main .phone a').getAttribute('href')).toBe('tel:8005550199');
    expect(await mex.page.locator('main .phone').textContent()).toContain('Reservations from Mexico');
    expect(await mex.page.locator(sel('.layout-header .phone a')).getAttribute('href')).toBe('tel:8005550199');
    expect(mex.problems).toEqual([]);
    await mex.page.context().close();
  });

  it('phone: Spanish pages render for Mexico by default', async () => {
    const { page, problems } = await open(ALL_BLOCKS.es);
    expect(await page.locator('main .phone a').getAttribute('href')).toBe('tel:8005550199');
    expect(await page.locator('main .phone').textContent()).toContain('Reservaciones desde México');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('offer toast (rule 29)', () => {
  it('today: the 2027 page offer stays hidden; the active layout offer appears after its delay, closes, and stays closed after a reload', async () => {
    const { page, problems } = await open(ALL_BLOCKS.en, { clock: true });
    // Rendered text only: the embedded payload keeps inactive blocks for the browser's re-check.
    expect(await page.locator('body').innerText()).not.toContain(PAGE_OFFER.en);
    // Not in the static HTML, not before the delay.
    expect(await offers(page)).toEqual([]);
    await page.clock.runFor(3_000);
    expect(await offers(page)).toEqual([]);
    await page.clock.runFor(1_500);
    await expect.poll(() => offers(page)).toEqual([expect.stringContaining(LAYOUT_OFFER)]);
    // Announced politely, focus untouched.
    expect(await page.locator(sel('.offer-toast:not([hidden])')).evaluate((el) => el.closest('[role="status"]')?.getAttribute('aria-live'))).toBe('polite');
    expect(await page.evaluate((toast) => document.activeElement?.closest(toast) ?? null, sel('.offer-toast'))).toBeNull();
    // Past the page offer's 8 s delay: still only the layout's.
    await page.clock.runFor(5_000);
    expect(await offers(page)).toHaveLength(1);
    expect((await offers(page)).join()).not.toContain(PAGE_OFFER.en);

    await page.getByRole('button', { name: 'Close offer' }).click();
    expect(await offers(page)).toEqual([]);
    await page.reload();
    await waitForHydration(page);
    await page.clock.runFor(10_000);
    expect(await offers(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('in spring 2027 (page.clock): the page offer shows after 8 s, Escape dismisses it, the ended layout offer never shows', async () => {
    const { page, problems } = await open(ALL_BLOCKS.en, { clock: PAGE_OFFER.when, width: 375 });
    await page.clock.runFor(7_000);
    expect(await offers(page)).toEqual([]);
    await page.clock.runFor(1_500);
    await expect.poll(() => offers(page)).toEqual([expect.stringContaining(PAGE_OFFER.en)]);
    // Phone layout: a sheet along the bottom edge, clear of the cookie notice (measured once it has slid in).
    await page.locator(sel('.offer-toast:not([hidden])')).evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    const toast = (await page.locator(sel('.offer-toast:not([hidden])')).boundingBox())!;
    expect(toast.width).toBeGreaterThan(360);
    const notice = await page.locator(sel('.cookie-notice:not([hidden])')).first().boundingBox();
    if (notice) expect(toast.y + toast.height).toBeLessThanOrEqual(notice.y + 1);

    await page.locator(sel('.offer-toast:not([hidden]) .offer-toast__close')).focus();
    await page.keyboard.press('Escape');
    expect(await offers(page)).toEqual([]);
    await page.reload();
    await waitForHydration(page);
    await page.clock.runFor(10_000);
    expect(await offers(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('build-time lists on the all-blocks page', () => {
  it.each([
    ['en', ALL_BLOCKS.en],
    ['es', ALL_BLOCKS.es],
  ] as const)('%s: blog list cards, pagination and the site map come from the build', async (_locale, path) => {
    const { page, problems } = await open(path);
    expect(await page.locator(sel('main .blog-card')).count()).toBeGreaterThan(0);
    const nav = page.locator('main nav.pagination');
    expect(await nav.locator('[aria-current="page"]').textContent()).toMatch(/1$/);
    const next = nav.locator(`a[href="${path}/page/2"]`).first();
    expect(await next.count()).toBe(1);
    expect(await page.locator(sel('main .site-map__group')).count()).toBeGreaterThan(1);
    // Page 2 of the list is its own page, current page 2.
    await next.click();
    await page.waitForURL((url) => url.pathname === `${path}/page/2`);
    await expect.poll(() => page.locator('main nav.pagination [aria-current="page"]').textContent()).toMatch(/2$/);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
