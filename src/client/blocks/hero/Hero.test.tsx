import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mount, renderStatic } from '../../../../test/support/render.js';
import { block, image } from '../../../../test/support/blocks.js';
import { Hero } from './Hero.js';

describe('blocks.hero', () => {
  const hero = block('blocks.hero', { title: 'Sea and sky', subtitle: 'All year', media: image, cta: { kind: 'internal', label: 'Rooms', slug: 'rooms' }, height: 'half' });

  it('renders title, subtitle, cta and an eager, sized, srcset image when first on the page', () => {
    const html = renderStatic(<Hero block={hero} index={0} />);
    expect(html).toContain('<h1 class="hero__title">Sea and sky</h1>');
    expect(html).toContain('All year');
    expect(html).toContain('class="hero hero--half"');
    expect(html).toContain('href="/rooms"');
    expect(html).toContain('loading="eager"');
    expect(html).toContain('width="1600" height="900"');
    expect(html).toContain('/assets/media/small_sea.abc.jpg 500w');
  });

  it('links in Spanish under /es and is an h2 further down the page', () => {
    const html = renderStatic(<Hero block={hero} index={2} />, { locale: 'es', page: { path: '/es' } });
    expect(html).toContain('href="/es/rooms"');
    expect(html).toContain('<h2 class="hero__title">');
    expect(html).toContain('loading="lazy"');
  });

  it.each([
    ['en', 'English'],
    ['es', 'Español'],
  ] as const)('a background video with captions carries them in the page language, not shown over the hero (it is always muted) (%s)', (locale, label) => {
    const captions = { kind: 'captions' as const, url: `/assets/media/lagoon-${locale}.abc.vtt`, mime: 'text/vtt', width: null, height: null, alt: '', formats: [] };
    const html = renderStatic(<Hero block={block('blocks.hero', { title: 'x', media: { ...image, kind: 'video', mime: 'video/mp4', url: '/v.mp4' }, captions })} index={0} />, {
      locale,
    });
    expect(html).toMatch(
      new RegExp(`<video[^>]*src="/v.mp4"[^>]*><track kind="captions" src="/assets/media/lagoon-${locale}.abc.vtt" srcLang="${locale}" label="${label}"/></video>`),
    );
    // An image hero has no video to caption.
    expect(renderStatic(<Hero block={block('blocks.hero', { title: 'x', media: image, captions })} index={0} />)).not.toContain('<track');
  });

  it('plays a video medium muted and without sound track controls', () => {
    const html = renderStatic(<Hero block={block('blocks.hero', { title: 'x', media: { ...image, kind: 'video', mime: 'video/mp4', url: '/v.mp4' } })} index={0} />);
    expect(html).toMatch(/<video[^>]*src="\/v.mp4"/);
    expect(html).toContain('muted');
  });

  describe('background video (WCAG 2.2.2)', () => {
    const video = block('blocks.hero', { title: 'x', media: { ...image, kind: 'video', mime: 'video/mp4', url: '/v.mp4' } });
    afterEach(() => vi.restoreAllMocks());

    it('has no pause button in the static HTML, one after hydration that pauses and resumes', async () => {
      expect(renderStatic(<Hero block={video} index={0} />)).not.toContain('hero__motion');
      const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
        Object.defineProperty(this, 'paused', { value: true, configurable: true });
      });
      vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
        Object.defineProperty(this, 'paused', { value: false, configurable: true });
        return Promise.resolve();
      });
      const root = await mount(<Hero block={video} index={0} />);
      const button = root.querySelector<HTMLButtonElement>('.hero__motion')!;
      expect(button.textContent).toContain('Pause background video');
      Object.defineProperty(root.querySelector('video')!, 'paused', { value: false, configurable: true });
      await act(async () => button.click());
      expect(pause).toHaveBeenCalledTimes(1);
      expect(button.getAttribute('aria-pressed')).toBe('true');
      await act(async () => button.click());
      expect(button.getAttribute('aria-pressed')).toBe('false');
    });

    it('does not keep playing for visitors who prefer reduced motion', async () => {
      vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ matches: query.includes('reduce'), media: query }) as MediaQueryList);
      const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
      const root = await mount(<Hero block={video} index={0} />);
      expect(pause).toHaveBeenCalled();
      expect(root.querySelector('.hero__motion')!.getAttribute('aria-pressed')).toBe('true');
    });
  });
});
