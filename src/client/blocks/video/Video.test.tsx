import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mount, renderStatic, withProviders } from '../../../../test/support/render.js';
import { block, image } from '../../../../test/support/blocks.js';
import type { Locale, Media } from '../../../shared/model.js';
import { Video } from './Video.js';

const video = { ...image, kind: 'video' as const, mime: 'video/mp4', url: '/assets/media/lagoon.abc.mp4', width: 640, height: 360, formats: [] };
const captions = (locale: Locale): Media => ({
  kind: 'captions',
  url: `/assets/media/lagoon-${locale}.abc.vtt`,
  mime: 'text/vtt',
  width: null,
  height: null,
  alt: '',
  formats: [],
});

describe('blocks.video', () => {
  it('autoplay is muted and inline, with poster, loop and controls; the static HTML loads nothing but the poster (it plays once in view)', () => {
    const html = renderStatic(<Video block={block('blocks.video', { media: video, poster: image, autoplay: true, loop: true })} index={0} />);
    expect(html).toMatch(/<video[^>]*src="\/assets\/media\/lagoon.abc.mp4"/);
    expect(html).toContain('poster="/assets/media/sea.abc.jpg"');
    expect(html).not.toContain('autoPlay');
    expect(html).toContain('preload="none"');
    expect(html).toContain('muted');
    expect(html).toContain('loop');
    expect(html).toContain('controls');
    expect(html).toContain('playsInline');
  });

  it('its poster is the WebP the build made at the width of the content column, when there is one', () => {
    const poster = { ...image, variants: { key: 'k3y', widths: [400, 800, 1200, 1600] } };
    const html = renderStatic(<Video block={block('blocks.video', { media: video, poster })} index={0} />);
    expect(html).toContain('poster="/assets/media/sea.abc.k3y-1200.webp"');
  });

  it('without autoplay it loads nothing until asked', () => {
    const html = renderStatic(<Video block={block('blocks.video', { media: video, autoplay: false })} index={0} />, { locale: 'es' });
    expect(html).toContain('preload="none"');
    expect(html).not.toContain('autoPlay');
    expect(html).toContain('Tu navegador no puede reproducir este video.');
  });
});

describe('blocks.video captions', () => {
  it.each([
    ['en', 'English'],
    ['es', 'Español'],
  ] as const)('the static HTML (%s) has a default captions track in the page language, labelled in it, inside the video', (locale, label) => {
    const html = renderStatic(<Video block={block('blocks.video', { media: video, captions: captions(locale) })} index={0} />, { locale });
    const track = /<video[^>]*>(<track[^>]*\/>)/.exec(html)?.[1];
    expect(track).toBe(`<track kind="captions" src="/assets/media/lagoon-${locale}.abc.vtt" srcLang="${locale}" label="${label}" default=""/>`);
    // Same origin (/assets/media): no crossorigin attribute is needed, and none is set.
    expect(html).not.toMatch(/crossorigin/i);
  });

  it('no captions, no track', () => {
    expect(renderStatic(<Video block={block('blocks.video', { media: video })} index={0} />)).not.toContain('<track');
  });

  it('hydrates the server markup without a mismatch, the track in place', async () => {
    const element = withProviders(<Video block={block('blocks.video', { media: video, captions: captions('es') })} index={0} />, { locale: 'es' });
    const container = document.createElement('div');
    container.innerHTML = renderToString(element);
    document.body.appendChild(container);
    const errors: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
    await act(async () => {
      hydrateRoot(container, element, { onRecoverableError: (error) => errors.push(error) });
    });
    consoleError.mockRestore();
    expect(errors).toEqual([]);
    const track = container.querySelector('video > track')!;
    expect([track.getAttribute('kind'), track.getAttribute('srclang'), track.getAttribute('label'), track.hasAttribute('default')]).toEqual(['captions', 'es', 'Español', true]);
  });
});

/** happy-dom's IntersectionObserver never fires: this one is driven by the test. */
class FakeIntersectionObserver {
  static current: FakeIntersectionObserver | null = null;
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.current = this;
  }
  observe() {}
  disconnect() {}
  /** The video comes into view (or near it). */
  show() {
    this.callback([{ isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

describe('blocks.video autoplay: in view, and never for reduced motion', () => {
  const autoplaying = block('blocks.video', { media: { ...image, kind: 'video', url: '/v.mp4' }, autoplay: true });
  let play: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    FakeIntersectionObserver.current = null;
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('starts playing when it comes into view, not before', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ matches: false, media: query }) as MediaQueryList);
    await mount(<Video block={autoplaying} index={1} />);
    expect(play).not.toHaveBeenCalled();
    FakeIntersectionObserver.current!.show();
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('never starts for a visitor who prefers reduced motion', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ matches: query.includes('reduce'), media: query }) as MediaQueryList);
    await mount(<Video block={autoplaying} index={1} />);
    expect(FakeIntersectionObserver.current).toBeNull();
    expect(play).not.toHaveBeenCalled();
  });

  it('a video without autoplay waits for the visitor', async () => {
    await mount(<Video block={{ ...autoplaying, props: { ...autoplaying.props, autoplay: false } }} index={1} />);
    expect(FakeIntersectionObserver.current).toBeNull();
    expect(play).not.toHaveBeenCalled();
  });
});
