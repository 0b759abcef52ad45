import { addDays, format, startOfToday } from 'date-fns';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { Locale } from '../../src/shared/model.js';
import { HOME_SLUG, pagePath } from '../../src/shared/routes.js';
import { focusState } from './a11y/focus-state.js';
import { openPage, useChromium, waitForHydration } from './page-helpers.js';
import { sel } from '../support/class-names.js';

/**
 * Keyboard only (docs/accessibility.md): home → a modal (Tab, Enter) → closed with Escape,
 * focus back on its link → Rooms (Tab to the nav link, Enter) → a room page, whose booking
 * widget is filled by keyboard → the booking engine's URL. Nothing but
 * `page.keyboard`: no clicks, no `focus()`. After every key the focus is somewhere (not
 * `<body>`) and visible (`:focus-visible`, an outline or a shadow, in the viewport, not
 * hidden under the cookie notice or the offer toast), except at the one documented moment:
 * after a navigation to another page, focus is on the main content (docs/behaviour.md, rule 6).
 * The cookie notice of a first visit stays open the whole way.
 */
const origin = inject('siteOrigin');
const chromium = useChromium();

/** The bundled site's booking engine (content-cache `engineUrl`): intercepted, nothing leaves the machine. */
const ENGINE_HOST = 'https://booking.marea-resorts.example';
const widget = 'section.booking';
const day = (offset: number) => format(addDays(startOfToday(), offset), 'yyyy-MM-dd');

/** The bundled content's rooms list of each locale (its nav link and its room cards). */
const ROOMS: Record<Locale, string> = { en: '/rooms', es: '/es/habitaciones' };

/** Every key pressed, with where the focus went: the failure message shows the way there. */
type Trail = string[];

const describeFocus = (page: Page) => page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120) ?? 'null');

/** Asserts that focus is somewhere and that a sighted user can see it; `step` (the key just pressed) joins the trail. */
async function expectVisibleFocus(page: Page, trail: Trail, step: string): Promise<void> {
  // One frame: focus moves and scrolls happen in the same task as the key's handlers, styles after.
  await page.evaluate(() => new Promise(requestAnimationFrame));
  const state = await focusState(page);
  trail.push(`${step} → ${state.element}`);
  const where = trail.slice(-6).join('\n');
  expect(state.lost, `focus lost after:\n${where}`).toBe(false);
  expect(state.focusVisible, `focus not :focus-visible after:\n${where}`).toBe(true);
  expect(state.indicator, `no focus indicator after:\n${where}`).toBe(true);
  expect(state.inViewport, `focus outside the viewport after:\n${where}`).toBe(true);
  expect(state.obscured, `focus hidden under another layer after:\n${where}`).toBe(false);
}

/** Presses a key, then checks the focus. */
async function press(page: Page, trail: Trail, key: string): Promise<void> {
  await page.keyboard.press(key);
  await expectVisibleFocus(page, trail, key);
}

/** Types text into the focused field, then checks the focus. */
async function type(page: Page, trail: Trail, text: string): Promise<void> {
  await page.keyboard.type(text);
  await expectVisibleFocus(page, trail, `"${text}"`);
}

const focusMatches = (page: Page, selector: string) => page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);

/** Tab (or Shift+Tab) until the focus is on `selector`, checking every step. */
async function tabTo(page: Page, trail: Trail, selector: string, back = false): Promise<void> {
  for (let i = 0; i < 150; i++) {
    if (await focusMatches(page, selector)) return;
    await press(page, trail, back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${back ? 'Shift+Tab' : 'Tab'} never reached ${selector}:\n${trail.slice(-10).join('\n')}`);
}

/** Enter on a link to another page: the page changes client-side and focus lands on its main content, then Tab goes on from there. */
async function follow(page: Page, trail: Trail, pathname: string): Promise<void> {
  await page.keyboard.press('Enter');
  trail.push(`Enter → navigation to ${pathname}`);
  await page.waitForURL((url) => url.pathname === pathname);
  await page
    .waitForFunction(() => document.activeElement?.id === 'main', undefined, { timeout: 10_000 })
    .catch(async () => {
      throw new Error(`after the navigation to ${pathname} the focus is on ${await describeFocus(page)}, not on the main content`);
    });
  // The documented target: the main content (no ring of its own; the next Tab is in the new page).
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
}

describe('keyboard-only journeys', () => {
  it.each([['en'], ['es']] as const)(
    '%s: home → modal → rooms → a room → book, focus never lost and always visible',
    async (locale) => {
      const { page, problems } = await openPage(chromium(), { width: 1280 });
      const engine: string[] = [];
      await page.route(`${ENGINE_HOST}/**`, (route) => {
        engine.push(route.request().url());
        return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Booking engine</title><p>engine</p>' });
      });
      const home = pagePath(locale, HOME_SLUG);
      await page.goto(`${origin}${home}`);
      await waitForHydration(page);
      // A client-side journey: a full page load would lose this marker.
      await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
      expect(await page.locator(sel('.cookie-notice:not([hidden])')).count()).toBe(1);
      const trail: Trail = [];

      // A modal: the first `#modal=` link in tab order; Enter opens it with focus inside.
      await tabTo(page, trail, 'a[data-modal]');
      const modal = await page.evaluate(() => document.activeElement!.getAttribute('data-modal')!);
      await page.keyboard.press('Enter');
      await page.waitForSelector('dialog.modal[open]');
      await page.waitForFunction(() => !!document.activeElement?.closest('dialog.modal[open]'));
      await expectVisibleFocus(page, trail, `Enter (#modal=${modal})`);
      await press(page, trail, 'Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('dialog.modal[open]'))).toBe(true);
      // Escape closes it; focus is back on the link that opened it.
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('dialog.modal[open]') && window.location.hash === '');
      await expectVisibleFocus(page, trail, 'Escape');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-modal'))).toBe(modal);

      // Rooms, from the main navigation.
      await tabTo(page, trail, sel(`a.site-nav__link[href="${ROOMS[locale]}"]`), true);
      await follow(page, trail, ROOMS[locale]);

      // A room page, from the rooms list's cards.
      await tabTo(page, trail, sel(`main a.blog-card__link[href^="${ROOMS[locale]}/"]`));
      const room = await page.evaluate(() => new URL((document.activeElement as HTMLAnchorElement).href).pathname);
      await follow(page, trail, room);
      expect(await page.locator('h1').count()).toBe(1);

      // The room page's own booking widget books it.
      await page.waitForFunction((selector) => !!document.querySelector<HTMLInputElement>(`${selector} input[id$="-checkin"]`)?.value, widget);

      // Resort: type to filter, Enter picks.
      await tabTo(page, trail, `${widget} input[id$="-resort"]`);
      await press(page, trail, 'Control+A');
      await type(page, trail, 'punta');
      await press(page, trail, 'Enter');
      expect(await page.locator(`${widget} input[id$="-resort"]`).inputValue()).toBe('Marea Punta Mita');
      // Dates on the calendar: it opens on the check-in (tomorrow); a week later, then 3 nights.
      await tabTo(page, trail, sel(`${widget} .booking__calendar-button`));
      await page.keyboard.press('Enter');
      // The calendar is its own chunk: focus stays on its button until it has loaded and takes it.
      await page.waitForSelector(`${widget} .calendar [data-date="${day(1)}"]:focus`);
      await expectVisibleFocus(page, trail, 'Enter (calendar)');
      await press(page, trail, 'ArrowDown');
      await press(page, trail, 'Enter');
      await press(page, trail, 'ArrowRight');
      await press(page, trail, 'ArrowRight');
      await press(page, trail, 'Enter');
      expect(await focusMatches(page, sel(`${widget} .booking__calendar-button`))).toBe(true);
      // Guests: 3 adults.
      await tabTo(page, trail, sel(`${widget} .guests__toggle`));
      await press(page, trail, 'Enter');
      await press(page, trail, 'Tab');
      await type(page, trail, '3');
      await press(page, trail, 'Escape');
      expect(await focusMatches(page, sel(`${widget} .guests__toggle`))).toBe(true);
      // Book.
      await tabTo(page, trail, `${widget} button[type="submit"]`);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.origin === ENGINE_HOST, { timeout: 10_000 });
      expect(Object.fromEntries(new URL(page.url()).searchParams)).toMatchObject({
        resort: 'MPMT',
        in: day(8),
        out: day(11),
        rooms: '1',
        adults: '3',
        children: '0',
        lang: locale,
        mode: 'hotel',
      });
      expect(engine).toHaveLength(1);
      expect(problems).toEqual([]);
      await page.context().close();
    },
    120_000,
  );
});
