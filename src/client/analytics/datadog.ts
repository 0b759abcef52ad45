import type { RumInitConfiguration } from '@datadog/browser-rum';
import { getConsent, onConsentChange, type Consent } from './consent.js';

/** The raw `PUBLIC_DATADOG_*` values (spec section 3 runtime settings), as the bundle sees them. */
export interface DatadogEnv {
  applicationId: string;
  clientToken: string;
  site?: string | undefined;
  service?: string | undefined;
  env?: string | undefined;
  version?: string | undefined;
  sessionSampleRate?: string | undefined;
  sessionReplaySampleRate?: string | undefined;
}

/** Spec section 9 / rule 32: the monitoring defaults when a setting is not configured. */
export const DATADOG_DEFAULTS = {
  site: 'datadoghq.com',
  sessionSampleRate: 20,
  sessionReplaySampleRate: 20,
  defaultPrivacyLevel: 'mask-user-input',
} as const;

/** A percent 0–100; anything else (unset, blank) is the default. The build already rejected invalid values. */
function percent(raw: string | undefined, fallback: number): number {
  const value = raw?.trim() ? Number(raw) : Number.NaN;
  return Number.isFinite(value) && value >= 0 && value <= 100 ? value : fallback;
}

const trackingConsent = (consent: Consent | null) => (consent === 'granted' ? 'granted' : 'not-granted');

/** The `datadogRum.init` options: the spec defaults, PUBLIC_* overrides, consent as stored now. */
export function datadogInitOptions(env: DatadogEnv): RumInitConfiguration {
  return {
    applicationId: env.applicationId,
    clientToken: env.clientToken,
    site: env.site?.trim() || DATADOG_DEFAULTS.site,
    ...(env.service ? { service: env.service } : {}),
    ...(env.env ? { env: env.env } : {}),
    ...(env.version ? { version: env.version } : {}),
    sessionSampleRate: percent(env.sessionSampleRate, DATADOG_DEFAULTS.sessionSampleRate),
    sessionReplaySampleRate: percent(env.sessionReplaySampleRate, DATADOG_DEFAULTS.sessionReplaySampleRate),
    defaultPrivacyLevel: DATADOG_DEFAULTS.defaultPrivacyLevel,
    // Rule 33: without consent RUM collects nothing and sets no `_dd_s` cookie.
    trackingConsent: trackingConsent(getConsent()),
  };
}

/**
 * Rule 32: loads the RUM SDK (its own chunk; this module is itself loaded
 * lazily by start.ts, after idle) and starts it, then follows later consent
 * choices. Monitoring must never break the site: a failure is logged only.
 */
export async function startDatadog(env: DatadogEnv): Promise<void> {
  try {
    const { datadogRum } = await import('@datadog/browser-rum');
    datadogRum.init(datadogInitOptions(env));
    onConsentChange((consent) => datadogRum.setTrackingConsent(trackingConsent(consent)));
  } catch (error) {
    console.warn('[analytics] Datadog RUM did not start; the site works without it.', error);
  }
}
