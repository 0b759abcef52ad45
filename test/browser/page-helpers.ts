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

/** Waits until React has hydrated the static HTML, every block of it (Shell sets the marker). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, { timeout: 15_000 });
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
