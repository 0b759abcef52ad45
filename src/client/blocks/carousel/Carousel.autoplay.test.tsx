import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mount } from '../../../../test/support/render.js';
import { Carousel } from './Carousel.js';
import { carousel } from './carousel.fixture.js';

const region = (root: HTMLElement) => root.querySelector<HTMLElement>('section.carousel')!;
const position = (root: HTMLElement) => root.querySelector('.carousel__position')?.textContent;
const rotation = (root: HTMLElement) => root.querySelector<HTMLButtonElement>('.carousel__rotation');
const liveness = (root: HTMLElement) => root.querySelector('.carousel__track')?.getAttribute('aria-live');
const wait = (ms: number) => act(async () => void vi.advanceTimersByTime(ms));
const fire = (target: Element, event: Event) => act(async () => void target.dispatchEvent(event));

/** matchMedia answering `reduce` for prefers-reduced-motion. */
function preferReducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({ matches: reduce && query.includes('prefers-reduced-motion'), media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList,
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  preferReducedMotion(false);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('blocks.carousel autoplay (WCAG 2.2.2, APG carousel)', () => {
  it('advances every `autoplay` ms after hydration and wraps to the first slide; the live region is off meanwhile', async () => {
    const root = await mount(<Carousel block={carousel(5000)} index={0} />);
    expect(region(root).dataset.autoplay).toBe('running');
    expect(liveness(root)).toBe('off');
    await wait(4999);
    expect(position(root)).toBe('1 of 3');
    await wait(1);
    expect(position(root)).toBe('2 of 3');
    await wait(5000);
    await wait(5000);
    expect(position(root)).toBe('1 of 3');
  });

  it('has a visible pause/play button: paused, nothing moves and the live region is polite again', async () => {
    const root = await mount(<Carousel block={carousel(5000)} index={0} />);
    expect(rotation(root)?.getAttribute('aria-label')).toBe('Pause the slide show');
    await act(async () => rotation(root)!.click());
    expect(rotation(root)?.getAttribute('aria-label')).toBe('Play the slide show');
    expect(region(root).dataset.autoplay).toBe('paused');
    expect(liveness(root)).toBe('polite');
    await wait(20_000);
    expect(position(root)).toBe('1 of 3');
    await act(async () => rotation(root)!.click());
    await wait(5000);
    expect(position(root)).toBe('2 of 3');
  });

  it('pauses while the pointer hovers the carousel and resumes when it leaves', async () => {
    const root = await mount(<Carousel block={carousel(5000)} index={0} />);
    await fire(region(root), new MouseEvent('mouseover', { bubbles: true, relatedTarget: document.body }));
    expect(region(root).dataset.autoplay).toBe('paused');
    await wait(20_000);
    expect(position(root)).toBe('1 of 3');
    await fire(region(root), new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.body }));
    expect(region(root).dataset.autoplay).toBe('running');
    await wait(5000);
    expect(position(root)).toBe('2 of 3');
  });

  it('pauses while focus is inside the carousel and resumes when it leaves', async () => {
    const outside = document.createElement('button');
    document.body.append(outside);
    const root = await mount(<Carousel block={carousel(5000)} index={0} />);
    await act(async () => root.querySelector<HTMLButtonElement>('button[aria-label="Next slide"]')!.focus());
    expect(region(root).dataset.autoplay).toBe('paused');
    expect(liveness(root)).toBe('polite');
    await wait(20_000);
    expect(position(root)).toBe('1 of 3');
    // Moving focus between its own controls keeps it paused.
    await act(async () => root.querySelector<HTMLButtonElement>('button[aria-label="Previous slide"]')!.focus());
    expect(region(root).dataset.autoplay).toBe('paused');
    await act(async () => outside.focus());
    expect(region(root).dataset.autoplay).toBe('running');
  });

  it('a manual move restarts the interval instead of jumping right after it', async () => {
    const root = await mount(<Carousel block={carousel(5000)} index={0} />);
    await wait(4000);
    await act(async () => root.querySelector<HTMLButtonElement>('button[aria-label="Next slide"]')!.click());
    await wait(4000);
    expect(position(root)).toBe('2 of 3');
    await wait(1000);
    expect(position(root)).toBe('3 of 3');
  });

  it('never runs with prefers-reduced-motion, and then shows no pause button', async () => {
    preferReducedMotion(true);
    const root = await mount(<Carousel block={carousel(5000)} index={0} />);
    expect(region(root).dataset.autoplay).toBe('off');
    expect(rotation(root)).toBeNull();
    expect(liveness(root)).toBe('polite');
    await wait(30_000);
    expect(position(root)).toBe('1 of 3');
  });

  it('is off for autoplay 0 or absent', async () => {
    for (const value of [0, undefined]) {
      const root = await mount(<Carousel block={carousel(0, { autoplay: value })} index={0} />);
      expect(region(root).dataset.autoplay).toBe('off');
      expect(rotation(root)).toBeNull();
      await wait(30_000);
      expect(position(root)).toBe('1 of 3');
    }
  });

  it('raises intervals under 2 s to 2 s', async () => {
    const root = await mount(<Carousel block={carousel(300)} index={0} />);
    await wait(1999);
    expect(position(root)).toBe('1 of 3');
    await wait(1);
    expect(position(root)).toBe('2 of 3');
  });
});
