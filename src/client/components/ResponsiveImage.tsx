import type { Media } from '../../shared/model.js';
import { fallbackImageUrl, srcSet, VARIANT_FORMATS, variantSrcSet } from '../../shared/media.js';

/** The one modern format a <picture> offers: AVIF, which every current browser shows (the smallest files). */
const MODERN = VARIANT_FORMATS[0];

interface Props {
  media: Media;
  /** `sizes` attribute; defaults to full viewport width. */
  sizes?: string;
  /** Above the fold: eager, high priority (the hero); otherwise lazy. */
  priority?: boolean;
  className?: string;
  alt?: string;
}

/**
 * An image with explicit dimensions (no layout shift), `srcset`/`sizes`,
 * lazy below the fold. When the build encoded it (media-encode.ts), a
 * <picture> offers AVIF at the given `sizes` (one `<source>`: a second
 * format repeated `srcset` and `sizes`, 4.7 KB a page at the bench, for
 * browsers older than Safari 16.4 and Edge 121), and its <img> is the
 * fallback a browser without AVIF takes: one middle-sized CMS file
 * (`fallbackImageUrl`), no `srcset`; it still carries the dimensions, the
 * loading and the priority, which apply to whichever source is picked.
 * The <picture> takes no box of its own (base.css), so the <img> is laid
 * out and styled as without it.
 */
export function ResponsiveImage({ media, sizes = '100vw', priority = false, className, alt }: Props) {
  const set = media.variants ? undefined : srcSet(media);
  const img = (
    <img
      className={className}
      src={media.variants ? fallbackImageUrl(media) : media.url}
      srcSet={set}
      sizes={set ? sizes : undefined}
      width={media.width ?? undefined}
      height={media.height ?? undefined}
      alt={alt ?? media.alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
    />
  );
  if (!media.variants) return img;
  return (
    <picture>
      <source type={MODERN.type} srcSet={variantSrcSet(media, MODERN.format)} sizes={sizes} />
      {img}
    </picture>
  );
}
