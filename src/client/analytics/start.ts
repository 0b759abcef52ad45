import { PREVIEW_MARKER, type PublicConfig } from '../../shared/public-config.js';
import { startGtm } from './gtm.js';
import { whenIdle } from '../lib/idle.js';

/**
 * The public configuration as the build parsed it: src/node/build/bundle.ts
 * replaces each name with its JSON value (src/shared/public-config.ts,
 * PUBLIC_CONFIG_GLOBALS). Absent outside a build (unit tests stub them).
 */
declare const __MAREA_GTM_ID__: PublicConfig['gtmId'] | undefined;
declare const __MAREA_DATADOG__: PublicConfig['datadog'] | undefined;

let started = false;

/**
 * Starts analytics and monitoring once, in the browser, from main.tsx.
 *
 * The configuration is read here literally: in a build without a GTM id or
 * without Datadog the value is `null`, the branch is dead code and Rollup
 * drops gtm.ts, datadog.ts and the RUM SDK from the output entirely
 * (rules 31, 32). Read at call time so tests can stub them.
 */
export function startAnalytics(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  // A draft preview (its meta tag) is no visit: nothing is tracked, its link goes nowhere.
  if (document.querySelector(`meta[name="${PREVIEW_MARKER}"]`)) return;

  const gtmId = typeof __MAREA_GTM_ID__ === 'undefined' ? null : __MAREA_GTM_ID__;
  if (gtmId) startGtm(gtmId);

  const datadog = typeof __MAREA_DATADOG__ === 'undefined' ? null : __MAREA_DATADOG__;
  if (datadog) {
    // Two lazy steps on purpose: the build adds a modulepreload for every chunk the
    // entry imports dynamically (src/node/build/bundle.ts), so the entry only reaches
    // the small datadog.ts chunk; the RUM SDK chunk is fetched by it, after idle.
    whenIdle(() => {
      import('./datadog.js')
        .then(({ startDatadog }) => startDatadog(datadog))
        .catch((error: unknown) => console.warn('[analytics] Datadog RUM did not load; the site works without it.', error));
    });
  }
}
