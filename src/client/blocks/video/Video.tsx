import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation.js';
import { prefersReducedMotion } from '../../lib/reduced-motion.js';
import type { BlockComponentProps } from '../props.js';
import { singleImageUrl } from '../../../shared/media.js';
import { CaptionsTrack } from '../../components/CaptionsTrack.js';

/** The video fills the content column (72rem, 1,152 px): one poster file for every screen, so the one that covers it. */
const POSTER_WIDTH = 1152;

/** How far ahead of the viewport an autoplaying video starts: a quarter of a screen. */
const NEAR = '25% 0px';

/**
 * `blocks.video`: media (video), poster, captions, autoplay, loop. Autoplay is muted
 * (browsers refuse sound) and starts when the video comes into view, never
 * for visitors who prefer reduced motion: until then nothing but the poster
 * downloads (a video further down the page does not compete with the first
 * view). The native controls stay available, with or without JavaScript,
 * and so does the sound: captions, when given, are shown by default.
 */
export function Video({ block }: BlockComponentProps<'blocks.video'>) {
  const { t } = useTranslation();
  const ref = useRef<HTMLVideoElement>(null);
  const autoplay = block.props.autoplay ?? false;
  useEffect(() => {
    const video = ref.current;
    if (!video || !autoplay || prefersReducedMotion()) return;
    // A browser that refuses to play keeps the poster and the controls.
    const play = () => void video.play().catch(() => {});
    if (typeof IntersectionObserver !== 'function') return play();
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        play();
      },
      { rootMargin: NEAR },
    );
    observer.observe(video);
    return () => observer.disconnect();
  }, [autoplay]);
  const media = block.props.media ?? null;
  const poster = block.props.poster ?? null;
  const captions = block.props.captions ?? null;
  if (!media) return null;
  return (
    <figure className="block-video container">
      <video
        ref={ref}
        src={media.url}
        poster={poster ? singleImageUrl(poster, POSTER_WIDTH) : undefined}
        width={media.width ?? poster?.width ?? undefined}
        height={media.height ?? poster?.height ?? undefined}
        controls
        muted={autoplay}
        loop={block.props.loop ?? false}
        playsInline
        preload="none"
        aria-label={media.alt || undefined}
      >
        {captions && <CaptionsTrack captions={captions} shown />}
        {t('media.videoUnsupported')}
      </video>
    </figure>
  );
}
