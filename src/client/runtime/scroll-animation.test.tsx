import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isMobileUserAgent, scrollFrame, SCROLL_ANIMATION_DELAY_MS, SCROLL_ANIMATION_TICK_MS, startScrollAnimation, useScrollAnimation } from './scroll-animation.js';

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const happyDOM = (window as unknown as { happyDOM: { setViewport(v: { width: number; height: number }): void } }).happyDOM;
let top = 0;

/** A marked media element whose viewport position the test controls (happy-dom has no layout). */
function media(html = '<img data-scroll-animate>'): HTMLElement {
  document.body.insertAdjacentHTML('beforeend', html);
  const element = document.body.lastElementChild as HTMLElement;
  vi.spyOn(element, 'getBoundingClientRect').mockImplementation(() => ({ top, height: 400 }) as DOMRect);
  return element;
}

beforeEach(() => {
  vi.useFakeTimers();
  happyDOM.setViewport({ width: 1280, height: 800 });
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(DESKTOP);
  top = 900; // below the fold
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe('scroll animation (rule 25)', () => {
  it('rule 25: starts 600 ms after the page finished loading, then ticks every 10 ms', () => {
    const img = media();
    const hero = media('<div class="hero__media"></div>');
    const stop = startScrollAnimation();
    vi.advanceTimersByTime(SCROLL_ANIMATION_DELAY_MS + SCROLL_ANIMATION_TICK_MS - 1);
    expect(img.style.transform).toBe('');
    vi.advanceTimersByTime(1);
    expect(img.style.transform).toBe('scale(1.08)');
    expect(img.style.opacity).toBe('0.3');
    expect(hero.style.transform).toBe('scale(1.08)');
    top = 0; // scrolled into view
    vi.advanceTimersByTime(SCROLL_ANIMATION_TICK_MS);
    expect(img.style.transform).toBe('scale(1)');
    expect(img.style.opacity).toBe('1');
    stop();
  });

  it('rule 25: on a first view it waits for the window load event', () => {
    const img = media();
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    const stop = startScrollAnimation();
    vi.advanceTimersByTime(5000);
    expect(img.style.transform).toBe('');
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(SCROLL_ANIMATION_DELAY_MS + SCROLL_ANIMATION_TICK_MS);
    expect(img.style.transform).not.toBe('');
    stop();
  });

  it.each([
    [768, false],
    [769, true],
  ])('rule 25: window width %i → animates: %s', (width, animates) => {
    happyDOM.setViewport({ width, height: 800 });
    const img = media();
    const stop = startScrollAnimation();
    vi.advanceTimersByTime(1000);
    expect(img.style.transform !== '').toBe(animates);
    stop();
  });

  it.each([
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
    'Mozilla/5.0 (iPod touch; CPU iPhone OS 12_0 like Mac OS X)',
    'Mozilla/5.0 (BlackBerry; U; BlackBerry 9900; en)',
    'Mozilla/5.0 (compatible; MSIE 10.0; Windows Phone 8.0; Trident/6.0; IEMobile/10.0)',
    'Opera/9.80 (J2ME/MIDP; Opera Mini/9.80)',
    'Mozilla/5.0 (webOS/1.4.0; U; en-US)',
    'Mozilla/5.0 (iPad; CPU OS 12_0 like Mac OS X) AppleWebKit/605.1.15',
  ])('rule 25: never on a mobile user agent: %s', (ua) => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ua);
    const img = media();
    const stop = startScrollAnimation();
    vi.advanceTimersByTime(1000);
    expect(img.style.transform).toBe('');
    expect(vi.getTimerCount()).toBe(0);
    stop();
  });

  it('rule 25: iPads count as mobile by default, optionally not (iPadOS reports a Mac with touch)', () => {
    const iPadOS = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15';
    expect(isMobileUserAgent(iPadOS, true, 5)).toBe(true);
    expect(isMobileUserAgent(iPadOS, true, 0)).toBe(false);
    expect(isMobileUserAgent('Mozilla/5.0 (iPad; CPU OS 12_0)', false)).toBe(false);
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPad; CPU OS 12_0)');
    const img = media();
    const stop = startScrollAnimation({ countIPad: false });
    vi.advanceTimersByTime(1000);
    expect(img.style.transform).not.toBe('');
    stop();
  });

  it('rule 25: never with prefers-reduced-motion: reduce', () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({ matches: query.includes('reduce'), media: query }) as MediaQueryList);
    const img = media();
    const stop = startScrollAnimation();
    vi.advanceTimersByTime(1000);
    expect(img.style.transform).toBe('');
    stop();
  });

  it('rule 25: stop clears the timers and the inline styles', () => {
    const img = media();
    const stop = startScrollAnimation();
    vi.advanceTimersByTime(1000);
    stop();
    expect(img.style.transform).toBe('');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rule 25: stopped when a navigation starts, restarted 600 ms after the new page rendered', async () => {
    function Page() {
      useScrollAnimation();
      return <img data-scroll-animate alt="" />;
    }
    const slow = () => new Promise<null>((resolve) => setTimeout(() => resolve(null), 1000));
    const router = createMemoryRouter([
      { path: '/', element: <Page /> },
      { path: '/next', loader: slow, element: <Page /> },
    ]);
    const container = document.body.appendChild(document.createElement('div'));
    await act(async () => createRoot(container).render(<RouterProvider router={router} />));
    const img = () => container.querySelector('img')!;
    const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
    await advance(SCROLL_ANIMATION_DELAY_MS + SCROLL_ANIMATION_TICK_MS);
    expect(img().style.transform).toMatch(/^scale/);
    await act(async () => void router.navigate('/next'));
    expect(img().style.transform).toBe('');
    // A slow payload: still nothing running 700 ms into the navigation.
    await advance(700);
    expect(img().style.transform).toBe('');
    await advance(300);
    expect(router.state.location.pathname).toBe('/next');
    await advance(SCROLL_ANIMATION_DELAY_MS - 10);
    expect(img().style.transform).toBe('');
    await advance(20);
    expect(img().style.transform).toMatch(/^scale/);
  });

  it('zooms out and fades in as media enter, zooms in and fades as they leave', () => {
    expect(scrollFrame(900, 400, 800)).toEqual({ scale: 1.08, opacity: 0.3 });
    expect(scrollFrame(0, 400, 800)).toEqual({ scale: 1, opacity: 1 });
    expect(scrollFrame(-400, 400, 800)).toEqual({ scale: 1.08, opacity: 0.4 });
  });
});
