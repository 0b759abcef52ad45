import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigation } from 'react-router-dom';
import { localeOfPath } from '../../shared/locales.js';
import { i18nFor } from '../i18n/i18n.js';
import { useHydrated } from '../lib/use-hydrated.js';
import './loading-overlay.css';

/** Fast navigations (a cached or prefetched payload) finish before this and never flash the overlay. */
export const OVERLAY_DELAY_MS = 150;

/**
 * Rule 24 (spec §4 "page loading overlay"): on from the start of a
 * navigation of the data router until the new page has rendered.
 *
 * - `visible` is derived in render (`busy && late`), so it turns off in the
 *   very commit that renders the new page, not one effect later.
 * - Errors: a failed loader ends the navigation (state `idle`), and the
 *   root error boundary replaces the Shell, unmounting this; either way the
 *   overlay and `aria-busy` are cleared.
 * - Accessibility: a polite `role="status"` region that exists from
 *   hydration on (a live region must be in the DOM before its text changes
 *   to be announced) gets the translated `site.loading`; `#main` carries
 *   `aria-busy` while the navigation runs.
 * - Not in the static HTML (`useHydrated`): nothing to mismatch at hydration.
 * - Reduced motion: the CSS shows a still indicator instead of the spinner.
 */
export function LoadingOverlay({ delayMs = OVERLAY_DELAY_MS }: { delayMs?: number }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  // i18next's own `t`, as use-translation.ts: react-i18next's hook was 1.9 KB of the entry for this one text.
  const locale = localeOfPath(pathname);
  const t = useMemo(() => i18nFor(locale).getFixedT(null, 'translation'), [locale]);
  const busy = navigation.state !== 'idle';
  const [late, setLate] = useState(false);

  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => setLate(true), delayMs);
    return () => {
      clearTimeout(timer);
      setLate(false);
    };
  }, [busy, delayMs]);

  useEffect(() => {
    if (!busy) return;
    const main = document.getElementById('main');
    main?.setAttribute('aria-busy', 'true');
    // The page (and its <main>) may have been replaced meanwhile: clear whichever is there now.
    return () => {
      main?.removeAttribute('aria-busy');
      document.getElementById('main')?.removeAttribute('aria-busy');
    };
  }, [busy]);

  if (!hydrated) return null;
  const visible = busy && late;
  return (
    <div className="loading-overlay" role="status" aria-live="polite" data-visible={visible ? 'true' : undefined}>
      {visible && (
        <>
          <span className="loading-overlay__spinner" aria-hidden="true" />
          <span className="visually-hidden">{t('site.loading')}</span>
        </>
      )}
    </div>
  );
}
