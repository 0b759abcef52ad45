import { describe, expect, it } from 'vitest';
import { renderStatic } from '../../../test/support/render.js';
import { image } from '../../../test/support/blocks.js';
import { singleImageUrl, variantSrcSet, variantUrl } from '../../shared/media.js';
import { ResponsiveImage } from './ResponsiveImage.js';

const encoded = { ...image, variants: { key: 'k3y', widths: [400, 800, 1600] } };

describe('ResponsiveImage and the build’s AVIF and WebP variants', () => {
  it('names each variant beside its original, after the encoder settings and the width', () => {
    expect(variantUrl('/assets/media/sea.abc.jpg', 'k3y', 800, 'avif')).toBe('/assets/media/sea.abc.k3y-800.avif');
    expect(variantSrcSet(encoded, 'webp')).toBe('/assets/media/sea.abc.k3y-400.webp 400w, /assets/media/sea.abc.k3y-800.webp 800w, /assets/media/sea.abc.k3y-1600.webp 1600w');
    expect(variantSrcSet(image, 'avif')).toBeUndefined();
  });

  it('offers AVIF, then WebP, at the same sizes, with the original <img> as the fallback, its dimensions kept (no layout shift)', () => {
    const html = renderStatic(<ResponsiveImage media={encoded} sizes="(min-width: 40rem) 44rem, 100vw" className="x" />);
    expect(html).toMatch(
      /^<picture><source type="image\/avif" srcSet="[^"]+-400\.avif 400w[^"]*" sizes="\(min-width: 40rem\) 44rem, 100vw"\/><source type="image\/webp" srcSet="[^"]+\.webp 1600w" sizes="[^"]+"\/><img class="x" src="\/assets\/media\/sea\.abc\.jpg" srcSet="[^"]+"[^>]* width="1600" height="900"[^>]*\/><\/picture>$/,
    );
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
