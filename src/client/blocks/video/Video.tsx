import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation.js';
import { prefersReducedMotion } from '../../lib/reduced-motion.js';
import type { BlockComponentProps } from '../props.js';
import { singleImageUrl } from '../../../shared/media.js';

/** The video fills the content column (72rem, 1,152 px): one poster file for every screen, so the one that covers it. */
const POSTER_WIDTH = 1152;

/**
 * `blocks.video`: media (video), poster, autoplay, loop. Autoplay is muted
 * (browsers refuse sound), stopped for visitors who prefer reduced motion,
 * and the native controls stay available.
 */
export function Video({ block }: BlockComponentProps<'blocks.video'>) {
  const { t } = useTranslation();
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (prefersReducedMotion()) ref.current?.pause();
  }, []);
  const media = block.props.media ?? null;
  const poster = block.props.poster ?? null;
  if (!media) return null;
  const autoplay = block.props.autoplay ?? false;
  return (
    <figure className="block-video container">
      <video
        ref={ref}
        src={media.url}
        poster={poster ? singleImageUrl(poster, POSTER_WIDTH) : undefined}
        width={media.width ?? poster?.width ?? undefined}
        height={media.height ?? poster?.height ?? undefined}
        controls
        autoPlay={autoplay}
        muted={autoplay}
        loop={block.props.loop ?? false}
        playsInline
        preload={autoplay ? 'auto' : 'none'}
        aria-label={media.alt || undefined}
      >
        {t('media.videoUnsupported')}
      </video>
    </figure>
  );
}
