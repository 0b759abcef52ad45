import { addDays, format, startOfToday } from 'date-fns';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { isLive, openPage, useChromium, waitForHydration, type WatchedPage } from './page-helpers.js';
import { cls, sel } from '../support/class-names.js';

const origin = inject('siteOrigin');
const chromium = useChromium();

/** The bundled site's booking engine (content-cache `engineUrl`): intercepted, nothing leaves the machine. */
const ENGINE_HOST = 'https://booking.marea-resorts.example';
const widget = 'section.booking';
const day = (offset: number, pattern = 'yyyy-MM-dd') => format(addDays(startOfToday(), offset), pattern);

interface BookingPage extends WatchedPage {
  /** Every `dataLayer.push` of the page, as JSON (recorded by the browser before it leaves). */
  pushes: Record<string, unknown>[];
  /** Every request to the engine host. */
  engine: string[];
}

async function open(path: string, width = 1280): Promise<BookingPage> {
  const watched = await openPage(chromium(), { width });
  const { page } = watched;
  const pushes: Record<string, unknown>[] = [];
  const engine: string[] = [];
  await page.exposeFunction('__recordPush', (json: string) => pushes.push(JSON.parse(json) as Record<string, unknown>));
  await page.addInitScript(() => {
    const layer: unknown[] = [];
    const record = (window as unknown as { __recordPush: (json: string) => void }).__recordPush;
    layer.push = (...items: unknown[]) => {
      for (const item of items) if (item && typeof item === 'object' && !('length' in item)) record(JSON.stringify(item));
      return Array.prototype.push.apply(layer, items);
    };
    (window as unknown as { dataLayer: unknown[] }).dataLayer = layer;
  });
  await page.route(`${ENGINE_HOST}/**`, (route) => {
    engine.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Booking engine</title><p>engine</p>' });
  });
  const response = await page.goto(`${origin}${path}`);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
  // Dates are filled after hydration (they depend on the visitor's "today").
  await page.waitForFunction((selector) => !!document.querySelector<HTMLInputElement>(`${selector} input[id$="-checkin"]`)?.value, widget);
  return { ...watched, pushes, engine };
}

/** Presses Tab (or Shift+Tab) until the focused element matches `selector`: the keyboard is the only way in. */
async function tabTo(page: Page, selector: string, back = false): Promise<void> {
  for (let i = 0; i < 120; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

async function retype(page: Page, text: string): Promise<void> {
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  if (text) await page.keyboard.type(text);
}

const field = (name: string) => `${widget} [id$="-${name}"]`;
const focused = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');
const valueOf = (page: Page, name: string) => page.locator(field(name)).inputValue();

/** The message a field's aria-describedby points at (its error, after the hint). */
const describedText = (page: Page, name: string) =>
  page.evaluate((selector) => {
    const ids = document.querySelector(selector)?.getAttribute('aria-describedby')?.split(' ') ?? [];
    return ids.map((id) => document.getElementById(id)?.textContent ?? '');
  }, field(name));

async function engineParams(page: Page): Promise<Record<string, string>> {
  await page.waitForURL((url) => url.origin === ENGINE_HOST, { timeout: 10_000 });
  return Object.fromEntries(new URL(page.url()).searchParams);
}

/** Rule 26: the CSS variables on `<html>`, and what they should say (the widget's viewport x edges). */
const edgesOf = (page: Page) =>
  page.evaluate((selector) => {
    const style = getComputedStyle(document.documentElement);
    const rect = document.querySelector(selector)!.getBoundingClientRect();
    return { left: style.getPropertyValue('--booking-left'), right: style.getPropertyValue('--booking-right'), expected: { left: `${rect.left}px`, right: `${rect.right}px` } };
  }, widget);

describe('booking widget (docs/architecture.md)', () => {
  it('renders its fields in the static HTML and hydrates with no console or hydration error', async () => {
    for (const [path, labels] of [
      ['/', ['Resort', 'Check-in', 'Check-out', 'Guests', 'Promo code', '>Book<']],
      ['/es', ['Resort', 'Llegada', 'Salida', 'Huéspedes', 'Código promocional', '>Reservar<']],
      ['/all-blocks', ['Resort', 'Check-in']],
      ['/es/todos-los-bloques', ['Resort', 'Llegada']],
    ] as const) {
      const { page, problems } = await openPage(chromium());
      const response = await page.goto(`${origin}${path}`);
      const html = (await response?.text()) ?? '';
      expect(html).toContain('role="combobox"');
      for (const label of labels) expect(html).toContain(label);
      await waitForHydration(page);
      await page.waitForFunction(() => !!document.querySelector<HTMLInputElement>('input[id$="-checkin"]')?.value);
      await page.waitForLoadState('networkidle');
      expect(problems, path).toEqual([]);
      await page.context().close();
    }
  });

  it('keyboard only, English: a Flight + Hotel search with the calendar lands on the engine URL with every value', async () => {
    const { page, problems, pushes } = await open('/?utm_source=mail&utm_campaign=summer&ref=home');
    await tabTo(page, `${widget} input[value="hotel"]`);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatch(/-resort$/);
    await retype(page, 'punta');
    await page.keyboard.press('Enter');
    expect(await valueOf(page, 'resort')).toBe('Marea Punta Mita');
    await page.keyboard.press('Tab');
    await retype(page, 'toronto');
    await page.keyboard.press('Enter');
    expect(await valueOf(page, 'airport')).toBe('Toronto Pearson (YYZ)');
    // Calendar: opens on the check-in (tomorrow); a week later, then 3 nights.
    await tabTo(page, sel(`${widget} .booking__calendar-button`));
    await page.keyboard.press('Enter');
    // The calendar is its own chunk (warmed when focus reached the date fields): wait until it has the focus.
    await page.waitForSelector(`${widget} .calendar [data-date="${day(1)}"]:focus`);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(format(addDays(startOfToday(), 1), 'EEEE, MMMM do, yyyy') + ', Check-in');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    expect(await page.evaluate((name) => document.activeElement?.classList.contains(name), cls('booking__calendar-button'))).toBe(true);
    expect(await valueOf(page, 'checkin')).toBe(day(8, 'MM/dd/yyyy'));
    expect(await valueOf(page, 'checkout')).toBe(day(11, 'MM/dd/yyyy'));
    // Guests: 3 adults, 2 children aged 4 and 10.
    await tabTo(page, sel(`${widget} .guests__toggle`));
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.type('3');
    await page.keyboard.press('Tab');
    await page.keyboard.type('2');
    await page.keyboard.press('Tab');
    await page.keyboard.type('4');
    await page.keyboard.press('Tab');
    await page.keyboard.type('10');
    await page.keyboard.press('Escape');
    expect(await page.locator(sel(`${widget} .guests__toggle`)).textContent()).toBe('3 adults, 2 children, 1 room');
    await tabTo(page, field('promo'));
    await retype(page, 'summer26');
    await tabTo(page, `${widget} button[type="submit"]`);
    await page.keyboard.press('Enter');
    expect(await engineParams(page)).toEqual({
      resort: 'MPMT',
      airport: 'YYZ',
      in: day(8),
      out: day(11),
      rooms: '1',
      adults: '3',
      children: '2',
      ages: '4,10',
      promo: 'SUMMER26',
      lang: 'en',
      mode: 'flight',
      utm_source: 'mail',
      utm_campaign: 'summer',
    });
    expect(pushes.filter((p) => p.event === 'bookingSearch')).toEqual([
      {
        event: 'bookingSearch',
        mode: 'flight',
        resort: 'MPMT',
        airport: 'YYZ',
        checkin: day(8),
        checkout: day(11),
        nights: 3,
        rooms: 1,
        adults: 3,
        children: 2,
        ages: [4, 10],
        promo: 'SUMMER26',
        lang: 'en',
      },
    ]);
    // The next visit is pre-filled from the remembered search.
    await page.goto(`${origin}/`);
    await waitForHydration(page);
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[id$="-checkin"]')?.value !== '');
    expect(await valueOf(page, 'resort')).toBe('Marea Punta Mita');
    expect(await valueOf(page, 'airport')).toBe('Toronto Pearson (YYZ)');
    expect(await valueOf(page, 'checkin')).toBe(day(8, 'MM/dd/yyyy'));
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('keyboard only, Spanish: a Hotel search with typed dd/MM/yyyy dates and two rooms lands on the engine URL', async () => {
    const { page, problems } = await open('/es?utm_source=news');
    await tabTo(page, field('resort'));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await valueOf(page, 'resort')).toBe('Marea Playa del Carmen');
    await page.keyboard.press('Tab');
    await retype(page, day(20, 'dd/MM/yyyy'));
    await page.keyboard.press('Tab');
    await retype(page, day(25, 'dd/MM/yyyy'));
    await tabTo(page, sel(`${widget} .guests__toggle`));
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1');
    await tabTo(page, sel(`${widget} .guests__add`));
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    expect(await page.locator(sel(`${widget} .guests__toggle`)).textContent()).toBe('3 adultos, 0 menores, 2 habitaciones');
    expect(await valueOf(page, 'promo')).toBe('WELCOME5');
    await tabTo(page, `${widget} button[type="submit"]`);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Reservar');
    await page.keyboard.press('Enter');
    expect(await engineParams(page)).toEqual({
      resort: 'MPDC',
      airport: '',
      in: day(20),
      out: day(25),
      rooms: '2',
      adults: '3',
      children: '0',
      ages: '',
      promo: 'WELCOME5',
      lang: 'es',
      mode: 'hotel',
      utm_source: 'news',
    });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('mode: Flight + Hotel requires an airport; the message is announced and the search goes once one is chosen', async () => {
    const { page, problems, engine } = await open('/');
    await tabTo(page, `${widget} input[value="hotel"]`);
    await page.keyboard.press('ArrowRight');
    await tabTo(page, field('airport'));
    await retype(page, '');
    await page.keyboard.press('Escape');
    await tabTo(page, `${widget} button[type="submit"]`);
    await page.keyboard.press('Enter');
    await page.waitForFunction((selector) => document.activeElement === document.querySelector(selector), field('airport'));
    expect(await page.getAttribute(field('airport'), 'aria-invalid')).toBe('true');
    expect(await describedText(page, 'airport')).toEqual(['Choose the airport you fly from.']);
    expect(await page.locator(`${widget} [role="alert"]`).textContent()).toBe('Please check 1 field. Departure airport: Choose the airport you fly from.');
    expect(new URL(page.url()).origin).toBe(origin);
    expect(engine).toEqual([]);
    await page.keyboard.type('chicago');
    await page.keyboard.press('Enter');
    await tabTo(page, `${widget} button[type="submit"]`);
    await page.keyboard.press('Enter');
    expect(await engineParams(page)).toMatchObject({ airport: 'ORD', mode: 'flight', resort: 'MTUL' });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('an invalid search explains every field beside it and keeps everything typed', async () => {
    const { page, problems, engine } = await open('/');
    await tabTo(page, field('checkin'));
    await retype(page, day(-1, 'MM/dd/yyyy'));
    await page.keyboard.press('Tab');
    await retype(page, 'next friday');
    await tabTo(page, sel(`${widget} .guests__toggle`));
    await page.keyboard.press('Enter');
    await tabTo(page, field('room-0-children'));
    await page.keyboard.type('1');
    await page.keyboard.press('Escape');
    await tabTo(page, field('promo'));
    await retype(page, 'bad code');
    await tabTo(page, `${widget} button[type="submit"]`);
    await page.keyboard.press('Enter');
    await page.waitForFunction((selector) => document.activeElement === document.querySelector(selector), field('checkin'));
    expect(await describedText(page, 'checkin')).toEqual(['mm/dd/yyyy', 'Choose today or a later date.']);
    expect(await describedText(page, 'checkout')).toEqual(['mm/dd/yyyy', 'Enter the date as mm/dd/yyyy.']);
    expect(await describedText(page, 'room-0-age-0')).toEqual(["Choose this child's age."]);
    expect(await describedText(page, 'promo')).toContain('Promo codes are 3 to 20 letters or digits (a dash is allowed).');
    expect(await page.locator(sel(`${widget} .guests__panel`)).isVisible()).toBe(true);
    expect(await page.locator(`${widget} [role="alert"]`).textContent()).toMatch(/^Please check 4 fields\./);
    expect(await valueOf(page, 'checkin')).toBe(day(-1, 'MM/dd/yyyy'));
    expect(await valueOf(page, 'checkout')).toBe('next friday');
    expect(await valueOf(page, 'promo')).toBe('bad code');
    expect(await page.locator(field('room-0-children')).inputValue()).toBe('1');
    expect(new URL(page.url()).origin).toBe(origin);
    expect(engine).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('mobile sheet at 375 px: a button opens it full screen, focus moves in and stays, Escape closes it and gives focus back', async () => {
    const { page, problems } = await open('/', 375);
    expect(await page.locator(sel(`${widget} .booking__panel`)).isVisible()).toBe(false);
    await tabTo(page, sel(`${widget} .booking__open`));
    await page.keyboard.press('Enter');
    const sheet = page.locator(sel(`${widget} .booking__panel`));
    expect(await sheet.getAttribute('role')).toBe('dialog');
    expect(await sheet.getAttribute('aria-modal')).toBe('true');
    expect(await sheet.boundingBox()).toEqual({ x: 0, y: 0, width: 375, height: 900 });
    expect(await page.evaluate((panel) => !!document.activeElement?.closest(panel), sel('.booking__panel'))).toBe(true);
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('submit');
    await page.keyboard.press('Tab');
    expect(await page.evaluate((name) => document.activeElement?.classList.contains(name), cls('booking__close'))).toBe(true);
    await page.keyboard.press('Escape');
    expect(await sheet.isVisible()).toBe(false);
    expect(await page.evaluate((name) => document.activeElement?.classList.contains(name), cls('booking__open'))).toBe(true);
    // And a whole search from the sheet, keyboard only.
    await page.keyboard.press('Enter');
    await tabTo(page, field('promo'));
    await retype(page, 'winter-us');
    await tabTo(page, `${widget} button[type="submit"]`);
    await page.keyboard.press('Enter');
    expect(await engineParams(page)).toMatchObject({ resort: 'MTUL', in: day(1), out: day(4), adults: '2', rooms: '1', promo: 'WINTER-US', lang: 'en', mode: 'hotel' });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('rule 26: writes the widget left and right edges to CSS variables after mount and on resize', async () => {
    const { page, problems } = await open('/');
    const edges = () => edgesOf(page);
    const first = await edges();
    expect({ left: first.left, right: first.right }).toEqual(first.expected);
    await page.setViewportSize({ width: 900, height: 900 });
    await page.waitForFunction((previous) => getComputedStyle(document.documentElement).getPropertyValue('--booking-right') !== previous, first.right);
    const resized = await edges();
    expect({ left: resized.left, right: resized.right }).toEqual(resized.expected);
    expect(resized.right).not.toBe(first.right);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('rule 26 at start: the widget hydrates on use, its edges are written from its static HTML before, and kept once it is live', async () => {
    const { page, problems } = await openPage(chromium(), { width: 412 });
    const edges = () => edgesOf(page);
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => getComputedStyle(document.documentElement).getPropertyValue('--booking-left') !== '');
    const first = await edges();
    expect({ left: first.left, right: first.right }).toEqual(first.expected);
    // In view, but not live: it waits for the visitor to reach for it (src/shared/first-view.ts).
    expect(await isLive(page, widget)).toBe(false);
    await page.setViewportSize({ width: 900, height: 900 });
    await page.waitForFunction((previous) => getComputedStyle(document.documentElement).getPropertyValue('--booking-right') !== previous, first.right);
    const resized = await edges();
    expect({ left: resized.left, right: resized.right }).toEqual(resized.expected);
    expect(await isLive(page, widget)).toBe(false);
    // Reached for: live, and its own hook writes the edges from then on (one watch of the same element, not two).
    await page.hover(widget);
    await expect.poll(() => isLive(page, widget)).toBe(true);
    await page.setViewportSize({ width: 700, height: 900 });
    await page.waitForFunction((previous) => getComputedStyle(document.documentElement).getPropertyValue('--booking-right') !== previous, resized.right);
    const live = await edges();
    expect({ left: live.left, right: live.right }).toEqual(live.expected);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
