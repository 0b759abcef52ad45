import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prefetchAllowed } from './connection.js';
import { MAX_PREFETCH_IN_FLIGHT, prefetchTarget, startPrefetch } from './prefetch.js';

/** happy-dom's IntersectionObserver never fires: this one is driven by the test. */
class FakeIntersectionObserver {
  static current: FakeIntersectionObserver | null = null;
  readonly targets = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.current = this;
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
  }
  /** Scrolls every observed link into view. */
  showAll() {
    const entries = [...this.targets].map((target) => ({ isIntersecting: true, target }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

/** A loader whose loads finish when the test says so, recording the peak concurrency. */
function controlledLoader() {
  const pending: { path: string; done: () => void }[] = [];
  const started: string[] = [];
  let inFlight = 0;
  let peak = 0;
  const load = (path: string) =>
    new Promise<void>((resolve) => {
      started.push(path);
      peak = Math.max(peak, ++inFlight);
      pending.push({ path, done: () => (inFlight--, resolve()) });
    });
  const finishOne = async () => {
    pending.shift()?.done();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { load, started, finishOne, peak: () => peak };
}

const links = (hrefs: string[], attrs = '') => hrefs.map((h) => `<a href="${h}" ${attrs}>x</a>`).join('');
const setConnection = (value: unknown) => Object.defineProperty(navigator, 'connection', { value, configurable: true });
const flush = () => new Promise((r) => setTimeout(r, 0));

let root: HTMLElement;
beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  root = document.createElement('div');
  document.body.replaceChildren(root);
  setConnection(undefined);
});
afterEach(() => vi.unstubAllGlobals());

describe('link prefetch (rule 19)', () => {
  it('rule 19: never more than 4 loads in flight; the queue drains as loads finish', async () => {
    root.innerHTML = links(Array.from({ length: 10 }, (_, i) => `/page-${i}`));
    const loader = controlledLoader();
    const stop = startPrefetch(root, { load: loader.load });
    FakeIntersectionObserver.current!.showAll();
    expect(loader.started).toHaveLength(MAX_PREFETCH_IN_FLIGHT);
    for (let i = 0; i < 10; i++) await loader.finishOne();
    expect(loader.started).toHaveLength(10);
    expect(loader.peak()).toBe(4);
    stop();
  });

  it('rule 19: each target once per page load (trailing slash, query and hash ignored)', async () => {
    root.innerHTML = links(['/rooms', '/rooms/', '/rooms?utm=1', '/rooms#top', `${location.origin}/rooms`]);
    const loader = controlledLoader();
    const stop = startPrefetch(root, { load: loader.load });
    FakeIntersectionObserver.current!.showAll();
    root.querySelector('a')!.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    expect(loader.started).toEqual(['/rooms']);
    stop();
  });

  it.each([
    ['saveData', { saveData: true, effectiveType: '4g' }],
    ['2g', { saveData: false, effectiveType: '2g' }],
    ['slow-2g', { effectiveType: 'slow-2g' }],
  ])('rule 19: off with %s', (_name, connection) => {
    setConnection(connection);
    root.innerHTML = links(['/a', '/b']);
    const loader = controlledLoader();
    const stop = startPrefetch(root, { load: loader.load });
    FakeIntersectionObserver.current!.showAll();
    root.querySelector('a')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(loader.started).toEqual([]);
    expect(prefetchAllowed({ effectiveType: '3g' })).toBe(true);
    stop();
  });

  it.each([
    ['external origin', '<a href="https://elsewhere.example/rooms">x</a>'],
    ['target=_blank', '<a href="/rooms" target="_blank">x</a>'],
    ['download', '<a href="/rooms" download>x</a>'],
    ['rel=external', '<a href="/rooms" rel="noopener external">x</a>'],
    ['mailto:', '<a href="mailto:stay@marea.example">x</a>'],
    ['tel:', '<a href="tel:+5215555555555">x</a>'],
    ['a file', '<a href="/assets/brochure.pdf">x</a>'],
  ])('rule 19: never for %s', (_name, html) => {
    root.innerHTML = html;
    expect(prefetchTarget(root.querySelector('a')!)).toBeNull();
    const loader = controlledLoader();
    const stop = startPrefetch(root, { load: loader.load });
    FakeIntersectionObserver.current!.showAll();
    root.querySelector('a')!.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    expect(loader.started).toEqual([]);
    stop();
  });

  it('rule 19: hover, focus and touch start prefetch, ahead of links merely visible', async () => {
    root.innerHTML = links(['/v1', '/v2', '/v3', '/v4', '/v5', '/v6', '/hovered', '/focused', '/touched']);
    const loader = controlledLoader();
    const stop = startPrefetch(root, { load: loader.load });
    FakeIntersectionObserver.current!.showAll();
    const anchor = (href: string) => root.querySelector(`a[href="${href}"]`)!;
    anchor('/v6').dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    anchor('/focused').dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    anchor('/touched').dispatchEvent(new Event('touchstart', { bubbles: true }));
    anchor('/hovered').dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    for (let i = 0; i < 5; i++) await loader.finishOne();
    // The latest intent first, then earlier ones, then the rest of the visible links.
    expect(loader.started.slice(4)).toEqual(['/hovered', '/touched', '/focused', '/v6', '/v5']);
    stop();
  });

  it('rule 19: a hovered link prefetches without ever being visible', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    root.innerHTML = links(['/only-hovered']);
    const loader = controlledLoader();
    const stop = startPrefetch(root, { load: loader.load });
    root.querySelector('a')!.dispatchEvent(new Event('touchstart', { bubbles: true }));
    expect(loader.started).toEqual(['/only-hovered']);
    stop();
  });

  it('rule 19: links rendered later (a client-side navigation) are observed too', async () => {
    const loader = controlledLoader();
    const stop = startPrefetch(root, { load: loader.load });
    const page = document.createElement('section');
    page.innerHTML = links(['/late-1', '/late-2']);
    root.appendChild(page);
    await flush();
    FakeIntersectionObserver.current!.showAll();
    expect(loader.started).toEqual(['/late-1', '/late-2']);
    stop();
  });

  it('stop ends observing and drops the queue', async () => {
    root.innerHTML = links(['/a', '/b', '/c', '/d', '/e', '/f']);
    const loader = controlledLoader();
    const stop = startPrefetch(root, { load: loader.load });
    FakeIntersectionObserver.current!.showAll();
    stop();
    await loader.finishOne();
    root.querySelector('a[href="/f"]')!.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    expect(loader.started).toHaveLength(4);
  });
});
