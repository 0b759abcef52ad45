import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openPage, useChromium, waitForHydration, type WatchedPage } from './page-helpers.js';
import { sel } from '../support/class-names.js';

const origin = inject('siteOrigin');
const chromium = useChromium();

const dialog = 'dialog.modal';

/** A hydrated page; `country` sets the edge's `country` cookie (rule 30). The marker proves later steps never reloaded it. */
async function open(path: string, options: { country?: string; width?: number } = {}): Promise<WatchedPage> {
  const watched = await openPage(chromium(), { width: options.width });
  if (options.country) await watched.page.context().addCookies([{ name: 'country', value: options.country, url: origin }]);
  const response = await watched.page.goto(`${origin}${path}`);
  expect(response?.status()).toBe(200);
  await waitForHydration(watched.page);
  await watched.page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
  return watched;
}

const state = (page: Page) =>
  page.evaluate((selector) => {
    const element = document.querySelector<HTMLDialogElement>(selector);
    const heading = element && document.getElementById(element.getAttribute('aria-labelledby') ?? '');
    return {
      open: element?.open ?? false,
      modal: element?.matches(':modal') ?? false,
      heading: heading?.textContent ?? null,
      headingTag: heading?.tagName ?? null,
      focusInside: !!element && element.contains(document.activeElement),
      hash: window.location.hash,
      scrollY: Math.round(window.scrollY),
      overflow: getComputedStyle(document.body).overflow,
      noReload: (window as unknown as { __noReload?: boolean }).__noReload === true,
    };
  }, dialog);

const activeModalLink = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-modal') ?? null);
const opened = (page: Page) => page.waitForSelector(`${dialog}[open]`, { timeout: 10_000 });
/** Closed, and the URL no longer names it (history.back() lands a moment after the dialog closes). */
const closed = (page: Page) => page.waitForFunction((selector) => !document.querySelector(`${selector}[open]`) && !window.location.hash.startsWith('#modal='), dialog);

describe('modals (docs/architecture.md, "Modals")', () => {
  it('click: opens without scrolling the page, focus and Tab stay inside, the page cannot scroll behind, Escape closes and focus returns', async () => {
    const { page, problems } = await open('/all-blocks');
    // The footer's "Booking policy" (modals.wysiwyg): far down the page, so a scroll jump would show.
    const link = page.locator('a[data-modal="booking-policy"]').last();
    await link.scrollIntoViewIfNeeded();
    const before = await state(page);
    expect(before.scrollY).toBeGreaterThan(500);
    await link.click();
    await opened(page);
    const during = await state(page);
    expect(during).toMatchObject({
      open: true,
      modal: true,
      heading: 'Booking policy',
      headingTag: 'H2',
      focusInside: true,
      hash: '#modal=booking-policy',
      scrollY: before.scrollY,
      overflow: 'hidden',
      noReload: true,
    });
    // USA (the English build's country): the USA/CAN-targeted item, prices in dollars.
    expect(await page.locator(dialog).textContent()).toContain('Prices are shown in US dollars');
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect((await state(page)).focusInside).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect((await state(page)).focusInside).toBe(true);
    await page.mouse.wheel(0, 800);
    await page.evaluate(() => new Promise(requestAnimationFrame));
    expect((await state(page)).scrollY).toBe(before.scrollY);
    await page.keyboard.press('Escape');
    await closed(page);
    expect(await state(page)).toMatchObject({ open: false, hash: '', scrollY: before.scrollY, overflow: 'visible', noReload: true });
    expect(await activeModalLink(page)).toBe('booking-policy');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('keyboard: Enter on the link opens it, the close button (Enter) closes it and focus returns to the link', async () => {
    const { page, problems } = await open('/rooms/ocean-view-suite');
    const link = page.locator('a[data-modal="ocean-view-suite"]').first();
    await link.focus();
    await page.keyboard.press('Enter');
    await opened(page);
    expect(await state(page)).toMatchObject({ heading: 'Ocean View Suite', focusInside: true, hash: '#modal=ocean-view-suite' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close');
    // The room item: its images, checked features and the call to action.
    await expect.poll(() => page.locator(sel(`${dialog} .modal-room__features li`)).count()).toBe(4);
    expect(await page.locator(sel(`${dialog} .modal-item__cta`)).textContent()).toBe('Book this suite');
    await page.keyboard.press('Enter');
    await closed(page);
    expect(await activeModalLink(page)).toBe('ocean-view-suite');
    expect((await state(page)).hash).toBe('');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('a click on the backdrop closes it', async () => {
    const { page, problems } = await open('/rooms/ocean-view-suite', { width: 1280 });
    await page.locator('a[data-modal="ocean-view-suite"]').first().click();
    await opened(page);
    await page.mouse.click(10, 10);
    await closed(page);
    expect((await state(page)).hash).toBe('');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('a shared URL opens the modal after hydration; closing it keeps the page', async () => {
    // The modal must be in the page's data: /rooms/garden-villa links it (the lead's build ships the modals a page references).
    const { page, problems } = await open('/rooms/garden-villa#modal=garden-villa');
    await opened(page);
    expect(await state(page)).toMatchObject({ heading: 'Garden Villa', focusInside: true });
    await page.keyboard.press('Escape');
    await closed(page);
    expect(await state(page)).toMatchObject({ hash: '', noReload: true });
    expect(new URL(page.url()).pathname).toBe('/rooms/garden-villa');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('by id: #modal=2 (the CMS id of ocean-view-suite in English) opens the same modal', async () => {
    const { page, problems } = await open('/rooms/ocean-view-suite#modal=2');
    await opened(page);
    expect(await state(page)).toMatchObject({ heading: 'Ocean View Suite', hash: '#modal=2' });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('the back button closes it and stays on the page (no reload, same scroll); forward opens it again', async () => {
    const { page, problems } = await open('/all-blocks');
    const link = page.locator('a[data-modal="booking-policy"]').last();
    await link.scrollIntoViewIfNeeded();
    const before = await state(page);
    await link.click();
    await opened(page);
    await page.goBack();
    await closed(page);
    expect(await state(page)).toMatchObject({ hash: '', noReload: true, overflow: 'visible', scrollY: before.scrollY });
    expect(new URL(page.url()).pathname).toBe('/all-blocks');
    expect(await activeModalLink(page)).toBe('booking-policy');
    await page.goForward();
    await opened(page);
    expect(await state(page)).toMatchObject({ heading: 'Booking policy', scrollY: before.scrollY, noReload: true });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it.each([
    ['MEX', 'Mexican resident rate'],
    ['USA', 'From USD 480'],
  ])('rule 30: country cookie %s shows the item targeted to it', async (country, text) => {
    const { page, problems } = await open('/rooms/ocean-view-suite#modal=ocean-view-suite', { country });
    await opened(page);
    expect(await page.locator(dialog).textContent()).toContain(text);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('Spanish page: Spanish content (the es build is for MEX) and labels; a full-screen sheet on a phone (axe-core checks every modal in accessibility.test.ts)', async () => {
    const { page, problems } = await open('/es/habitaciones/suite-vista-al-mar', { width: 375 });
    await page.locator('a[data-modal="ocean-view-suite"]').first().click();
    await opened(page);
    expect(await state(page)).toMatchObject({ heading: 'Suite Vista al Mar', focusInside: true });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Cerrar');
    expect(await page.locator(dialog).textContent()).toContain('Tarifa para residentes mexicanos');
    // A phone: the sheet fills the screen.
    const box = await page.locator(dialog).boundingBox();
    expect(box?.width).toBe(375);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("the booking's Groups button opens the groups-request modal", async () => {
    const { page, problems } = await open('/all-blocks');
    const groups = page.locator('section.booking a[data-modal="groups-request"]').first();
    await groups.scrollIntoViewIfNeeded();
    await groups.click();
    await opened(page);
    expect(await state(page)).toMatchObject({ heading: 'Groups and events', focusInside: true, hash: '#modal=groups-request' });
    await page.keyboard.press('Escape');
    await closed(page);
    expect(problems).toEqual([]);
    await page.context().close();
  });
  it('the footer\'s "Photo gallery" (on every page) opens the resort-gallery modal; a modal the page does not link opens from the locale\'s _modals.json; an unknown one warns', async () => {
    const { page, problems } = await open('/rooms');
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.locator('a[data-modal="resort-gallery"]').last().click();
    await opened(page);
    expect(await state(page)).toMatchObject({ heading: 'Marea in pictures', focusInside: true });
    await page.keyboard.press('Escape');
    await closed(page);
    // garden-villa is linked from its own room page only: /rooms does not carry it, the build's _modals.json does.
    const modalsFile = page.waitForRequest((request) => request.url().includes('/_modals.json?v='));
    await page.evaluate(() => (window.location.hash = '#modal=garden-villa'));
    await modalsFile;
    await opened(page);
    expect(await state(page)).toMatchObject({ heading: 'Garden Villa', focusInside: true });
    await page.keyboard.press('Escape');
    await closed(page);
    // A name no modal has: a warning that names it, nothing opens, the hash is cleared.
    await page.evaluate(() => (window.location.hash = '#modal=ghost'));
    await expect.poll(() => warnings.some((w) => w.includes('modal "ghost" does not exist'))).toBe(true);
    await expect.poll(async () => (await state(page)).hash).toBe('');
    expect((await state(page)).open).toBe(false);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('blocks.accordion and blocks.terms-list', () => {
  it('accordion: keyboard only — Enter/Space toggle, Down/Up/Home/End move between headers', async () => {
    const { page, problems } = await open('/all-blocks');
    const triggers = page.locator(sel('.accordion .accordion__trigger'));
    const expanded = (i: number) => triggers.nth(i).getAttribute('aria-expanded');
    const panel = (i: number) => triggers.nth(i).evaluate((button) => document.getElementById(button.getAttribute('aria-controls')!)!.outerHTML);
    // The content of a hidden="until-found" panel is skipped (content-visibility), not the panel box: ask its content.
    const panelVisible = (i: number) => triggers.nth(i).evaluate((button) => document.getElementById(button.getAttribute('aria-controls')!)!.firstElementChild!.checkVisibility());
    const panelHeight = (i: number) => triggers.nth(i).evaluate((button) => document.getElementById(button.getAttribute('aria-controls')!)!.getBoundingClientRect().height);
    expect(await panelVisible(0)).toBe(false);
    expect(await panelHeight(0)).toBe(0);
    // After hydration find-in-page can reveal collapsed panels.
    expect(await panel(0)).toMatch(/hidden="until-found"/);
    await triggers.nth(0).focus();
    await page.keyboard.press('Enter');
    expect(await expanded(0)).toBe('true');
    expect(await panelVisible(0)).toBe(true);
    await page.keyboard.press('ArrowDown');
    expect(await triggers.nth(1).evaluate((b) => b === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    expect(await expanded(1)).toBe('true');
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    expect(await expanded(0)).toBe('false');
    expect(await panelVisible(0)).toBe(false);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('accordion without JavaScript: every panel shows (the stylesheet’s `scripting: none` rule); the chevrons are drawn by CSS', async () => {
    const context = await chromium().newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${origin}/all-blocks`);
    const panels = await page.locator(sel('.accordion__panel')).all();
    expect(panels.length).toBeGreaterThan(1);
    for (const panel of panels) expect(await panel.evaluate((el) => el.hasAttribute('hidden') && el.firstElementChild!.checkVisibility())).toBe(true);
    const chevron = await page
      .locator(sel('.accordion__trigger'))
      .first()
      .evaluate((button) => {
        const after = getComputedStyle(button, '::after');
        return { width: after.width, border: after.borderBottomWidth, transform: after.transform };
      });
    expect(chevron).toMatchObject({ width: '9px', border: '2px' });
    expect(chevron.transform).not.toBe('none');
    await context.close();
  });

  it('terms list: each term has an id from its title, and a link to it scrolls it into view', async () => {
    const { page, problems } = await open('/all-blocks#terms-deposits');
    expect(await page.locator('#terms-deposits h3').textContent()).toBe('1. Deposits');
    expect(await page.locator('#terms-cancellations h3').textContent()).toBe('2. Cancellations');
    expect(await page.locator('#terms-deposits').evaluate((el) => el.getBoundingClientRect().top < window.innerHeight)).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
