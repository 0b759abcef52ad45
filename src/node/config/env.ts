import { z } from 'zod';
import type { Locale } from '../../shared/model.js';
import { DATADOG_DEFAULTS, type DatadogConfig, type PublicConfig } from '../../shared/public-config.js';
import { ConfigError, type ConfigIssue } from './config-error.js';
import { configError, variable } from './schema.js';
import { DEFAULT_CMS_MAX_BYTES } from '../cms/capped-body.js';
import { PREVIEW_SECRET_MIN_LENGTH } from '../../../cms/src/plugins/marea/server/preview-token.js';

export { ConfigError } from './config-error.js';

/** The build configuration, parsed once from the environment and frozen. */
export interface Config {
  /** CMS origin (`CMS_URL`) without trailing slash; null = build from `content-cache/` only. */
  readonly cmsUrl: string | null;
  /** API token (`CMS_TOKEN`), build time only: never put it in `public`. */
  readonly cmsToken: string | null;
  /**
   * The CMS's report token (`MAREA_REPORT_TOKEN`): builds post their report to
   * the CMS's Marea plugin with it (docs/publishing.md). Null: no report.
   */
  readonly reportToken: string | null;
  /**
   * `MAREA_PREVIEW_SECRET`, at least 32 characters: the key the draft preview's
   * links are signed with (Strapi's admin) and checked with (the Netlify Function
   * netlify/functions/preview.ts). Null: the function answers 503.
   */
  readonly previewSecret: string | null;
  /** Site locale → CMS locale code (`CMS_LOCALES`). Default `{ en: 'en', es: 'es-MX' }`. */
  readonly cmsLocales: Readonly<Record<Locale, string>>;
  /**
   * Absolute public origin, no trailing slash: `SITE_URL`; in a production build without it,
   * Netlify's `URL`; in a deploy preview or branch deploy, Netlify's `DEPLOY_PRIME_URL`.
   * Default (local builds only) `http://localhost:4173`.
   */
  readonly siteUrl: string;
  /**
   * What the build is for (docs/deploying.md). `production`: `--production` or Netlify's
   * `CONTEXT=production`; `siteUrl` is then a public https origin, never localhost.
   * `preview`: Netlify's `CONTEXT=deploy-preview` or `branch-deploy`, published noindex.
   * `local`: everything else (`npm start`, the tests, CI, every script but the build).
   */
  readonly deploy: DeployKind;
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
  /** Hosts CMS forms may post to over https (`FORM_HOSTS`, as `MEDIA_HOSTS`): the CSP's `form-action` and `connect-src` allow these only. Default none. */
  readonly formHosts: readonly string[];
  /** Largest media file the build downloads, in bytes (`MEDIA_MAX_BYTES`; `100MB`, `2GB`, `500KB` or plain bytes). Default 100 MB. */
  readonly mediaMaxBytes: number;
  /** Largest CMS answer (JSON) the build reads, in bytes (`CMS_MAX_BYTES`, written like `MEDIA_MAX_BYTES`). Default 50 MB. */
  readonly cmsMaxBytes: number;
  readonly public: PublicConfig;
}

/** What a build publishes for (`Config.deploy`). */
type DeployKind = 'production' | 'preview' | 'local';

/** What the build entry says of itself (scripts/build.ts); without it a configuration is `local` whatever CONTEXT says. */
export interface BuildOptions {
  /** `npm run build -- --production`. */
  production: boolean;
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

const SITE_URL_EXPECTED = 'an absolute http(s) origin such as "https://www.example.com" (no path, query or hash)';
/** Where `npm start` serves the site (`npm run preview`): the public origin of a local build. */
const LOCAL_SITE_URL = 'http://localhost:4173';
/** Netlify's `CONTEXT` of builds that are not the site: published, but noindex at their own URL. */
const PREVIEW_CONTEXTS = new Set(['deploy-preview', 'branch-deploy']);

const envSchema = z.object({
  CMS_URL: variable('an http(s) URL such as "http://127.0.0.1:1337"', (v) => httpUrl(v, true), null),
  CMS_TOKEN: text(),
  MAREA_REPORT_TOKEN: text(),
  MAREA_PREVIEW_SECRET: variable(
    `at least ${PREVIEW_SECRET_MIN_LENGTH} random characters (openssl rand -hex 32)`,
    (v) => (v.length >= PREVIEW_SECRET_MIN_LENGTH ? v : null),
    null as string | null,
  ),
  CMS_LOCALES: variable('"en:<code>,es:<code>" (e.g. "en:en,es:es-MX")', (v) => perLocale(v, CMS_LOCALE_CODE), { en: 'en', es: 'es-MX' }),
  SITE_URL: variable(SITE_URL_EXPECTED, (v) => httpUrl(v, false), null as string | null),
  // Netlify's build environment (docs/deploying.md): read by the build entry only (`BuildOptions`), checked there.
  CONTEXT: text(),
  URL: text(),
  DEPLOY_PRIME_URL: text(),
  DEFAULT_COUNTRY: variable('"en:<ISO alpha-3>,es:<ISO alpha-3>" (e.g. "en:USA,es:MEX") or one alpha-3 code for both', countries, { en: 'USA', es: 'MEX' }),
  BUILD_STRICT: variable('"1", "true", "0" or "false"', (v) => STRICT_VALUES.get(v.toLowerCase()) ?? null, false),
  MEDIA_HOSTS: variable('comma-separated host names, each optionally with :port (e.g. "bucket.s3.amazonaws.com,cdn.example.com")', hostList, [] as string[]),
  FORM_HOSTS: variable('comma-separated host names, each optionally with :port (e.g. "forms.example.com,crm.example.com")', hostList, [] as string[]),
  MEDIA_MAX_BYTES: variable('a positive size in bytes, or with KB, MB or GB (e.g. "100MB")', byteSize, DEFAULT_MEDIA_MAX_BYTES),
  CMS_MAX_BYTES: variable('a positive size in bytes, or with KB, MB or GB (e.g. "50MB")', byteSize, DEFAULT_CMS_MAX_BYTES),
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

/** Every variable the build reads (test/docs/configuration.test.ts checks them against src/node/config/variables.ts). */
export const BUILD_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

/** Every `PUBLIC_*` variable the build reads: the browser's configuration (docs/deploying.md lists them for Netlify). */
export const PUBLIC_VARIABLES: readonly string[] = Object.keys(envSchema.shape).filter((key) => key.startsWith('PUBLIC_'));

/**
 * A loopback or unspecified host (`localhost`, `*.localhost`, 127.0.0.0/8, `::1`, `0.0.0.0`, `::`,
 * an IPv4-mapped loopback), as URL.hostname writes it: no visitor can reach the site there.
 */
function isLoopback(hostname: string): boolean {
  return /^(localhost|.+\.localhost|127(\.\d+){3}|0\.0\.0\.0|\[::1?\]|\[::ffff:(7f[0-9a-f]{2}:[0-9a-f]{1,4}|0:0)\])$/.test(hostname);
}

/**
 * The build's kind and public origin (`Config.deploy`, `Config.siteUrl`), or what is wrong. A
 * production build publishes an https origin a visitor can reach: SITE_URL, else Netlify's URL;
 * it fails naming SITE_URL rather than publish localhost in canonical, hreflang, sitemap, share
 * cards and structured data.
 */
function resolveDeploy(env: Env, raw: Record<string, string | undefined>, build: BuildOptions | undefined): { deploy: DeployKind; siteUrl: string } | ConfigIssue[] {
  const context = build ? env.CONTEXT : null;
  const preview = context !== null && PREVIEW_CONTEXTS.has(context);
  if (build?.production && preview) {
    return [{ key: 'CONTEXT', expected: 'no `--production` flag in a Netlify deploy preview or branch deploy (CONTEXT decides there)', received: JSON.stringify(context) }];
  }
  if (preview) {
    const prime = env.DEPLOY_PRIME_URL === null ? null : httpUrl(env.DEPLOY_PRIME_URL, false);
    if (env.DEPLOY_PRIME_URL !== null && prime === null) return [{ key: 'DEPLOY_PRIME_URL', expected: SITE_URL_EXPECTED, received: JSON.stringify(env.DEPLOY_PRIME_URL) }];
    return { deploy: 'preview', siteUrl: prime ?? env.SITE_URL ?? LOCAL_SITE_URL };
  }
  if (!build?.production && context !== 'production') return { deploy: 'local', siteUrl: env.SITE_URL ?? LOCAL_SITE_URL };
  const fromNetlify = env.SITE_URL === null && env.URL !== null;
  const siteUrl = env.SITE_URL ?? (env.URL === null ? null : httpUrl(env.URL, false));
  const set = env.SITE_URL === null ? env.URL : raw.SITE_URL!.trim();
  if (siteUrl !== null && new URL(siteUrl).protocol === 'https:' && !isLoopback(new URL(siteUrl).hostname)) return { deploy: 'production', siteUrl };
  return [
    {
      key: 'SITE_URL',
      expected: `the site's public https origin for a production build (--production or CONTEXT=production), not localhost, e.g. "https://www.example.com"`,
      received: set === null ? undefined : `${JSON.stringify(set)}${fromNetlify ? " (Netlify's URL; SITE_URL is not set)" : ''}`,
    },
  ];
}

function toConfig(env: Env, site: { deploy: DeployKind; siteUrl: string }): Config {
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
    previewSecret: env.MAREA_PREVIEW_SECRET,
    cmsLocales: Object.freeze(env.CMS_LOCALES),
    siteUrl: site.siteUrl,
    deploy: site.deploy,
    defaultCountry: Object.freeze(env.DEFAULT_COUNTRY),
    strict: env.BUILD_STRICT,
    mediaHosts: Object.freeze([...env.MEDIA_HOSTS]),
    formHosts: Object.freeze([...env.FORM_HOSTS]),
    mediaMaxBytes: env.MEDIA_MAX_BYTES,
    cmsMaxBytes: env.CMS_MAX_BYTES,
    public: Object.freeze({ gtmId: env.PUBLIC_GTM_ID, datadog }),
  });
}

/**
 * Parses the environment into a frozen `Config`. Call it once, at the entry
 * point, and pass the result down. Throws one `ConfigError` listing every
 * invalid variable. `build` (the build script only) makes Netlify's CONTEXT
 * and the `--production` flag count: without it the configuration is `local`.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env, build?: BuildOptions): Config {
  const result = envSchema.safeParse(env);
  if (result.success) {
    const site = resolveDeploy(result.data, env, build);
    if (Array.isArray(site)) throw new ConfigError(site);
    return toConfig(result.data, site);
  }
  throw configError(result.error, env);
}
