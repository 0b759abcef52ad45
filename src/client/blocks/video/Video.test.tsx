import { afterEach, describe, expect, it, vi } from 'vitest';
import { mount, renderStatic } from '../../../../test/support/render.js';
import { block, image } from '../../../../test/support/blocks.js';
import { Video } from './Video.js';

const video = { ...image, kind: 'video' as const, mime: 'video/mp4', url: '/assets/media/lagoon.abc.mp4', width: 640, height: 360, formats: [] };

describe('blocks.video', () => {
  it('autoplay is muted and inline, with poster, loop and controls', () => {
    const html = renderStatic(<Video block={block('blocks.video', { media: video, poster: image, autoplay: true, loop: true })} index={0} />);
    expect(html).toMatch(/<video[^>]*src="\/assets\/media\/lagoon.abc.mp4"/);
    expect(html).toContain('poster="/assets/media/sea.abc.jpg"');
    expect(html).toContain('autoPlay');
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

describe('blocks.video and reduced motion', () => {
  afterEach(() => vi.restoreAllMocks());

  it('pauses an autoplaying video after hydration when the visitor prefers reduced motion', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ matches: query.includes('reduce'), media: query }) as MediaQueryList);
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    await mount(<Video block={block('blocks.video', { media: { ...image, kind: 'video', url: '/v.mp4' }, autoplay: true })} index={1} />);
    expect(pause).toHaveBeenCalledTimes(1);
  });

  it('leaves it playing otherwise', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ matches: false, media: query }) as MediaQueryList);
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    await mount(<Video block={block('blocks.video', { media: { ...image, kind: 'video', url: '/v.mp4' }, autoplay: true })} index={1} />);
    expect(pause).not.toHaveBeenCalled();
  });
});
