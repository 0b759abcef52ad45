import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { templatePages } from '../../src/node/perf/templates.js';
import { useChromium } from './page-helpers.js';
import { sel } from '../support/class-names.js';

const origin = inject('siteOrigin');
const dist = inject('siteDist');
const chromium = useChromium();

/** A phone and a laptop: the two first screens docs/performance.md ("First screen") holds every template to. */
const SCREENS = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
] as const;

/**
 * What a visitor must see first: the page's headline, and the hero's call to
 * action — or, on a page whose hero has none, its booking widget. Each must
 * lie inside the first viewport with the cookie notice open and not be
 * covered (the element at its centre is it or inside it).
 */
async function firstScreen(page: Page): Promise<{ name: string; inside: boolean; covered: string | null }[]> {
  return page.evaluate(() => {
    const hero = document.querySelector('main .hero');
    const wanted: [string, Element | null][] = [['headline', document.querySelector('main h1')]];
    const cta = hero?.querySelector('.hero__cta') ?? null;
    const booking = document.querySelector('main .booking-widget, main .booking');
    if (cta) wanted.push(['call to action', cta]);
    else if (booking) wanted.push(['booking widget', booking]);
    return wanted.map(([name, el]) => {
      if (!el) return { name, inside: false, covered: 'missing' };
      const box = el.getBoundingClientRect();
      const inside = box.width > 0 && box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      const covered = hit && (hit === el || el.contains(hit)) ? null : (hit?.closest('[class]')?.className.toString() ?? 'nothing');
      return { name, inside, covered };
    });
  });
}

describe('the first screen (docs/performance.md, "First screen")', () => {
  const { found } = templatePages(dist);

  for (const screen of SCREENS) {
    it(`${screen.width}×${screen.height}: every template's headline and call to action (or booking widget) are on the first screen, uncovered, with the cookie notice open, in both languages`, async () => {
      expect(found.length).toBe(16);
      const context = await chromium().newContext({ viewport: screen });
      const page = await context.newPage();
      const failures: string[] = [];
      try {
        for (const { template, locale, path } of found) {
          await page.goto(`${origin}${path}`);
          // The notice shows once the page has hydrated and no choice is stored (rule 33): the context has none.
          await page.locator(sel('.cookie-notice:not([hidden])')).first().waitFor({ timeout: 15_000 });
          for (const item of await firstScreen(page)) {
            if (!item.inside || item.covered)
              failures.push(`${template} (${locale}) ${path}: ${item.name} ${item.inside ? `covered by ${item.covered}` : 'outside the first screen'}`);
          }
        }
      } finally {
        await context.close();
      }
      expect(failures).toEqual([]);
    });
  }
});
