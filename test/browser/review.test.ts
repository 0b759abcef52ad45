import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, inject, it } from 'vitest';
import { openPage, useChromium, waitForHydration } from './page-helpers.js';

/**
 * Review: the all-blocks review page in both languages passes
 * axe-core with no serious or critical violation, hydrates cleanly, and is
 * photographed at phone and desktop widths for human review (saved under
 * test-results/screenshots/, not compared pixel by pixel).
 */
const origin = inject('siteOrigin');
const chromium = useChromium();
const SCREENSHOTS = path.resolve('test-results/screenshots');

const REVIEW_PAGES = [
  ['en', '/all-blocks'],
  ['es', '/es/todos-los-bloques'],
] as const;

describe('the all-blocks review page', () => {
  it.each(REVIEW_PAGES)('%s: axe-core finds no serious or critical violation (WCAG 2.2 AA + best practices)', async (_locale, pagePath) => {
    const { page, problems } = await openPage(chromium());
    await page.goto(`${origin}${pagePath}`);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.impact} ${v.id}: ${v.help} — ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 5)
            .join(' | ')}`,
      );
    expect(serious).toEqual([]);
    // Sanity check that axe looked at the page: every block was there.
    expect(results.passes.length).toBeGreaterThan(20);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it.each([
    ['en', '/'],
    ['es', '/es/contacto'],
    ['en', '/rooms/ocean-view-suite'],
    ['es', '/es/blog'],
    ['en', '/sitemap'],
    ['en', '/terms'],
  ])('%s %s: axe-core finds no serious or critical violation either', async (_locale, pagePath) => {
    const { page, problems } = await openPage(chromium(), { width: 375 });
    await page.goto(`${origin}${pagePath}`);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id}: ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(' | ')}`,
      );
    expect(serious).toEqual([]);
    // One h1 per page (an opening hero or the page title).
    expect(await page.locator('h1').count()).toBe(1);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it.each(REVIEW_PAGES.flatMap(([locale, pagePath]) => [375, 1280].map((width) => [locale, pagePath, width] as const)))(
    '%s: screenshot of %s at %i px for review',
    async (locale, pagePath, width) => {
      const { page, problems } = await openPage(chromium(), { width });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(`${origin}${pagePath}`);
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
      // Nothing wider than the viewport: no sideways scrolling on any block.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      // Lazy images load as they come into view: scroll through once so the full-page shot shows them.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
          window.scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        window.scrollTo(0, 0);
      });
      await page.waitForLoadState('networkidle');
      await mkdir(SCREENSHOTS, { recursive: true });
      const file = path.join(SCREENSHOTS, `all-blocks.${locale}.${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      expect(problems).toEqual([]);
      await page.context().close();
    },
  );
});
