import { addDays, format, startOfToday } from 'date-fns';
import type { Page, Route } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { isLive, openPage, useChromium } from './page-helpers.js';
import { sel } from '../support/class-names.js';

const origin = inject('siteOrigin');
const chromium = useChromium();

/**
 * What a visitor types, picks or ticks in a block before its chunk arrived is
 * kept when the block hydrates, in the field and in React's state, and the
 * focus stays where the visitor is (docs/architecture.md, "Blocks").
 * Each test holds the block's chunk, uses the static HTML, then lets it in.
 */

const ENGINE_HOST = 'https://booking.marea-resorts.example';
const ACTION_HOST = 'https://forms.marea-resorts.example';
const widget = 'main section.booking';
const contact = 'form[name="contact"]';
const day = (offset: number, pattern = 'yyyy-MM-dd') => format(addDays(startOfToday(), offset), pattern);

/** Opens `path` with the chunks `held` matches held back until `release` is called; resolves once the first view is live. */
async function withHeldChunk(path: string, held: RegExp) {
  const watched = await openPage(chromium());
  const { page } = watched;
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(held, async (route) => {
    await gate;
    await route.continue();
  });
  const posts: URLSearchParams[] = [];
  await page.route(`${ACTION_HOST}/**`, (route: Route) => {
    posts.push(new URLSearchParams(route.request().postData() ?? ''));
    return route.fulfill({ status: 200, headers: { 'access-control-allow-origin': '*' }, contentType: 'text/plain', body: 'ok' });
  });
  await page.route(`${ENGINE_HOST}/**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Engine</title>' }));
  expect((await page.goto(`${origin}${path}`))?.status()).toBe(200);
  // The page's first view is live; the held block is not, and stays so until its chunk is let in.
  await expect.poll(() => isLive(page, 'main h1'), { timeout: 15_000 }).toBe(true);
  return { ...watched, posts, release };
}

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');
const valueOf = (page: Page, selector: string) => page.locator(selector).inputValue();

async function engineParams(page: Page): Promise<Record<string, string>> {
  await page.waitForURL((url) => url.origin === ENGINE_HOST, { timeout: 10_000 });
  return Object.fromEntries(new URL(page.url()).searchParams);
}

describe('nothing typed before a block hydrates is lost', () => {
  it.each([
    ['/', 'MM/dd/yyyy', 'summer', '26SUMMER', null],
    ['/es', 'dd/MM/yyyy', 'verano', '26VERANO', 'GUARDADO'],
  ])(
    '%s: the booking widget keeps the dates, promo code and mode changed before its chunk arrived, over the last search, and the focus',
    async (path, pattern, typed, sent, storedPromo) => {
      const { page, problems, release } = await withHeldChunk(path, /\/assets\/block-booking-[\w-]+\.js$/);
      // A returning visitor: the last search (three adults, other dates, a code of its own or none) is restored once the widget is live.
      await page.evaluate((stored) => localStorage.setItem('marea:booking:last-search', JSON.stringify(stored)), {
        v: 1,
        mode: 'hotel',
        resort: 'MTUL',
        airport: '',
        checkin: day(10),
        checkout: day(12),
        rooms: [{ adults: 3, children: 0, ages: [] }],
        promo: storedPromo,
      });
      const input = (name: string) => `${widget} input[id$="-${name}"]`;
      await page.fill(input('checkin'), day(20, pattern));
      await page.fill(input('checkout'), day(23, pattern));
      // Flight + Hotel picked before: a radio React renders as checked from its state.
      await page.click(`${widget} input[type="radio"][value="flight"]`, { force: true });
      await page.click(input('promo'));
      await page.keyboard.press('Control+A');
      await page.keyboard.type(typed);
      // The caret goes back to the start of the code: the visitor adds in front of it.
      await page.keyboard.press('Home');
      expect(await isLive(page, input('promo'))).toBe(false);

      release();
      await expect.poll(() => isLive(page, input('promo')), { timeout: 15_000 }).toBe(true);
      // The last search has been restored (its guests are in), and what the visitor typed is still there.
      await expect.poll(() => page.locator(sel(`${widget} .guests__toggle`)).textContent()).toMatch(/^3 /);
      expect(await valueOf(page, input('promo'))).toBe(typed);
      expect(await valueOf(page, input('checkin'))).toBe(day(20, pattern));
      expect(await valueOf(page, input('checkout'))).toBe(day(23, pattern));
      expect(await page.locator(`${widget} input[type="radio"][value="flight"]`).isChecked()).toBe(true);
      expect(await focusedId(page)).toMatch(/-promo$/);
      expect(await page.locator(input('promo')).evaluate((promo: HTMLInputElement) => promo.selectionStart)).toBe(0);
      // React's state agrees: the next key goes in at the caret, Flight + Hotel shows its airport box, and the search sends what was typed.
      await page.keyboard.type('26');
      expect(await valueOf(page, input('promo'))).toBe(`26${typed}`);
      expect(await page.locator(input('airport')).count()).toBe(1);
      await page.click(`${widget} input[type="radio"][value="hotel"]`, { force: true });
      await page.focus(input('promo'));
      await page.keyboard.press('Enter');
      expect(await engineParams(page)).toMatchObject({ promo: sent, mode: 'hotel', in: day(20), out: day(23), adults: '3' });
      expect(problems).toEqual([]);
      await page.context().close();
    },
  );

  it.each([
    ['/contact', 'MX', 'Quintana Roo'],
    ['/es/contacto', 'US', 'Texas'],
  ])('%s: a form keeps its text, email, phone, select, radio, slider, country, state and checkbox changed before its chunk arrived', async (path, country, state) => {
    const { page, problems, posts, release } = await withHeldChunk(path, /\/assets\/(block-form|Form)-[\w-]+\.js$/);
    const field = (name: string) => `${contact} [name="${name}"]`;
    await page.fill(field('fullName'), 'Ana García');
    await page.fill(field('email'), 'ana@marea.mx');
    await page.fill(field('phone'), '+52 998 123 4567');
    await page.selectOption(field('countryState-country'), country);
    await page.fill(field('countryState-state'), state);
    await page.selectOption(field('topic'), { index: 1 });
    await page.locator(field('contactBy')).nth(1).check();
    const contactBy = await page.locator(`${field('contactBy')}:checked`).getAttribute('value');
    await page.focus(field('budget'));
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await page.check(field('privacy'));
    await page.click(field('message'));
    await page.keyboard.type('Two nights in September');
    const topic = await valueOf(page, field('topic'));
    expect(await valueOf(page, field('budget'))).toBe('828');
    expect(await isLive(page, contact)).toBe(false);

    release();
    await expect.poll(() => isLive(page, contact), { timeout: 15_000 }).toBe(true);
    // Once the form is in use, its list of states arrives: the state box becomes a list, with the typed state chosen.
    await page.waitForSelector(`${contact} select[name="countryState-state"]`);
    expect(await valueOf(page, field('fullName'))).toBe('Ana García');
    expect(await valueOf(page, field('email'))).toBe('ana@marea.mx');
    expect(await valueOf(page, field('countryState-country'))).toBe(country);
    expect(await valueOf(page, field('countryState-state'))).toBe(state);
    expect(await valueOf(page, field('topic'))).toBe(topic);
    expect(await valueOf(page, field('budget'))).toBe('828');
    expect(await page.locator(`${contact} output`).textContent()).toBe('828');
    expect(await page.locator(`${field('contactBy')}:checked`).getAttribute('value')).toBe(contactBy);
    expect(await page.locator(field('privacy')).isChecked()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('message');
    await page.keyboard.type(', sea view.');
    expect(await valueOf(page, field('message'))).toBe('Two nights in September, sea view.');

    await page.click(`${contact} button[type="submit"]`);
    await expect.poll(() => posts.length).toBe(1);
    expect(Object.fromEntries(posts[0]!)).toMatchObject({
      fullName: 'Ana García',
      email: 'ana@marea.mx',
      'countryState-country': country,
      'countryState-state': state,
      topic: topic,
      contactBy,
      budget: '828',
      message: 'Two nights in September, sea view.',
      privacy: 'yes',
    });
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
