import { useTranslation } from '../../i18n/use-translation.js';

interface Props {
  /** id of the slide track the buttons move (aria-controls). */
  trackId: string;
  current: number;
  count: number;
  onPrevious: () => void;
  onNext: () => void;
  /** The rotation (pause/play) button; absent without autoplay. */
  rotation: { playing: boolean; onToggle: () => void } | null;
}

const Icon = ({ d, filled = false }: { d: string; filled?: boolean }) => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <path d={d} fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

/**
 * Rotation button first, then previous, "n of m", next (APG carousel: the
 * rotation control comes first in the Tab order). The rotation button is
 * rendered only when autoplay can run, so the visible "pause" always
 * pauses something (WCAG 2.2.2). The previous and next chevrons are the
 * stylesheet's (carousel.css), not an <svg> in every carousel.
 */
export function CarouselControls({ trackId, current, count, onPrevious, onNext, rotation }: Props) {
  const { t } = useTranslation();
  return (
    <div className="carousel__controls">
      {rotation && (
        <button
          type="button"
          className="carousel__button carousel__rotation"
          aria-controls={trackId}
          aria-label={rotation.playing ? t('carousel.pause') : t('carousel.play')}
          onClick={rotation.onToggle}
        >
          {rotation.playing ? <Icon d="M8 5v14M16 5v14" /> : <Icon d="M8 5l11 7-11 7z" filled />}
        </button>
      )}
      {/* No `type="button"`: a block is never inside a form, where a button would submit. */}
      <button className="carousel__button carousel__previous" aria-controls={trackId} aria-label={t('carousel.previous')} onClick={onPrevious} />
      <p className="carousel__position">{t('carousel.position', { current: current + 1, total: count })}</p>
      <button className="carousel__button carousel__next" aria-controls={trackId} aria-label={t('carousel.next')} onClick={onNext} />
    </div>
  );
}
