import { useId } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from '../../i18n/use-translation.js';
import type { BlockComponentProps } from '../props.js';
import { durationAttribute, endInstant, timeLeft, UNITS, type TimeLeft } from './countdown.js';
import { useTickingNow } from './use-ticking-now.js';
import './timer.css';

/**
 * `blocks.timer`: title, enddate (ISO, UTC), expiredText. The static HTML
 * counts from the page's `now` (the build's day, rule 29) so hydration sees
 * the same numbers; after hydration it counts from the real time, every
 * second, and shows `expiredText` once the end has passed.
 *
 * Screen readers are not told every second: the ticking digits are
 * aria-hidden, and a `role="timer"` (implicitly aria-live off) holds a
 * summary to the minute that can be read on demand.
 */
export function Timer({ block, inModal = false }: BlockComponentProps<'blocks.timer'>) {
  const { t } = useTranslation();
  const titleId = useId();
  const end = endInstant(block.props.enddate ?? '');
  const title = block.props.title ?? '';
  const left = useTimeLeft(end);
  if (!end) return null;
  const showTitle = title !== '' && !inModal;
  return (
    <section className="timer container" aria-labelledby={showTitle ? titleId : undefined} aria-label={showTitle ? undefined : title || t('timer.label')}>
      {showTitle && (
        <h2 id={titleId} className="timer__title">
          {title}
        </h2>
      )}
      {left ? (
        <div className="timer__clock" role="timer" aria-atomic="true">
          <p className="visually-hidden">{t('timer.summary', { time: summary(left, t) })}</p>
          <time className="timer__units" dateTime={durationAttribute(left)} aria-hidden="true">
            {UNITS.map((unit) => (
              <span key={unit} className={`timer__unit timer__unit--${unit}`}>
                <span className="timer__value">{unit === 'days' ? left.days : String(left[unit]).padStart(2, '0')}</span>
                <span className="timer__label">{t(`timer.${unit}`, { count: left[unit] })}</span>
              </span>
            ))}
          </time>
        </div>
      ) : (
        <p className="timer__expired">{(block.props.expiredText ?? '') || t('timer.expired')}</p>
      )}
    </section>
  );
}

function useTimeLeft(end: Date | null): TimeLeft | null {
  const now = useTickingNow(end);
  return end ? timeLeft(end, now) : null;
}

/** "12 days, 3 hours, 4 minutes": to the minute, so the text changes at most once a minute. */
function summary(left: TimeLeft, t: TFunction): string {
  const parts = (['days', 'hours', 'minutes'] as const).filter((u) => left[u] > 0).map((u) => t(`timer.${u}Count`, { count: left[u] }));
  return parts.length > 0 ? parts.join(', ') : t('timer.underAMinute');
}
