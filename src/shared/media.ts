import type { Media } from './model.js';

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
