import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openPage, useChromium, waitForHydration, type WatchedPage } from './page-helpers.js';
import { cls, sel } from '../support/class-names.js';

const origin = inject('siteOrigin');
const chromium = useChromium();

const CAROUSEL = 'main section.carousel';
const GALLERY = 'main section.gallery';

interface Opened extends WatchedPage {
  html: string;
  /** Every script URL the page requested. */
  scripts: string[];
}

async function open(path: string, options: { reducedMotion?: boolean } = {}): Promise<Opened> {
  const watched = await openPage(chromium());
  const scripts: string[] = [];
  watched.page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  if (options.reducedMotion) await watched.page.emulateMedia({ reducedMotion: 'reduce' });
  const response = await watched.page.goto(`${origin}${path}`);
  expect(response?.status()).toBe(200);
  const html = (await response?.text()) ?? '';
  await waitForHydration(watched.page);
  return { ...watched, html, scripts };
}

const attr = (locator: Locator, name: string) => locator.getAttribute(name);
const focusedMatches = (page: Page, selector: string) => page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);

/** Presses Tab until the focused element matches `selector`: the keyboard is the only way in. */
async function tabTo(page: Page, selector: string): Promise<void> {
  for (let i = 0; i < 150; i++) {
    if (await focusedMatches(page, selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** Waits until slide `n` (0-based) is current, reachable, and scrolled into the track's view. */
async function waitForSlide(page: Page, n: number): Promise<void> {
  await page.waitForFunction(
    ({ selector, n, trackSelector, slideSelector }) => {
      const region = document.querySelector<HTMLElement>(selector)!;
      const track = region.querySelector(trackSelector)!;
      const slides = [...region.querySelectorAll(slideSelector)];
      const shown = Math.abs(slides[n]!.getBoundingClientRect().left - track.getBoundingClientRect().left) < 2;
      const reachable = slides.map((s) => !s.hasAttribute('inert'));
      return region.dataset.current === String(n) && shown && reachable.every((r, i) => r === (i === n));
    },
    { selector: CAROUSEL, n, trackSelector: sel('.carousel__track'), slideSelector: sel('.carousel__slide') },
    { timeout: 5000 },
  );
}

describe('carousel (blocks.carousel) on the all-blocks page', () => {
  it('is complete in the static HTML and moves by button, keyboard and native scroll (swipe)', async () => {
    // Reduced motion: autoplay never runs, so nothing moves but what the test moves.
    const { page, problems, html } = await open('/all-blocks', { reducedMotion: true });
    expect(html).toMatch(/<section class="carousel container" aria-roledescription="carousel" aria-labelledby=/);
    for (const title of ['Ocean View Suite', 'Garden Villa', 'Swim-up Family Suite']) expect(html).toContain(`<h3 class="${cls('carousel__slide-title')}">${title}</h3>`);
    expect(html).toContain('aria-roledescription="slide" aria-label="3 of 3"');
    expect(html).toContain('href="#modal=swim-up-family-suite"');

    const carousel = page.locator(CAROUSEL).first();
    await carousel.scrollIntoViewIfNeeded();
    expect(await attr(carousel, 'data-autoplay')).toBe('off');
    expect(await carousel.locator(sel('.carousel__rotation')).count()).toBe(0);
    expect(await attr(carousel.locator(sel('.carousel__track')), 'aria-live')).toBe('polite');

    await carousel.locator('button[aria-label="Next slide"]').click();
    await waitForSlide(page, 1);
    expect(await carousel.locator(sel('.carousel__position')).textContent()).toBe('2 of 3');
    await carousel.locator('button[aria-label="Previous slide"]').click();
    await waitForSlide(page, 0);

    // Keyboard only: Tab reaches the buttons, arrows move, then Tab reaches the current slide's link.
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.evaluate(() => document.querySelector<HTMLElement>('main')?.focus());
    await tabTo(page, `${CAROUSEL} button[aria-label="Previous slide"]`);
    await page.keyboard.press('Tab');
    expect(await focusedMatches(page, `${CAROUSEL} button[aria-label="Next slide"]`)).toBe(true);
    await page.keyboard.press('ArrowRight');
    await waitForSlide(page, 1);
    await page.keyboard.press('ArrowRight');
    await waitForSlide(page, 2);
    await page.keyboard.press('ArrowRight');
    await waitForSlide(page, 0);
    await page.keyboard.press('ArrowLeft');
    await waitForSlide(page, 2);
    await page.keyboard.press('Tab');
    expect(await page.evaluate((slide) => document.activeElement?.closest(slide)?.getAttribute('aria-label'), sel('.carousel__slide'))).toBe('3 of 3');

    // A swipe is a native scroll of the track: once it settles, that slide is current.
    await page.evaluate(
      (selector) => {
        const track = document.querySelector<HTMLElement>(selector)!;
        const slides = [...track.children] as HTMLElement[];
        track.scrollTo({ left: slides[1]!.offsetLeft - slides[0]!.offsetLeft });
      },
      sel(`${CAROUSEL} .carousel__track`),
    );
    await waitForSlide(page, 1);
    expect(await carousel.locator(sel('.carousel__position')).textContent()).toBe('2 of 3');

    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('autoplay runs after hydration, pauses on hover and on focus inside, and the pause button stops it', async () => {
    const { page, problems } = await open('/all-blocks');
    const carousel = page.locator(CAROUSEL).first();
    await carousel.scrollIntoViewIfNeeded();
    await page.mouse.move(1, 1);
    const rotation = carousel.locator(sel('.carousel__rotation'));
    await page.waitForFunction((s) => document.querySelector<HTMLElement>(s)?.dataset.autoplay === 'running', CAROUSEL);
    expect(await attr(rotation, 'aria-label')).toBe('Pause the slide show');
    expect(await attr(carousel.locator(sel('.carousel__track')), 'aria-live')).toBe('off');
    // It really advances (6 s in the bundled content); waited for, not timed.
    await page.waitForFunction((s) => document.querySelector<HTMLElement>(s)?.dataset.current === '1', CAROUSEL, { timeout: 15_000 });

    await carousel.locator(sel('.carousel__track')).hover();
    expect(await attr(carousel, 'data-autoplay')).toBe('paused');
    expect(await attr(carousel.locator(sel('.carousel__track')), 'aria-live')).toBe('polite');
    await page.mouse.move(1, 1);
    expect(await attr(carousel, 'data-autoplay')).toBe('running');

    await carousel.locator('button[aria-label="Next slide"]').focus();
    expect(await attr(carousel, 'data-autoplay')).toBe('paused');
    await page.evaluate(() => (document.activeElement as HTMLElement).blur());
    expect(await attr(carousel, 'data-autoplay')).toBe('running');

    // The visitor's choice outlasts hover and focus (WCAG 2.2.2).
    await rotation.click();
    expect(await attr(rotation, 'aria-label')).toBe('Play the slide show');
    await page.mouse.move(1, 1);
    await page.evaluate(() => (document.activeElement as HTMLElement).blur());
    expect(await attr(carousel, 'data-autoplay')).toBe('paused');
    await rotation.click();
    await page.mouse.move(1, 1);
    await page.evaluate(() => (document.activeElement as HTMLElement).blur());
    expect(await attr(carousel, 'data-autoplay')).toBe('running');

    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('gallery (blocks.gallery) on the all-blocks page', () => {
  it('the grid is static HTML; a thumbnail opens the lightbox, arrows navigate, Escape closes and focus returns', async () => {
    const { page, problems, html, scripts } = await open('/all-blocks');
    expect(html).toContain(`<ul class="${cls('gallery__grid')}" role="list" style="--gallery-columns-phone:2;--gallery-columns-tablet:3;--gallery-columns:4">`);
    expect(html.split(`class="${cls('gallery__thumb')}" aria-haspopup="dialog"`)).toHaveLength(5);
    expect(html).toContain('aria-label="Open photo: White garden villa with a terracotta roof and a private plunge pool among tropical plants"');
    await page.waitForLoadState('networkidle');
    // The lightbox is its own chunk, not part of the first load.
    expect(scripts.filter((url) => /\/Lightbox-[^/]+\.js$/.test(url))).toEqual([]);

    const thumbs = page.locator(sel(`${GALLERY} .gallery__thumb`));
    await thumbs.nth(1).scrollIntoViewIfNeeded();
    const scrollY = await page.evaluate(() => window.scrollY);
    await thumbs.nth(1).focus();
    await page.keyboard.press('Enter');
    const dialog = page.locator('dialog.lightbox[open]');
    await dialog.waitFor();
    expect(scripts.some((url) => /\/Lightbox-[^/]+\.js$/.test(url))).toBe(true);
    expect(await dialog.evaluate((d) => d.matches(':modal'))).toBe(true);
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    expect(await dialog.locator(sel('.lightbox__counter')).textContent()).toBe('2 / 4');
    // The large image loads (srcset picked a candidate).
    await page.waitForFunction(() => (document.querySelector<HTMLImageElement>('dialog.lightbox img')?.naturalWidth ?? 0) > 0);

    await page.keyboard.press('ArrowRight');
    expect(await dialog.locator(sel('.lightbox__counter')).textContent()).toBe('3 / 4');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await dialog.locator(sel('.lightbox__counter')).textContent()).toBe('4 / 4');

    await page.keyboard.press('Escape');
    await page.locator('dialog.lightbox').waitFor({ state: 'detached' });
    expect(await thumbs.nth(1).evaluate((thumb) => thumb === document.activeElement)).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollY);

    // By mouse: the close button closes it, and focus still returns to the thumbnail that opened it.
    await thumbs.nth(3).click();
    await dialog.waitFor();
    await dialog.locator('button[aria-label="Next photo"]').click();
    expect(await dialog.locator(sel('.lightbox__counter')).textContent()).toBe('1 / 4');
    await dialog.locator('button[aria-label="Close the photo viewer"]').click();
    await page.locator('dialog.lightbox').waitFor({ state: 'detached' });
    expect(await thumbs.nth(3).evaluate((thumb) => thumb === document.activeElement)).toBe(true);

    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('carousel and gallery in Spanish (/es/todos-los-bloques)', () => {
  it('speak Spanish and work the same', async () => {
    const { page, problems, html } = await open('/es/todos-los-bloques', { reducedMotion: true });
    expect(html).toContain('aria-roledescription="carrusel"');
    expect(html).toContain('aria-roledescription="diapositiva" aria-label="1 de 3"');
    expect(html).toContain(`<p class="${cls('carousel__position')}">1 de 3</p>`);
    expect(html).toContain('aria-label="Abrir foto: ');

    const carousel = page.locator(CAROUSEL).first();
    await carousel.locator('button[aria-label="Diapositiva siguiente"]').click();
    await waitForSlide(page, 1);
    expect(await carousel.locator(sel('.carousel__position')).textContent()).toBe('2 de 3');

    const thumb = page.locator(sel(`${GALLERY} .gallery__thumb`)).first();
    await thumb.focus();
    await page.keyboard.press('Enter');
    const dialog = page.locator('dialog.lightbox[open]');
    await dialog.waitFor();
    expect(await attr(dialog, 'aria-label')).toBe('Visor de fotos');
    await page.keyboard.press('ArrowRight');
    expect(await dialog.locator(sel('.lightbox__counter')).textContent()).toBe('2 / 4');
    await page.keyboard.press('Escape');
    await page.locator('dialog.lightbox').waitFor({ state: 'detached' });
    expect(await thumb.evaluate((t) => t === document.activeElement)).toBe(true);

    expect(problems).toEqual([]);
    await page.context().close();
  });
});
