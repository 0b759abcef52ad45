import { readFileSync } from 'node:fs';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { block } from '../../../../test/support/blocks.js';
import { mount, renderStatic } from '../../../../test/support/render.js';
import { Carousel } from './Carousel.js';
import { carousel, slides } from './carousel.fixture.js';

const region = (root: HTMLElement) => root.querySelector<HTMLElement>('section.carousel')!;
const groups = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>('.carousel__slide')];
const button = (root: HTMLElement, label: string) => root.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`)!;
const position = (root: HTMLElement) => root.querySelector('.carousel__position')?.textContent;
const key = (target: Element, name: string) =>
  act(async () => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true }));
  });
const click = (target: HTMLElement) => act(async () => target.click());
/** Which slides can be reached (not inert), as 1-based numbers. */
const reachable = (root: HTMLElement) => groups(root).flatMap((g, i) => (g.hasAttribute('inert') ? [] : [i + 1]));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('blocks.carousel: static HTML', () => {
  it('has every slide image, title, text and link, with APG carousel semantics', () => {
    const html = renderStatic(<Carousel block={carousel()} index={3} />);
    const labelledBy = /<section class="carousel container" aria-roledescription="carousel" aria-labelledby="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(`<h2 id="${labelledBy}" class="carousel__title">Rooms that open onto the tide</h2>`);
    for (const [i, slide] of slides.entries()) {
      expect(html).toContain(`role="group" aria-roledescription="slide" aria-label="${i + 1} of 3"`);
      expect(html).toContain(`alt="${slide.media!.alt}"`);
      expect(html).toContain(`<h3 class="carousel__slide-title">${slide.title}</h3>`);
    }
    expect(html).toContain('<strong>Caribbean</strong>');
    expect(html).toContain('href="/rooms/ocean-view-suite"');
    expect(html).toContain('href="#modal=garden-villa"');
    expect(html).toContain('href="https://reviews.example/marea"');
    // Before hydration nothing is hidden: every slide is readable and swipeable without JavaScript.
    expect(html).not.toContain('inert');
    expect(html).toContain('aria-live="polite"');
    expect(html).toContain('<p class="carousel__position">1 of 3</p>');
  });

  it('loads the first image eagerly only when the carousel is the first block; the rest lazily, with sizes for a full-width slide', () => {
    const first = renderStatic(<Carousel block={carousel()} index={0} />);
    expect(first.match(/loading="eager"/g)).toHaveLength(1);
    expect(first.match(/loading="lazy"/g)).toHaveLength(2);
    expect(first).toMatch(/<img[^>]*src="\/assets\/media\/suite.jpg"[^>]*loading="eager"/);
    expect(first).toContain('sizes="(min-width: 72rem) 43rem, (min-width: 48rem) 60vw, 100vw"');
    expect(first).toContain('/assets/media/small_suite.jpg 500w, /assets/media/suite.jpg 1600w');
    const later = renderStatic(<Carousel block={carousel()} index={1} />);
    expect(later).not.toContain('loading="eager"');
  });

  it('previous and next carry no icon markup: their chevrons are the stylesheet’s', () => {
    const html = renderStatic(<Carousel block={carousel()} index={0} />);
    expect(html).toMatch(/<button class="carousel__button carousel__previous" aria-controls="[^"]+" aria-label="Previous slide"><\/button>/);
    expect(html).toMatch(/<button class="carousel__button carousel__next" aria-controls="[^"]+" aria-label="Next slide"><\/button>/);
    expect(readFileSync('src/client/blocks/carousel/carousel.css', 'utf8')).toMatch(/\.carousel__previous::before,\s*\.carousel__next::before \{\s*content: '';/);
  });

  it('shows no rotation button before hydration: autoplay starts only in the browser', () => {
    const html = renderStatic(<Carousel block={carousel(5000)} index={0} />);
    expect(html).not.toContain('carousel__rotation');
    expect(html).toContain('data-autoplay="off"');
  });

  it('speaks Spanish: role descriptions, positions and button labels', () => {
    const html = renderStatic(<Carousel block={carousel()} index={2} />, { locale: 'es', page: { path: '/es' } });
    expect(html).toContain('aria-roledescription="carrusel"');
    expect(html).toContain('aria-roledescription="diapositiva" aria-label="2 de 3"');
    expect(html).toContain('aria-label="Diapositiva anterior"');
    expect(html).toContain('aria-label="Diapositiva siguiente"');
    expect(html).toContain('>1 de 3</p>');
    expect(html).toContain('href="/es/rooms/ocean-view-suite"');
  });

  it('renders nothing without slides, and no controls for a single slide', () => {
    expect(renderStatic(<Carousel block={block('blocks.carousel', { title: 'Empty', slides: [] })} index={0} />)).toBe('');
    const one = renderStatic(<Carousel block={block('blocks.carousel', { title: 'One', slides: [slides[0]!], autoplay: 3000 })} index={0} />);
    expect(one).toContain('Ocean View Suite');
    expect(one).not.toContain('<button');
  });

  it('leaves out slides targeted to other countries (spec §5)', () => {
    const targeted = block('blocks.carousel', { title: 'x', slides: [slides[0]!, { ...slides[1]!, countries: ['MEX'] }] });
    expect(renderStatic(<Carousel block={targeted} index={0} />)).not.toContain('Garden Villa');
    expect(renderStatic(<Carousel block={targeted} index={0} />, { page: { country: 'MEX' } })).toContain('Garden Villa');
  });

  it('uses the full width for slides that are only an image and a caption', () => {
    const photos = block('blocks.carousel', { title: 'Resort', slides: slides.map(({ media, title }) => ({ media, title })) });
    const html = renderStatic(<Carousel block={photos} index={1} />);
    expect(html).toContain('class="carousel container carousel--captions"');
    expect(html).toContain('sizes="(min-width: 72rem) 72rem, 100vw"');
  });
});

describe('blocks.carousel: in the browser', () => {
  it('after hydration only the current slide is reachable; next and previous move it and wrap around', async () => {
    const root = await mount(<Carousel block={carousel()} index={0} />);
    expect(reachable(root)).toEqual([1]);
    await click(button(root, 'Next slide'));
    expect(position(root)).toBe('2 of 3');
    expect(reachable(root)).toEqual([2]);
    expect(region(root).dataset.current).toBe('1');
    await click(button(root, 'Next slide'));
    await click(button(root, 'Next slide'));
    expect(position(root)).toBe('1 of 3');
    await click(button(root, 'Previous slide'));
    expect(position(root)).toBe('3 of 3');
    expect(reachable(root)).toEqual([3]);
  });

  it('scrolls the track to the chosen slide', async () => {
    const root = await mount(<Carousel block={carousel()} index={0} />);
    const track = root.querySelector<HTMLElement>('.carousel__track')!;
    groups(root).forEach((g, i) => Object.defineProperty(g, 'offsetLeft', { value: i * 800 }));
    await click(button(root, 'Next slide'));
    await click(button(root, 'Next slide'));
    expect(track.scrollLeft).toBe(1600);
  });

  it('arrow keys, Home and End move the slide while focus is in the carousel', async () => {
    const root = await mount(<Carousel block={carousel()} index={0} />);
    const next = button(root, 'Next slide');
    await key(next, 'ArrowRight');
    expect(position(root)).toBe('2 of 3');
    await key(next, 'ArrowLeft');
    await key(next, 'ArrowLeft');
    expect(position(root)).toBe('3 of 3');
    await key(next, 'Home');
    expect(position(root)).toBe('1 of 3');
    await key(next, 'End');
    expect(position(root)).toBe('3 of 3');
    // Other keys are left alone.
    await key(next, 'ArrowDown');
    expect(position(root)).toBe('3 of 3');
  });

  it('moves focus with the slide when the arrow key was pressed inside a slide (the old one turns inert)', async () => {
    const root = await mount(<Carousel block={carousel()} index={0} />);
    const link = groups(root)[0]!.querySelector('a')!;
    await act(async () => link.focus());
    await key(link, 'ArrowRight');
    expect(document.activeElement).toBe(groups(root)[1]);
    expect(document.activeElement?.getAttribute('aria-label')).toBe('2 of 3');
  });

  it('follows a swipe: once the track settles, the slide at the snap position is current', async () => {
    const root = await mount(<Carousel block={carousel()} index={0} />);
    const track = root.querySelector<HTMLElement>('.carousel__track')!;
    groups(root).forEach((g, i) => Object.defineProperty(g, 'offsetLeft', { value: i * 800 }));
    track.scrollLeft = 1590;
    await act(async () => {
      track.dispatchEvent(new Event('scroll'));
      track.dispatchEvent(new Event('scrollend'));
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    expect(position(root)).toBe('3 of 3');
    expect(reachable(root)).toEqual([3]);
  });

  it('is a polite live region when not autoplaying', async () => {
    const root = await mount(<Carousel block={carousel()} index={0} />);
    expect(root.querySelector('.carousel__track')?.getAttribute('aria-live')).toBe('polite');
    expect(region(root).dataset.autoplay).toBe('off');
    expect(root.querySelector('.carousel__rotation')).toBeNull();
  });
});
