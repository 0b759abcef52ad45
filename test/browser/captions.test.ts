import { describe, expect, inject, it } from 'vitest';
import { openPage, useChromium, waitForHydration } from './page-helpers.js';
import { sel } from '../support/class-names.js';

const origin = inject('siteOrigin');
const chromium = useChromium();

/**
 * The bundled video block's captions (docs/building.md, "Captions") in real Chromium,
 * under the Content-Security-Policy the build wrote (the preview applies
 * dist/_headers): one page load per locale. The home page's video carries a
 * captions track in the page's language, shown by default; the browser
 * fetches it from /assets/media (text/vtt) and parses its cues, and nothing
 * is blocked.
 */
describe('captions in the browser', () => {
  it.each([
    ['en', '/', 'English', 'Two palm trees frame a calm turquoise lagoon.'],
    ['es', '/es', 'Español', 'Dos palmeras enmarcan una laguna turquesa en calma.'],
  ] as const)('%s: the video has a showing captions track in the page language, loaded, with no CSP violation', async (locale, path, label, firstCue) => {
    const { page, problems } = await openPage(chromium());
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __violations: string[] }).__violations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} blocked ${event.blockedURI}`));
    });
    const vtt = page.waitForResponse((response) => response.url().endsWith('.vtt'));
    expect((await page.goto(`${origin}${path}`))?.status()).toBe(200);
    await waitForHydration(page);
    const response = await vtt;
    expect([response.status(), response.headers()['content-type']]).toEqual([200, expect.stringMatching(/^text\/vtt\b/)]);

    // HTMLTrackElement.LOADED is 2; the cues are those of the file of the page's language.
    await page.waitForFunction((selector) => document.querySelector<HTMLTrackElement>(selector)?.readyState === 2, sel('.block-video video > track'), { timeout: 10_000 });
    const track = await page.evaluate((selector) => {
      const video = document.querySelector<HTMLVideoElement>(selector)!;
      const tracks = [...video.textTracks];
      const captions = tracks.find((t) => t.kind === 'captions');
      return {
        count: tracks.length,
        language: captions?.language,
        label: captions?.label,
        mode: captions?.mode,
        cues: [...(captions?.cues ?? [])].map((cue) => (cue as VTTCue).text),
        src: video.querySelector('track')!.src,
        violations: (window as unknown as { __violations: string[] }).__violations,
      };
    }, sel('.block-video video'));
    expect(track).toMatchObject({ count: 1, language: locale, label, mode: 'showing', violations: [] });
    expect(new URL(track.src).pathname).toMatch(/^\/assets\/media\/lagoon_loop_[a-z]+\.[0-9a-f]{10}\.vtt$/);
    expect(track.cues[0]).toContain(firstCue);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
