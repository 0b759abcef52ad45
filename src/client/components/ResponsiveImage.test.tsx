import { describe, expect, it } from 'vitest';
import { renderStatic } from '../../../test/support/render.js';
import { image } from '../../../test/support/blocks.js';
import { fallbackImageUrl, singleImageUrl, variantSrcSet, variantUrl } from '../../shared/media.js';
import { ResponsiveImage } from './ResponsiveImage.js';

const encoded = { ...image, variants: { key: 'k3y', widths: [400, 800, 1600] } };

describe('ResponsiveImage and the build’s AVIF and WebP variants', () => {
  it('names each variant beside its original, after the encoder settings and the width', () => {
    expect(variantUrl('/assets/media/sea.abc.jpg', 'k3y', 800, 'avif')).toBe('/assets/media/sea.abc.k3y-800.avif');
    // A published original's content hash is in the key (media-encode.ts), not repeated in every variant's name.
    expect(variantUrl('/assets/media/sea.0a1b2c3d4e.jpg', 'k3yk3yk3', 800, 'avif')).toBe('/assets/media/sea.k3yk3yk3-800.avif');
    expect(variantSrcSet(encoded, 'webp')).toBe('/assets/media/sea.abc.k3y-400.webp 400w, /assets/media/sea.abc.k3y-800.webp 800w, /assets/media/sea.abc.k3y-1600.webp 1600w');
    expect(variantSrcSet(image, 'avif')).toBeUndefined();
  });

  it('offers AVIF alone (one <source>, `sizes` once); the <img> fallback is one middle-sized CMS file, no srcset, its dimensions, loading and priority kept', () => {
    const html = renderStatic(<ResponsiveImage media={encoded} sizes="(min-width: 40rem) 44rem, 100vw" className="x" />);
    expect(html).toMatch(
      /^<picture><source type="image\/avif" srcSet="[^"]+-400\.avif 400w[^"]*" sizes="\(min-width: 40rem\) 44rem, 100vw"\/><img class="x" src="\/assets\/media\/large_sea\.abc\.jpg" width="1600" height="900" alt="The bay at dawn" loading="lazy" decoding="async"\/><\/picture>$/,
    );
    expect(renderStatic(<ResponsiveImage media={encoded} priority />)).toMatch(
      /<img src="[^"]+" width="1600" height="900" alt="[^"]*" loading="eager" decoding="sync" fetchPriority="high"\/><\/picture>$/,
    );
  });

  it('the fallback is the narrowest CMS file at least 750 px wide, else the widest (the original when its width is unknown)', () => {
    expect(fallbackImageUrl(image)).toBe('/assets/media/large_sea.abc.jpg');
    expect(
      fallbackImageUrl({
        ...image,
        formats: [
          { url: '/s.jpg', width: 500, height: 1 },
          { url: '/m.jpg', width: 750, height: 1 },
        ],
      }),
    ).toBe('/m.jpg');
    expect(fallbackImageUrl({ ...image, width: 700, formats: [{ url: '/s.jpg', width: 500, height: 1 }] })).toBe(image.url);
    expect(fallbackImageUrl({ ...image, width: null, formats: [{ url: '/s.jpg', width: 500, height: 1 }] })).toBe(image.url);
  });

  it('an image the build did not encode (SVG, GIF, another host) stays a plain <img>', () => {
    expect(renderStatic(<ResponsiveImage media={image} />)).toMatch(/^<img [^>]*src="\/assets\/media\/sea\.abc\.jpg"/);
  });

  it('where one URL must serve every screen (a video poster): the WebP that covers the width, else the largest, else the original', () => {
    expect(singleImageUrl(encoded, 1152)).toBe('/assets/media/sea.abc.k3y-1600.webp');
    expect(singleImageUrl(encoded, 600)).toBe('/assets/media/sea.abc.k3y-800.webp');
    expect(singleImageUrl(encoded, 2400)).toBe('/assets/media/sea.abc.k3y-1600.webp');
    expect(singleImageUrl(image, 800)).toBe('/assets/media/sea.abc.jpg');
  });
});
