import { useEffect, useEffectEvent, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { localeOfPath } from '../../shared/locales.js';
import { rootRedirectTarget } from '../../shared/locale-rules.js';
import { writeLocaleCookie } from '../lib/cookies.js';
import { normalizePath } from '../../shared/routes.js';
import { lazyOnce } from '../lib/lazy-once.js';

/**
 * Rules 9 and 10 in the browser, on every navigation (the first load too):
 * - a navigation to `/` detects the locale again and sends a Spanish visitor
 *   to `/es` with `replace`, keeping query and hash; only the root is ever
 *   redirected, and never to the current or previous path (loop guard). The
 *   CDN edge applies the same rule before any HTML is sent
 *   (netlify/edge-functions); this covers other hosts and later navigations;
 * - otherwise the locale of the page is now active: the cookie is written
 *   (which also replaces a value that is not a known code, rule 7).
 */
export function useLocaleRules(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const previous = useRef<string | null>(null);
  // Reads the location it runs for; runs once per navigation (below).
  const applyRules = useEffectEvent(() => {
    const previousPath = previous.current ?? undefined;
    previous.current = location.pathname;
    // Only `/` is ever redirected: every other page just records its locale.
    if (normalizePath(location.pathname) !== '/') {
      writeLocaleCookie(localeOfPath(location.pathname));
      return;
    }
    let current = true;
    loadBrowserLocale().then(
      ({ browserLocale }) => {
        if (!current) return;
        const target = rootRedirectTarget({
          pathname: location.pathname,
          search: location.search,
          hash: location.hash,
          locale: browserLocale(),
          currentPath: location.pathname,
          previousPath,
        });
        if (target) navigate(target, { replace: true });
        else writeLocaleCookie(localeOfPath(location.pathname));
      },
      // Without the detector (a chunk a redeploy removed) the visitor stays on the page they asked for.
      () => current && writeLocaleCookie(localeOfPath(location.pathname)),
    );
    return () => {
      current = false;
    };
  });
  // Once per history entry (`location.key`): a navigation to the same URL counts too.
  useEffect(() => applyRules(), [location.key]);
}

/**
 * The detector (i18next-browser-languagedetector) is read on `/` only, so it
 * is a chunk of its own rather than part of every page's first view.
 */
const loadBrowserLocale = lazyOnce(() => import('./browser-locale.js'));
