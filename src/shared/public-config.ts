/**
 * The part of the configuration the browser may see (`PUBLIC_*`), parsed
 * once by the build (src/node/config/env.ts) and compiled into the bundle
 * as these typed values (src/node/build/bundle.ts, read by
 * src/client/analytics/start.ts): the browser never parses them again.
 */

/** Datadog RUM settings (spec section 3). */
export interface DatadogConfig {
  readonly applicationId: string;
  readonly clientToken: string;
  /** Default `datadoghq.com`. */
  readonly site: string;
  readonly service: string | null;
  readonly env: string | null;
  readonly version: string | null;
  /** Percent of sessions tracked, 0–100. Default 20. */
  readonly sessionSampleRate: number;
  /** Percent of tracked sessions with replay, 0–100. Default 20. */
  readonly sessionReplaySampleRate: number;
}

export interface PublicConfig {
  /** Google Tag Manager container id; null = off. */
  readonly gtmId: string | null;
  /** Null unless both application id and client token are set. */
  readonly datadog: DatadogConfig | null;
}

/** Spec section 9 / rule 32: the monitoring defaults when a setting is not configured. */
export const DATADOG_DEFAULTS = { site: 'datadoghq.com', sessionSampleRate: 20, sessionReplaySampleRate: 20 } as const;

/**
 * The globals the bundle reads the public configuration from: the build
 * replaces each with its JSON value (Vite `define`), so in a build without
 * GTM or Datadog the code that starts them is dead and dropped (rules 31, 32).
 */
export const PUBLIC_CONFIG_GLOBALS = { gtmId: '__MAREA_GTM_ID__', datadog: '__MAREA_DATADOG__' } as const satisfies Record<keyof PublicConfig, string>;

/**
 * The meta tag (`<meta name="marea-preview">`) a draft preview carries
 * (src/node/webhook/preview.ts): analytics never start on it, so a preview's
 * link and its draft never reach GTM's dataLayer or Datadog RUM.
 */
export const PREVIEW_MARKER = 'marea-preview';
