import { useEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.js';
import { isActive } from '../../../shared/dates.js';
import { RichText } from '../../components/RichText.js';
import { SmartLink } from '../../components/SmartLink.js';
import { useCoveredBottom } from '../../lib/use-covered-bottom.js';
import type { BlockComponentProps } from '../props.js';
import { toastColours } from './colours.js';
import { dismissalKey, isDismissed, rememberDismissal } from './dismissal.js';
import { useCookieClearance } from './use-cookie-clearance.js';
import './offer-toast.css';

/**
 * `blocks.offer-toast`: text (rich text), link, startdate/enddate, background,
 * delay (ms). Its text is in the static HTML (crawlers and the no-JS reader
 * get the offer) but `hidden`: showing it depends on the browser (delay,
 * session memory, real time), so it appears after hydration, `delay` ms
 * later, if it is still active by the real time
 * (rule 29: BlockList filtered by the page's day, the offer may have ended
 * since) and was not dismissed this session.
 *
 * A polite status region announces it without moving focus; the close button
 * and Escape (while focus is inside) dismiss it for the session.
 */
export function OfferToast({ block }: BlockComponentProps<'blocks.offer-toast'>) {
  const { t } = useTranslation();
  const { props } = block;
  const key = dismissalKey(block);
  const delay = Math.max(0, props.delay ?? 0);
  const { startdate, enddate } = props;
  const [shown, setShown] = useState(false);
  const clearance = useCookieClearance(shown);
  // What focus reaches is scrolled above the toast (base.css, scroll-padding-bottom).
  const ref = useRef<HTMLDivElement>(null);
  useCoveredBottom(ref, '--offer-toast-cover', shown, clearance);

  useEffect(() => {
    if (isDismissed(key)) return;
    const timer = window.setTimeout(() => setShown(isActive({ startdate, enddate }, new Date())), delay);
    return () => window.clearTimeout(timer);
  }, [key, delay, startdate, enddate]);

  const dismiss = (returnFocus: boolean) => {
    rememberDismissal(key);
    setShown(false);
    // The focused close button is about to disappear: continue from the main content, not from <body>.
    if (returnFocus) document.getElementById('main')?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    dismiss(true);
  };
  // Following the offer's link counts as having seen it.
  const onBodyClick = (event: MouseEvent) => {
    if ((event.target as Element).closest('a')) dismiss(false);
  };

  const link = props.link ?? null;
  const colours = toastColours(props.background);
  const style = {
    // A CMS colour card needs no stripe of another colour: the edge takes the card's own colour.
    ...(colours && 'background' in colours ? { '--offer-bg': colours.background, '--offer-fg': colours.color, '--offer-accent': colours.background } : {}),
    ...(colours && 'accent' in colours ? { '--offer-accent': colours.accent } : {}),
    '--offer-clearance': `${clearance}px`,
  } as CSSProperties;

  return (
    <div className="offer-toast-region" role="status" aria-live="polite">
      {
        <div ref={ref} className="offer-toast" style={style} onKeyDown={onKeyDown} hidden={!shown}>
          <p className="visually-hidden">{t('offerToast.label')}</p>
          <div className="offer-toast__body" onClick={onBodyClick}>
            <RichText className="offer-toast__text" html={props.text} />
            {link && <SmartLink className="offer-toast__link" link={link} />}
          </div>
          <button type="button" className="offer-toast__close" aria-label={t('offerToast.close')} onClick={() => dismiss(true)}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      }
    </div>
  );
}
