import { z } from 'zod';
import type { Locale } from '../../shared/model.js';
import { DATADOG_DEFAULTS, type DatadogConfig, type PublicConfig } from '../../shared/public-config.js';
import { ConfigError, type ConfigIssue } from './config-error.js';

export { ConfigError } from './config-error.js';

/** The build configuration, parsed once from the environment and frozen. */
export interface Config {
  /** CMS origin (`CMS_URL`) without trailing slash; null = build from `content-cache/` only. */
  readonly cmsUrl: string | null;
  /** API token (`CMS_TOKEN`), build time only: never put it in `public`. */
  readonly cmsToken: string | null;
  /**
   * The CMS's report token (`MAREA_REPORT_TOKEN`): builds post their report to
   * the CMS's Marea plugin with it (README, "Publishing"). Null: no report.
   */
  readonly reportToken: string | null;
  /** Site locale → CMS locale code (`CMS_LOCALES`). Default `{ en: 'en', es: 'es-MX' }`. */
  readonly cmsLocales: Readonly<Record<Locale, string>>;
  /** Absolute public origin (`SITE_URL`), no trailing slash. Default `http://localhost:4173`. */
  readonly siteUrl: string;
  /** ISO alpha-3 country assumed at build time per locale (`DEFAULT_COUNTRY`). Default `{ en: 'USA', es: 'MEX' }`. */
  readonly defaultCountry: Readonly<Record<Locale, string>>;
  /** `BUILD_STRICT`: unknown blocks and an unreachable CMS fail the build. Default false. */
  readonly strict: boolean;
  /**
   * Hosts media may be downloaded from besides the CMS origin (`MEDIA_HOSTS`:
   * comma-separated `host` or `host:port`, lower case, as URL.host writes
   * them), e.g. an S3 bucket or CDN. Default none.
   */
  readonly mediaHosts: readonly string[];
  /** Largest media file the build downloads, in bytes (`MEDIA_MAX_BYTES`; `100MB`, `2GB`, `500KB` or plain bytes). Default 100 MB. */
  readonly mediaMaxBytes: number;
  readonly public: PublicConfig;
}

/** Unset and blank variables are the same thing: `CMS_URL=` in a .env file means "no CMS". */
const blankToUndefined = (value: unknown): unknown => (typeof value === 'string' ? value.trim() || undefined : value);

/** A variable with a default: `parse` returns null for an invalid value, reported as `expected`. */
function variable<T>(expected: string, parse: (value: string) => T | null, fallback: T) {
  return z.preprocess(
    blankToUndefined,
    z
      .string()
      .optional()
      .transform((value, ctx): T => {
        if (value === undefined) return fallback;
        const parsed = parse(value);
        if (parsed === null) {
          ctx.addIssue(expected);
          return z.NEVER;
        }
        return parsed;
      }),
  );
}

const text = () => variable('a string', (value) => value, null as string | null);

function httpUrl(value: string, allowPath: boolean): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const plain = !url.search && !url.hash && !url.username && !url.password;
  if (!/^https?:$/.test(url.protocol) || !plain || (!allowPath && url.pathname !== '/')) return null;
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** `en:<a>,es:<b>` in any order, both site locales exactly once. */
function perLocale(value: string, code: RegExp): Record<Locale, string> | null {
  const result: Partial<Record<Locale, string>> = {};
  for (const part of value.split(',')) {
    const match = /^\s*(en|es)\s*:\s*(\S+)\s*$/.exec(part);
    const locale = match?.[1] as Locale | undefined;
    if (!match?.[2] || !locale || result[locale] !== undefined || !code.test(match[2])) return null;
    result[locale] = match[2];
  }
  return result.en && result.es ? { en: result.en, es: result.es } : null;
}

/** `host` or `host:port` each, comma-separated: a DNS name, an IPv4 address or a bracketed IPv6 address; no scheme, path or wildcard. */
function hostList(value: string): string[] | null {
  const hosts: string[] = [];
  for (const entry of value.split(',').map((part) => part.trim().toLowerCase())) {
    if (!entry) continue;
    if (!/^([a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(:\d{1,5})?$/.test(entry)) return null;
    let url: URL;
    try {
      url = new URL(`http://${entry}/`);
    } catch {
      return null;
    }
    // The form URL.host gives (a default port dropped, IPv6 shortened) is what downloads compare with.
    if (!hosts.includes(url.host)) hosts.push(url.host);
  }
  return hosts.length > 0 ? hosts : null;
}

const BYTE_UNITS = new Map([
  ['', 1],
  ['b', 1],
  ['kb', 1_000],
  ['mb', 1_000_000],
  ['gb', 1_000_000_000],
]);

/** A positive size: plain bytes or with a decimal unit (`KB`, `MB`, `GB`). */
function byteSize(value: string): number | null {
  const match = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(value);
  const unit = match ? BYTE_UNITS.get(match[2]!.toLowerCase()) : undefined;
  if (!match || unit === undefined) return null;
  const bytes = Math.floor(Number(match[1]) * unit);
  return bytes > 0 && Number.isSafeInteger(bytes) ? bytes : null;
}

/** Default `MEDIA_MAX_BYTES`: 100 MB, a long hero video; a 2 GB file is refused, not written to disk. */
const DEFAULT_MEDIA_MAX_BYTES = 100_000_000;

const STRICT_VALUES = new Map([
  ['1', true],
  ['true', true],
  ['0', false],
  ['false', false],
]);
const CMS_LOCALE_CODE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;
const ALPHA3 = /^[A-Za-z]{3}$/;

function countries(value: string): Record<Locale, string> | null {
  if (ALPHA3.test(value)) return { en: value.toUpperCase(), es: value.toUpperCase() };
  const pair = perLocale(value, ALPHA3);
  return pair && { en: pair.en.toUpperCase(), es: pair.es.toUpperCase() };
}

function sampleRate(fallback: number) {
  return variable(
    'a number from 0 to 100',
    (value) => {
      const rate = Number(value);
      return Number.isFinite(rate) && rate >= 0 && rate <= 100 ? rate : null;
    },
    fallback,
  );
}

const envSchema = z.object({
  CMS_URL: variable('an http(s) URL such as "http://127.0.0.1:1337"', (v) => httpUrl(v, true), null),
  CMS_TOKEN: text(),
  MAREA_REPORT_TOKEN: text(),
  CMS_LOCALES: variable('"en:<code>,es:<code>" (e.g. "en:en,es:es-MX")', (v) => perLocale(v, CMS_LOCALE_CODE), { en: 'en', es: 'es-MX' }),
  SITE_URL: variable('an absolute http(s) origin such as "https://www.example.com" (no path, query or hash)', (v) => httpUrl(v, false), 'http://localhost:4173'),
  DEFAULT_COUNTRY: variable('"en:<ISO alpha-3>,es:<ISO alpha-3>" (e.g. "en:USA,es:MEX") or one alpha-3 code for both', countries, { en: 'USA', es: 'MEX' }),
  BUILD_STRICT: variable('"1", "true", "0" or "false"', (v) => STRICT_VALUES.get(v.toLowerCase()) ?? null, false),
  MEDIA_HOSTS: variable('comma-separated host names, each optionally with :port (e.g. "bucket.s3.amazonaws.com,cdn.example.com")', hostList, [] as string[]),
  MEDIA_MAX_BYTES: variable('a positive size in bytes, or with KB, MB or GB (e.g. "100MB")', byteSize, DEFAULT_MEDIA_MAX_BYTES),
  PUBLIC_GTM_ID: variable('a Google Tag Manager container id such as "GTM-ABC1234"', (v) => (/^GTM-[A-Z0-9]{4,12}$/i.test(v) ? v.toUpperCase() : null), null as string | null),
  PUBLIC_DATADOG_APPLICATION_ID: text(),
  PUBLIC_DATADOG_CLIENT_TOKEN: text(),
  PUBLIC_DATADOG_SITE: variable(
    'a Datadog site host such as "datadoghq.com" or "datadoghq.eu"',
    (v) => (/^[a-z0-9]+([.-][a-z0-9]+)*\.[a-z]{2,}$/i.test(v) ? v.toLowerCase() : null),
    DATADOG_DEFAULTS.site,
  ),
  PUBLIC_DATADOG_SERVICE: text(),
  PUBLIC_DATADOG_ENV: text(),
  PUBLIC_DATADOG_VERSION: text(),
  PUBLIC_DATADOG_SESSION_SAMPLE_RATE: sampleRate(DATADOG_DEFAULTS.sessionSampleRate),
  PUBLIC_DATADOG_SESSION_REPLAY_SAMPLE_RATE: sampleRate(DATADOG_DEFAULTS.sessionReplaySampleRate),
});

type Env = z.output<typeof envSchema>;

/** Values of these are never echoed in error messages. */
const SECRET_KEYS = new Set(['CMS_TOKEN', 'MAREA_REPORT_TOKEN', 'PUBLIC_DATADOG_CLIENT_TOKEN']);

function toConfig(env: Env): Config {
  const datadog: DatadogConfig | null =
    env.PUBLIC_DATADOG_APPLICATION_ID && env.PUBLIC_DATADOG_CLIENT_TOKEN
      ? Object.freeze({
          applicationId: env.PUBLIC_DATADOG_APPLICATION_ID,
          clientToken: env.PUBLIC_DATADOG_CLIENT_TOKEN,
          site: env.PUBLIC_DATADOG_SITE,
          service: env.PUBLIC_DATADOG_SERVICE,
          env: env.PUBLIC_DATADOG_ENV,
          version: env.PUBLIC_DATADOG_VERSION,
          sessionSampleRate: env.PUBLIC_DATADOG_SESSION_SAMPLE_RATE,
          sessionReplaySampleRate: env.PUBLIC_DATADOG_SESSION_REPLAY_SAMPLE_RATE,
        })
      : null;
  return Object.freeze({
    cmsUrl: env.CMS_URL,
    cmsToken: env.CMS_TOKEN,
    reportToken: env.MAREA_REPORT_TOKEN,
    cmsLocales: Object.freeze(env.CMS_LOCALES),
    siteUrl: env.SITE_URL,
    defaultCountry: Object.freeze(env.DEFAULT_COUNTRY),
    strict: env.BUILD_STRICT,
    mediaHosts: Object.freeze([...env.MEDIA_HOSTS]),
    mediaMaxBytes: env.MEDIA_MAX_BYTES,
    public: Object.freeze({ gtmId: env.PUBLIC_GTM_ID, datadog }),
  });
}

/**
 * Parses the environment into a frozen `Config`. Call it once, at the entry
 * point, and pass the result down. Throws one `ConfigError` listing every
 * invalid variable.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = envSchema.safeParse(env);
  if (result.success) return toConfig(result.data);
  const issues: ConfigIssue[] = result.error.issues.map((issue) => {
    const key = String(issue.path[0]);
    const raw = env[key];
    return {
      key,
      expected: issue.message,
      received: raw === undefined ? undefined : SECRET_KEYS.has(key) ? '"…"' : JSON.stringify(raw),
    };
  });
  throw new ConfigError(issues);
}
