import type { RumInitConfiguration } from '@datadog/browser-rum';
import type { DatadogConfig } from '../../shared/public-config.js';
import { getConsent, onConsentChange, type Consent } from './consent.js';

const trackingConsent = (consent: Consent | null) => (consent === 'granted' ? 'granted' : 'not-granted');

/** The `datadogRum.init` options: the parsed settings (defaults applied by the build), privacy per spec, consent as stored now. */
export function datadogInitOptions(config: DatadogConfig): RumInitConfiguration {
  return {
    applicationId: config.applicationId,
    clientToken: config.clientToken,
    site: config.site,
    ...(config.service ? { service: config.service } : {}),
    ...(config.env ? { env: config.env } : {}),
    ...(config.version ? { version: config.version } : {}),
    sessionSampleRate: config.sessionSampleRate,
    sessionReplaySampleRate: config.sessionReplaySampleRate,
    // Spec section 9: typed input is masked in replays.
    defaultPrivacyLevel: 'mask-user-input',
    // Rule 33: without consent RUM collects nothing and sets no `_dd_s` cookie.
    trackingConsent: trackingConsent(getConsent()),
  };
}

/**
 * Rule 32: loads the RUM SDK (its own chunk; this module is itself loaded
 * lazily by start.ts, after idle) and starts it, then follows later consent
 * choices. Monitoring must never break the site: a failure is logged only.
 */
export async function startDatadog(config: DatadogConfig): Promise<void> {
  try {
    const { datadogRum } = await import('@datadog/browser-rum');
    datadogRum.init(datadogInitOptions(config));
    onConsentChange((consent) => datadogRum.setTrackingConsent(trackingConsent(consent)));
  } catch (error) {
    console.warn('[analytics] Datadog RUM did not start; the site works without it.', error);
  }
}
