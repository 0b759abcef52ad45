import { describe, expect, it } from 'vitest';
import type { Block } from '../../shared/model.js';
import type { PagePayload } from '../../shared/payload.js';
import { blockChunks, pageHints } from './hints.js';

const manifest = {
  entry: 'assets/index.js',
  blocks: {
    'blocks.hero': { file: 'assets/block-hero.js', imports: ['assets/index.js', 'assets/ResponsiveImage.js'] },
    'blocks.carousel': { file: 'assets/block-carousel.js', imports: ['assets/ResponsiveImage.js'] },
  },
  imports: {
    'assets/block-hero.js': ['assets/index.js', 'assets/ResponsiveImage.js'],
    'assets/block-carousel.js': ['assets/ResponsiveImage.js'],
    'assets/ResponsiveImage.js': ['assets/index.js'],
  },
};
const hero: Block = {
  component: 'blocks.hero',
  name: 'Hero',
  key: '0',
  countries: null,
  props: { media: { kind: 'image', url: '/m/big.jpg', mime: 'image/jpeg', width: 1200, height: 800, alt: '', formats: [{ url: '/m/small.jpg', width: 500, height: 333 }] } },
};
const payload = (blocks: Block[]) => ({ kind: 'page', country: 'USA', day: '2026-06-15', page: { blocks }, layout: { header: [], footer: [] } }) as unknown as PagePayload;

describe('per-page hints', () => {
  it('maps a block to its chunk and the chunks it imports, never the entry', () => {
    expect(blockChunks(manifest).get('blocks.hero')).toEqual(['assets/block-hero.js', 'assets/ResponsiveImage.js']);
  });

  it('modulepreloads only the chunks of the blocks on the page, each once', () => {
    const { late } = pageHints(payload([hero]), blockChunks(manifest));
    // Low priority: they must not take bandwidth from the stylesheet and the hero image.
    expect(late).toContain('<link rel="modulepreload" crossorigin href="/assets/block-hero.js" fetchpriority="low">');
    expect(late.match(/ResponsiveImage/g)).toHaveLength(1);
    expect(late).not.toContain('block-carousel');
  });

  it("modulepreloads the first view's blocks only: a block further down loads after hydration (src/shared/first-view.ts)", () => {
    const carousel: Block = { component: 'blocks.carousel', name: 'Carousel', key: '1', countries: null, props: {} };
    const { late } = pageHints(payload([hero, carousel]), blockChunks(manifest));
    expect(late).toContain('block-hero.js');
    expect(late).not.toContain('block-carousel');
    expect(pageHints(payload([carousel, hero]), blockChunks(manifest)).late).not.toContain('block-hero');
  });

  it('preloads the hero image with the same srcset as the <img>, only when the page opens with a hero image', () => {
    const early = (blocks: Block[]) => pageHints(payload(blocks), new Map()).early;
    expect(early([hero])).toBe('<link rel="preload" as="image" href="/m/big.jpg" imagesrcset="/m/small.jpg 500w, /m/big.jpg 1200w" imagesizes="100vw" fetchpriority="high">');
    expect(early([{ ...hero, key: '1', component: 'blocks.image' }, hero])).toBe('');
    expect(early([{ ...hero, countries: ['MEX'] }])).toBe('');
    // Chrome blocks before it (the all-blocks page) do not count: the hero still opens the content.
    expect(early([{ ...hero, key: 'c', component: 'blocks.language-switcher' }, hero])).toContain('as="image"');
  });

  it('preloads the AVIF variants when the build encoded the hero image: what its <picture> picks first', () => {
    const media = { ...(hero.props.media as object), variants: { key: 'k3y', widths: [400, 800] } };
    expect(pageHints(payload([{ ...hero, props: { media } }]), new Map()).early).toBe(
      '<link rel="preload" as="image" imagesrcset="/m/big.k3y-400.avif 400w, /m/big.k3y-800.avif 800w" imagesizes="100vw" type="image/avif" fetchpriority="high">',
    );
  });
});
