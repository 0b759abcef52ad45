import path from 'node:path';
import pLimit from 'p-limit';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it, type ExpectStatic } from 'vitest';
import type { Locale } from '../../src/shared/model.js';
import { LOCALES } from '../../src/shared/locales.js';
import { HOME_SLUG, pagePath } from '../../src/shared/routes.js';
import { CONSENT_COOKIE } from '../../src/client/analytics/consent.js';
import { checkWithAxe } from './a11y/axe-check.js';
import { Findings } from './a11y/findings.js';
import { modalNames, sitePages, templatePages, type SitePage } from './a11y/site-pages.js';
import { useChromium, waitForHydration, watchPage } from './page-helpers.js';
import { sel } from '../support/class-names.js';

/**
 * Accessibility (docs/accessibility.md): axe-core on every page of the bundled site in both
 * languages (the build's prerendered list and each locale's 404 page) at 375 px, and at 1280 px
 * on the pages that show every template with every block it carries (`templatePages`: what the
 * width changes is the layout, and the content of every page was checked at 375), with the
 * cookie notice open (a first visit) and closed by its button, and on every modal of each
 * locale. Serious and critical violations fail; moderate and minor ones are printed and written
 * to test-results/accessibility/.
 */
const origin = inject('siteOrigin');
const dist = inject('siteDist');
const chromium = useChromium();
const findings = new Findings();
const REPORT_DIR = path.resolve('test-results/accessibility');
const WIDTHS = [375, 1280] as const;
/**
 * Pages checked at once, over every test of this file: the tests run concurrently and queue
 * their pages here, so both slots stay busy to the last page (no sweep waits for the slowest
 * page of the one before, and the modal runs fill the other slot). Each page has its own
 * renderer process: two keep the machine's two cores busy.
 */
const PARALLEL_PAGES = 2;
const limit = pLimit(PARALLEL_PAGES);
/** Long enough for every test to wait for the whole queue: each one's pages are mixed with the others'. */
const TIMEOUT = 900_000;
const notice = sel('.cookie-notice:not([hidden])');
const dialog = 'dialog.modal';

let pages: SitePage[] = [];
/** The pages swept at 1280 px: each template with every block it carries, in each locale. */
let templates: SitePage[] = [];
let checkedStates = 0;
const started = performance.now();
/** Idle contexts of each sweep (locale and width), reused from page to page: their HTTP cache keeps the hashed assets. */
const idle = new Map<string, BrowserContext[]>();

beforeAll(async () => {
  pages = await sitePages(dist);
  templates = await templatePages(dist, pages);
});

afterAll(async () => {
  await Promise.all([...idle.values()].flat().map((context) => context.close()));
  const file = await findings.write(REPORT_DIR, checkedStates);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`axe-core: ${checkedStates} states checked in ${seconds} s, ${PARALLEL_PAGES} pages at once; moderate and minor findings (${file}):`);
  console.table(findings.rows().map(({ rule, impact, elements, states, help }) => ({ rule, impact, elements, states, help })));
});

/** A page's known console noise: Chromium logs the 404 status of the error page's own document. */
const unexpected = (problems: string[], status: number) => problems.filter((p) => !(status === 404 && /status of 404/.test(p)));

/** One state checked: its serious or critical violations, each a line that says where. */
async function check(expect: ExpectStatic, page: Page, where: string, include?: string): Promise<string[]> {
  const result = await checkWithAxe(page, include);
  checkedStates += 1;
  // axe looked at a rendered page (or dialog), not an empty document.
  expect(result.passedRules, where).toBeGreaterThan(include ? 5 : 20);
  return findings.add(where, result);
}

/** Runs `sweep` on a page of a context of the sweep `locale` × `width`, when one of the PARALLEL_PAGES is free. */
function inSweepContext<T>(locale: Locale, width: number, sweep: (context: BrowserContext) => Promise<T>): Promise<T> {
  return limit(async () => {
    const key = `${locale} ${width}`;
    const spare = idle.get(key) ?? [];
    idle.set(key, spare);
    const context = spare.pop() ?? (await chromium().newContext({ viewport: { width, height: 900 } }));
    try {
      return await sweep(context);
    } finally {
      spare.push(context);
    }
  });
}

/** Loads a page on a first visit (no consent cookie): the notice opens; axe; close it with its button; axe again. */
async function sweepPage(expect: ExpectStatic, context: BrowserContext, width: number, target: SitePage): Promise<string[]> {
  await context.clearCookies({ name: CONSENT_COOKIE });
  const { page, problems } = watchPage(await context.newPage());
  const response = await page.goto(`${origin}${target.path}`);
  expect(response?.status(), target.path).toBe(target.status);
  await waitForHydration(page);
  await page.waitForSelector(notice);
  const blocking = await check(expect, page, `${width} ${target.path} (cookie notice open)`);
  // A visitor's way out: the first button (reject, weighed the same as accept) of the notice on
  // top (the all-blocks pages show the block in their content too, under the layout's).
  await page.locator(notice).last().locator('button').first().click();
  await page.waitForSelector(notice, { state: 'detached' });
  blocking.push(...(await check(expect, page, `${width} ${target.path} (cookie notice closed)`)));
  blocking.push(...unexpected(problems, target.status).map((p) => `${width} ${target.path}: ${p}`));
  // One h1 a page (an opening hero or the page title): axe's page-has-heading-one only asks for at least one.
  const headings = await page.locator('h1').count();
  if (headings !== 1) blocking.push(`${width} ${target.path}: ${headings} h1 elements, expected 1`);
  await page.close();
  return blocking;
}

/**
 * Every modal of `locale`, opened one after another from its `#modal=<name>` URL on the
 * locale's home page, in a context of its own (`country` cookie when given).
 */
async function sweepModals(expect: ExpectStatic, locale: Locale, names: string[], width: number, country: string | null): Promise<string[]> {
  const context = await chromium().newContext({ viewport: { width, height: 900 } });
  try {
    // The notice already answered: it was checked in both states by the sweep.
    await context.addCookies([{ name: CONSENT_COOKIE, value: 'denied', url: origin }]);
    if (country) await context.addCookies([{ name: 'country', value: country, url: origin }]);
    const { page, problems } = watchPage(await context.newPage());
    await page.goto(`${origin}${pagePath(locale, HOME_SLUG)}`);
    await waitForHydration(page);
    const blocking: string[] = [];
    for (const name of names) {
      await page.evaluate((hash) => (window.location.hash = hash), `#modal=${name}`);
      await page.waitForSelector(`${dialog}[open]`);
      blocking.push(...(await check(expect, page, `${width} ${locale} #modal=${name}${country ? ` (${country})` : ''}`, dialog)));
      await page.keyboard.press('Escape');
      await page.waitForFunction((selector) => !document.querySelector(`${selector}[open]`) && window.location.hash === '', dialog);
    }
    blocking.push(...problems.map((p) => `${width} ${locale} modals: ${p}`));
    return blocking;
  } finally {
    await context.close();
  }
}

describe.concurrent('accessibility: axe-core on every page (WCAG 2.2 AA)', () => {
  /**
   * Each modal opens from its `#modal=<name>` URL on the locale's home page, and only the
   * dialog is checked: the page behind it is inert and was checked in this state below. At
   * 1280 px for the locale's own country, at 375 px for the other locale's (rule 30), so the
   * items targeted to either country are seen. First in the file: their two long runs (one
   * page each) go first in the queue, and the sweeps' short pages fill in around them.
   */
  it.for(LOCALES.map((locale) => [locale] as const))(
    '%s: every modal, open, has no serious or critical violation (1280 and 375 px)',
    { timeout: TIMEOUT },
    async ([locale], { expect }) => {
      const names = await modalNames(dist, locale);
      expect(names.length).toBeGreaterThan(0);
      const blocking = await Promise.all(
        (
          [
            [1280, null],
            [375, locale === 'en' ? 'MEX' : 'USA'],
          ] as const
        ).map(([width, country]) => limit(() => sweepModals(expect, locale, names, width, country))),
      );
      expect(blocking.flat()).toEqual([]);
    },
  );

  it.for(LOCALES.flatMap((locale) => WIDTHS.map((width) => [locale, width] as const)))(
    '%s at %i px: every page (at 1280 px, every template), cookie notice open and closed, has no serious or critical violation',
    { timeout: TIMEOUT },
    async ([locale, width], { expect }) => {
      const mine = (width === 1280 ? templates : pages).filter((p) => p.locale === locale);
      expect(mine.length).toBeGreaterThan(2);
      const blocking = await Promise.all(mine.map((target) => inSweepContext(locale, width, (context) => sweepPage(expect, context, width, target))));
      expect(blocking.flat()).toEqual([]);
    },
  );
});
