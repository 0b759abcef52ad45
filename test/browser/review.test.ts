import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { openPage, useChromium, waitForHydration } from './page-helpers.js';

/**
 * Review: the all-blocks review page in both languages hydrates cleanly, never
 * scrolls sideways, and is photographed at phone and desktop widths for human
 * review (saved under test-results/screenshots/, not compared pixel by pixel).
 * axe-core checks every page, this one included, in accessibility.test.ts.
 */
const origin = inject('siteOrigin');
const chromium = useChromium();
const SCREENSHOTS = path.resolve('test-results/screenshots');

const REVIEW_PAGES = [
  ['en', '/all-blocks'],
  ['es', '/es/todos-los-bloques'],
] as const;

describe('the all-blocks review page', () => {
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
