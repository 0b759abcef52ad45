import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '../../i18n/use-translation.js';
import { getConsent, onConsentChange, setConsent } from '../../analytics/consent.js';
import { RichText } from '../../components/RichText.js';
import { SmartLink } from '../../components/SmartLink.js';
import { useCoveredBottom } from '../../lib/use-covered-bottom.js';
import { useHydrated } from '../../lib/use-hydrated.js';
import type { BlockComponentProps } from '../props.js';
import './cookie-notice.css';

const noChoiceOnServer = () => null;

/**
 * `blocks.cookie-notice` (rule 33): text (sanitised rich text), accept and
 * reject labels, policy link. Whether a choice is stored is known only in the
 * browser, so the static HTML holds the notice `hidden` and it shows after
 * hydration when no choice exists: no hydration mismatch, no flash for
 * visitors who already chose. A polite region, not a modal: the page stays
 * usable and focus is never trapped; what focus reaches is scrolled above it
 * (`--cookie-notice-cover`, use-covered-bottom.ts).
 */
export function CookieNotice({ block }: BlockComponentProps<'blocks.cookie-notice'>) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  // Every notice on the page (layout and page blocks) hides on the one choice.
  const choice = useSyncExternalStore(onConsentChange, getConsent, noChoiceOnServer);
  const { props } = block;
  const policy = props.policy ?? null;
  const ref = useRef<HTMLElement>(null);
  // One notice at a time: a second one (the all-blocks page shows the block in its content
  // as well as in the layout) would sit on the first, fixed in the same place, and hide its
  // buttons from the keyboard (WCAG 2.4.11). The first in the document speaks for all; none
  // shows before that is known (the static HTML holds them all hidden anyway).
  const [first, setFirst] = useState(false);
  useEffect(() => setFirst(document.querySelector('.cookie-notice') === ref.current), []);
  const shown = hydrated && first && choice === null;
  useCoveredBottom(ref, '--cookie-notice-cover', shown);
  return (
    <section ref={ref} className="cookie-notice" aria-label={t('consent.label')} aria-live="polite" hidden={!shown}>
      <div className="cookie-notice__inner">
        <div className="cookie-notice__text">
          <RichText html={props.text} />
          {policy && <SmartLink className="cookie-notice__policy" link={policy} />}
        </div>
        <div className="cookie-notice__actions">
          <button type="button" className="cookie-notice__button" onClick={() => setConsent('denied')}>
            {(props.rejectLabel ?? '') || t('consent.reject')}
          </button>
          <button type="button" className="cookie-notice__button cookie-notice__button--accept" onClick={() => setConsent('granted')}>
            {(props.acceptLabel ?? '') || t('consent.accept')}
          </button>
        </div>
      </div>
    </section>
  );
}
