import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { useLocaleRules } from '../runtime/root-redirect.js';
import { useLateRuntime } from '../runtime/late-runtime.js';
import { onPageHydrated } from './later-hydration.js';
import { warmBlocks } from '../blocks/registry.js';
import { hydratesOnUse } from '../../shared/first-view.js';
import { whenIdle } from '../lib/idle.js';

/**
 * The root route: page routes render inside. Rule 6: ScrollRestoration scrolls to
 * the top on navigation, or to the hash target (focus moves to the main content
 * in the runtime that loads after hydration).
 */
export function Shell() {
  // Rules 9–10: root redirect for Spanish visitors, locale cookie otherwise.
  useLocaleRules();
  // A marker for tests and monitoring: the static HTML is now a live app, every block of it.
  useEffect(
    () =>
      onPageHydrated(() => {
        document.documentElement.dataset.hydrated = 'true';
      }),
    [],
  );
  // Blocks that hydrate on use have their chunks fetched (not run) when the browser is idle, to be quick once reached for.
  useEffect(() => whenIdle(() => warmBlocks(hydratesOnUse)), []);
  return (
    <>
      <Outlet />
      <ScrollRestoration />
      <AfterHydration />
    </>
  );
}

/** The runtime no first view needs (runtime/late.tsx: rules 6, 13–15, 19, 24, 25), once it has arrived. */
function AfterHydration() {
  const late = useLateRuntime();
  return late && <late.AfterHydration />;
}
