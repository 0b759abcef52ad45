import { useId, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.js';
import { geolocated } from '../../../shared/geo.js';
import { useVisitor } from '../../page/page-context.js';
import { useHydrated } from '../../lib/use-hydrated.js';
import type { BlockComponentProps } from '../props.js';
import { CarouselControls } from './CarouselControls.js';
import { CarouselSlide } from './CarouselSlide.js';
import { autoplayInterval, slidesOf } from './slides.js';
import { useAutoplay } from './use-autoplay.js';
import { usePrefersReducedMotion } from '../../lib/reduced-motion.js';
import { useSlideScroll } from './use-slide-scroll.js';
import './carousel.css';

/** Image `sizes`: beside the text from 48rem (3/5 of the row), or the full width when slides are captions only. */
const SIZES = {
  split: '(min-width: 72rem) 43rem, (min-width: 48rem) 60vw, 100vw',
  full: '(min-width: 72rem) 72rem, 100vw',
};

const KEYS: Record<string, (current: number, count: number) => number> = {
  ArrowLeft: (current) => current - 1,
  ArrowRight: (current) => current + 1,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/**
 * `blocks.carousel` and `modals.carousel`: title, slides `{media, title,
 * text, link}`, autoplay (ms, 0 = off). A CSS scroll-snap track (native
 * swipe) with previous/next buttons, "n of m", arrow keys, and the
 * WAI-ARIA APG carousel semantics. Every slide is in the static HTML; after
 * hydration only the current one is reachable (the others are inert), and
 * the track is a polite live region except while autoplay runs.
 */
export function Carousel({ block, index, inModal = false }: BlockComponentProps<'blocks.carousel' | 'modals.carousel'>) {
  const { t } = useTranslation();
  const { country } = useVisitor();
  const hydrated = useHydrated();
  const reduced = usePrefersReducedMotion();
  const uid = useId();
  // Slides may be country-targeted like any item (spec §5); `country` is mismatch-safe (rule 30).
  const slides = geolocated(slidesOf(block.props.slides), country);
  const count = slides.length;
  const { track, current, goTo } = useSlideScroll(count, !reduced);
  const autoplay = useAutoplay({ interval: autoplayInterval(block.props.autoplay), count, current, advance: () => goTo(current + 1) });
  if (count === 0) return null;

  const title = block.props.title ?? '';
  const showTitle = title !== '' && !inModal;
  // Short ids: each is written more than once (the track's by both buttons).
  const headingId = `${uid}t`;
  const trackId = `${uid}k`;
  const captionsOnly = slides.every((slide) => !slide.text && !slide.link);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const move = KEYS[event.key];
    if (!move || count < 2 || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    const fromSlide = (event.target as Element).closest('.carousel__slide') !== null;
    goTo(move(current, count), { focus: fromSlide });
  };

  return (
    <section
      className={['carousel', inModal ? 'carousel--modal' : 'container', captionsOnly && 'carousel--captions'].filter(Boolean).join(' ')}
      aria-roledescription={t('carousel.roleCarousel')}
      aria-labelledby={showTitle ? headingId : undefined}
      aria-label={showTitle ? undefined : title || t('carousel.label')}
      data-autoplay={autoplay.state}
      data-current={current}
      onKeyDown={onKeyDown}
      {...autoplay.handlers}
    >
      {(showTitle || count > 1) && (
        <div className="carousel__head">
          {showTitle && (
            <h2 id={headingId} className="carousel__title">
              {title}
            </h2>
          )}
          {count > 1 && (
            <CarouselControls
              trackId={trackId}
              current={current}
              count={count}
              onPrevious={() => goTo(current - 1)}
              onNext={() => goTo(current + 1)}
              rotation={autoplay.available ? { playing: autoplay.playing, onToggle: autoplay.toggle } : null}
            />
          )}
        </div>
      )}
      <div id={trackId} ref={track} className="carousel__track" aria-live={autoplay.state === 'running' ? 'off' : 'polite'}>
        {slides.map((slide, i) => (
          <CarouselSlide
            key={i}
            slide={slide}
            label={t('carousel.position', { current: i + 1, total: count })}
            roleDescription={t('carousel.roleSlide')}
            sizes={captionsOnly ? SIZES.full : SIZES.split}
            eager={index === 0 && i === 0 && !inModal}
            inert={hydrated && i !== current}
          />
        ))}
      </div>
    </section>
  );
}
