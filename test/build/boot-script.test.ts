// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOT_SCRIPT, SCRIPTS_TEMPLATE_OPEN } from '../../src/node/build/boot-script.js';

/** The page's head and body as the build writes them: the scripts in their template, a hero image still loading. */
function page(withHero = true) {
  document.head.innerHTML = `${SCRIPTS_TEMPLATE_OPEN}<script type="module" crossorigin src="/assets/index.js"></script><link rel="modulepreload" crossorigin href="/assets/client.js"><link rel="modulepreload" crossorigin href="/assets/block-hero.js" fetchpriority="low"></template>`;
  document.body.innerHTML = withHero ? '<picture><img fetchpriority="high" src="/assets/media/hero.avif" alt=""></picture>' : '<p>Terms</p>';
  const hero = document.querySelector('img');
  if (hero) Object.defineProperty(hero, 'complete', { configurable: true, value: false });
  return hero;
}
const live = () => ({
  scripts: [...document.head.querySelectorAll(':scope > script[type="module"]')].map((s) => s.getAttribute('src')),
  preloads: [...document.head.querySelectorAll(':scope > link[rel="modulepreload"]')].map((l) => [l.getAttribute('href'), l.getAttribute('fetchpriority')]),
});

let frames: FrameRequestCallback[];
beforeEach(() => {
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
});
afterEach(() => vi.unstubAllGlobals());
/** The next frame is painted; what was scheduled after it runs. */
async function paint() {
  frames.splice(0).forEach((frame) => frame(0));
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('the scripts wait for the first paint and the hero image (boot-script.ts)', () => {
  it('starts nothing while the hero loads; after it and a painted frame, the entry and every modulepreload, as written', async () => {
    const hero = page();
    new Function(BOOT_SCRIPT)();
    await paint();
    expect(live()).toEqual({ scripts: [], preloads: [] });
    hero!.dispatchEvent(new Event('load'));
    expect(live().scripts).toEqual([]);
    await paint();
    expect(live()).toEqual({
      scripts: ['/assets/index.js'],
      preloads: [
        ['/assets/client.js', null],
        ['/assets/block-hero.js', 'low'],
      ],
    });
    expect(document.head.querySelector(':scope > script[type="module"]')?.hasAttribute('crossorigin')).toBe(true);
  });

  it('a hero that fails to load does not hold hydration back; a page without one waits for the first paint only', async () => {
    const hero = page();
    new Function(BOOT_SCRIPT)();
    hero!.dispatchEvent(new Event('error'));
    await paint();
    expect(live().scripts).toEqual(['/assets/index.js']);
    page(false);
    new Function(BOOT_SCRIPT)();
    expect(live().scripts).toEqual([]);
    await paint();
    expect(live().scripts).toEqual(['/assets/index.js']);
  });
});
