import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from '../support/chromium.js';

export interface WatchedPage {
  page: Page;
  /** Console errors, page errors and React hydration complaints seen so far. */
  problems: string[];
  /** Every `_payload.json` request. */
  payloadRequests: string[];
}

/** A new page that records console errors, uncaught errors and payload requests. */
export async function openPage(browser: Browser, options: { width?: number } = {}): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: 900 } });
  return watchPage(await context.newPage());
}

/** Starts recording the console errors, uncaught errors and payload requests of a page. */
export function watchPage(page: Page): WatchedPage {
  const problems: string[] = [];
  const payloadRequests: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' || /hydrat/i.test(text)) problems.push(`console.${message.type()}: ${text}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('request', (request) => {
    if (request.url().includes('_payload.json')) payloadRequests.push(request.url());
  });
  return { page, problems, payloadRequests };
}

/**
 * Waits until React has hydrated the static HTML, every block of it (Shell sets the marker).
 * Blocks after the first view hydrate only when the visitor comes near or reaches for them
 * (src/shared/first-view.ts): a visitor who went through the whole page is played by a `focusin`
 * on every block's frame (what a tab into it does), until the page is live.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      if (document.documentElement.dataset.hydrated === 'true') return true;
      for (const frame of document.querySelectorAll('[data-block-id]')) frame.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
      return false;
    },
    undefined,
    { timeout: 15_000, polling: 100 },
  );
}

/** Whether the element `selector` names is live: React has hydrated it (an element a dehydrated boundary holds has no fiber yet). */
export function isLive(page: Page, selector: string): Promise<boolean | null> {
  return page.evaluate((s) => {
    const element = document.querySelector(s);
    return element && Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
  }, selector);
}

/**
 * One Chromium for a test file: launched before its tests, closed after.
 * Returns a getter (the browser exists only once `beforeAll` ran).
 */
export function useChromium(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('Chromium is not running yet: call the getter inside a test');
    return browser;
  };
}
