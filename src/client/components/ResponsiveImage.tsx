import type { Media } from '../../shared/model.js';
import { srcSet } from '../../shared/media.js';

interface Props {
  media: Media;
  /** `sizes` attribute; defaults to full viewport width. */
  sizes?: string;
  /** Above the fold: eager, high priority (the hero); otherwise lazy. */
  priority?: boolean;
  className?: string;
  alt?: string;
}

/** An image with explicit dimensions (no layout shift), `srcset`/`sizes`, lazy below the fold. */
export function ResponsiveImage({ media, sizes = '100vw', priority = false, className, alt }: Props) {
  const set = srcSet(media);
  return (
    <img
      className={className}
      src={media.url}
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
}
