import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.js';
import type { Media } from '../../../shared/model.js';
import { useHydrated } from '../../lib/use-hydrated.js';
import { prefersReducedMotion } from '../../lib/reduced-motion.js';
import { CaptionsTrack } from '../../components/CaptionsTrack.js';

/**
 * The hero's looping background film: decorative (hidden from assistive
 * technology), muted, never autoplaying for visitors who ask for reduced
 * motion, and with a pause button (WCAG 2.2.2: moving content longer than
 * five seconds can be paused). The button appears after hydration, when it works.
 * It never offers its sound (no controls, always muted): captions, when the
 * editor gives them, are shown by default; none are required (the build's
 * captions check skips it, docs/building.md, "Captions").
 */
export function BackgroundVideo({ media, captions }: { media: Media; captions: Media | null }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const video = useRef<HTMLVideoElement>(null);
  // Read on the client only: `playing` is shown by the button, which the server never renders.
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());

  useEffect(() => {
    if (prefersReducedMotion()) video.current?.pause();
  }, []);

  const toggle = () => {
    const el = video.current;
    if (!el) return;
    if (el.paused) void el.play().catch(() => setPlaying(false));
    else el.pause();
    setPlaying(!el.paused);
  };

  return (
    <>
      <video ref={video} className="hero__media" src={media.url} autoPlay muted loop playsInline aria-hidden="true" tabIndex={-1}>
        {/* Always muted and decorative: its captions are carried, not laid over the hero's title. */}
        {captions && <CaptionsTrack captions={captions} shown={false} />}
      </video>
      {hydrated && (
        <button type="button" className="hero__motion" aria-pressed={!playing} onClick={toggle}>
          <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
          <span className="visually-hidden">{t('hero.pauseVideo')}</span>
        </button>
      )}
    </>
  );
}
