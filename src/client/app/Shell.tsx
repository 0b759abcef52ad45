import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { LoadingOverlay } from '../runtime/loading-overlay.js';
import { useFocusOnNavigation } from '../runtime/focus-on-navigation.js';
import { startPrefetch } from '../runtime/prefetch.js';
import { useScrollAnimation } from '../runtime/scroll-animation.js';
import { useLocaleRules } from '../runtime/root-redirect.js';
import { loadLater, onPageHydrated } from './later-hydration.js';
import { whenIdle } from '../lib/idle.js';

/**
 * The root route: page routes render inside. Rule 6: ScrollRestoration scrolls to
 * the top on navigation, or to the hash target, and focus moves to the main content.
 */
export function Shell() {
  // Rules 9–10: root redirect for Spanish visitors, locale cookie otherwise.
  useLocaleRules();
  useFocusOnNavigation();
  // A marker for tests and monitoring: the static HTML is now a live app, every block of it.
  useEffect(
    () =>
      onPageHydrated(() => {
        document.documentElement.dataset.hydrated = 'true';
      }),
    [],
  );
  // The blocks after the first view load when the browser is idle, if the visitor did not bring them sooner.
  useEffect(() => whenIdle(() => loadLater()), []);
  // Rule 19: links prefetch their payloads once the app is live; rule 25: the desktop scroll animation.
  useEffect(() => startPrefetch(document.body), []);
  useScrollAnimation();
  return (
    <>
      <Outlet />
      <ScrollRestoration />
      <LoadingOverlay />
    </>
  );
}
