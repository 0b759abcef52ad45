import { parseGtmId, startGtm } from './gtm.js';
import { whenIdle } from '../lib/idle.js';

let started = false;

/**
 * Starts analytics and monitoring once, in the browser, from main.tsx.
 *
 * Every `import.meta.env.PUBLIC_*` is read here literally: Vite replaces each
 * with its build-time value, so in a build without a GTM id or without Datadog
 * the branch is dead code and Rollup drops gtm.ts, datadog.ts and the RUM SDK
 * from the output entirely (rules 31, 32). Read at call time so tests can stub them.
 */
export function startAnalytics(): void {
  if (started || typeof window === 'undefined') return;
  started = true;

  const rawGtmId = import.meta.env.PUBLIC_GTM_ID as string | undefined;
  if (rawGtmId) {
    const id = parseGtmId(rawGtmId);
    if (id) startGtm(id);
    else console.warn(`[analytics] PUBLIC_GTM_ID "${rawGtmId}" is not a container id like GTM-ABC1234; Google Tag Manager is off.`);
  }

  const applicationId = import.meta.env.PUBLIC_DATADOG_APPLICATION_ID as string | undefined;
  const clientToken = import.meta.env.PUBLIC_DATADOG_CLIENT_TOKEN as string | undefined;
  if (applicationId && clientToken) {
    const env = {
      applicationId,
      clientToken,
      site: import.meta.env.PUBLIC_DATADOG_SITE as string | undefined,
      service: import.meta.env.PUBLIC_DATADOG_SERVICE as string | undefined,
      env: import.meta.env.PUBLIC_DATADOG_ENV as string | undefined,
      version: import.meta.env.PUBLIC_DATADOG_VERSION as string | undefined,
      sessionSampleRate: import.meta.env.PUBLIC_DATADOG_SESSION_SAMPLE_RATE as string | undefined,
      sessionReplaySampleRate: import.meta.env.PUBLIC_DATADOG_SESSION_REPLAY_SAMPLE_RATE as string | undefined,
    };
    // Two lazy steps on purpose: the build adds a modulepreload for every chunk the
    // entry imports dynamically (src/node/build/bundle.ts), so the entry only reaches
    // the small datadog.ts chunk; the RUM SDK chunk is fetched by it, after idle.
    whenIdle(() => {
      import('./datadog.js')
        .then(({ startDatadog }) => startDatadog(env))
        .catch((error: unknown) => console.warn('[analytics] Datadog RUM did not load; the site works without it.', error));
    });
  }
}
