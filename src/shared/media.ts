import type { Media } from './model.js';

/** A `Media` value (model.ts), wherever it sits in content or a payload. */
export function isMedia(value: unknown): value is Media {
  const m = value as Media;
  return !!m && typeof m === 'object' && (m.kind === 'image' || m.kind === 'video' || m.kind === 'captions') && typeof m.url === 'string' && Array.isArray(m.formats);
}

/** The raster types the build encodes to AVIF and WebP and makes share cards of (media-encode.ts, share-image.ts). */
export const RASTER_MIMES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'image/webp']);

/**
 * `srcset` from the CMS formats plus the original (content contract, Media).
 * Shared: the browser's <img> and the build's hero `preload` hint must name
 * the same candidates or the browser downloads the image twice.
 */
export function srcSet(media: Media): string | undefined {
  const candidates = media.formats.map((f) => `${f.url} ${f.width}w`);
  if (media.width) candidates.push(`${media.url} ${media.width}w`);
  return candidates.length > 1 ? candidates.join(', ') : undefined;
}

/** The modern formats the build encodes raster images to, best first (a <picture> offers them in this order). */
export const VARIANT_FORMATS = [
  { format: 'avif', type: 'image/avif' },
  { format: 'webp', type: 'image/webp' },
] as const;

export type VariantFormat = (typeof VARIANT_FORMATS)[number]['format'];

/**
 * Where the build writes an image's variant: beside the original, named
 * after it without its content hash, then the variant key (media-encode.ts:
 * a hash of the original's name, which holds its content hash, and of the
 * encoder settings) and the width
 * (`/assets/media/sea.1a2b3c4d5e.jpg` → `/assets/media/sea.k3y0k3y0-800.avif`):
 * immutable like every media file. Each URL is in a `srcset` five times an
 * image, so the original's hash is not repeated in it (≈ 1.5 KB a page at
 * the bench, docs/performance.md).
 */
export function variantUrl(url: string, key: string, width: number, format: VariantFormat): string {
  const dot = url.lastIndexOf('.');
  const stem = dot > url.lastIndexOf('/') ? url.slice(0, dot) : url;
  const name = /^(.*\/[^/.]+)\.[0-9a-f]{10}$/.exec(stem)?.[1] ?? stem;
  return `${name}.${key}-${width}.${format}`;
}

/** The `srcset` of one variant format, or undefined when the build made none. */
export function variantSrcSet(media: Media, format: VariantFormat): string | undefined {
  const variants = media.variants;
  if (!variants?.widths.length) return undefined;
  return variants.widths.map((width) => `${variantUrl(media.url, variants.key, width, format)} ${width}w`).join(', ');
}

/** How wide the `<img>` fallback of a `<picture>` is at least (Strapi's `medium` format is 750 px wide). */
const FALLBACK_WIDTH = 750;

/**
 * The `src` of the `<img>` inside a `<picture>` that offers AVIF
 * (`variants`): only a browser without AVIF (older than Safari 16.4 or
 * Edge 121) loads it, so it is one middle-sized CMS file, not a `srcset` of five: the narrowest at least 750 px wide, else the
 * widest there is (the original counts as the widest when its width is not
 * known).
 */
export function fallbackImageUrl(media: Media): string {
  const candidates = [...media.formats, { url: media.url, width: media.width ?? Infinity }];
  return (candidates.find((c) => c.width >= FALLBACK_WIDTH) ?? candidates.at(-1)!).url;
}

/**
 * One URL for where only one fits (a video's `poster`): the WebP variant
 * (every browser the site supports shows WebP, not every one AVIF) at the
 * narrowest width of at least `width`, else the original.
 */
export function singleImageUrl(media: Media, width: number): string {
  const variants = media.variants;
  const fit = variants?.widths.find((w) => w >= width) ?? variants?.widths.at(-1);
  return variants && fit ? variantUrl(media.url, variants.key, fit, 'webp') : media.url;
}
