import { z } from 'zod';
import { configError, variable } from './schema.js';
import { SECRET_MIN_LENGTH } from './secret-length.js';

/**
 * The configuration of Marea's services and local servers (`npm run webhook`, `npm run cms`,
 * `npm run preview`, the Strapi webhook's Netlify Function), parsed once at their entry as the
 * build's is (`loadConfig`): every invalid variable listed together, secrets never echoed.
 */
export interface ServiceConfig {
  /** `npm run webhook`'s port (`WEBHOOK_PORT`). Default 4174. */
  readonly webhookPort: number;
  /** `npm run webhook`'s address (`WEBHOOK_HOST`). Default 127.0.0.1. */
  readonly webhookHost: string;
  /** Strapi webhook's bearer secret (`WEBHOOK_SECRET`); null: made locally, or the Netlify Function answers 503. */
  readonly webhookSecret: string | null;
  /** `npm run webhook`'s draft preview secret (`PREVIEW_SECRET`); null: made locally. */
  readonly previewSecret: string | null;
  /** The build hook the Netlify Function triggers (`NETLIFY_BUILD_HOOK`); null: it answers 503. */
  readonly netlifyBuildHook: string | null;
  /** `npm run cms`'s port (`CMS_PORT`). Default 1337. */
  readonly cmsPort: number;
  /** A folder for `npm run cms`'s state (`MAREA_CMS_STATE`); null: cms/ and .marea/. */
  readonly cmsState: string | null;
  /** `npm run preview`'s port and address (`PORT`, `HOST`). Default 4173 on 127.0.0.1. */
  readonly previewPort: number;
  readonly previewHost: string;
}

const port = (fallback: number) =>
  variable(
    'a TCP port from 1 to 65535',
    (value) => {
      const number = Number(value);
      return /^\d+$/.test(value) && number >= 1 && number <= 65535 ? number : null;
    },
    fallback,
  );
const host = (fallback: string) =>
  variable('a host name or IP address to listen on, such as "127.0.0.1" or "0.0.0.0"', (value) => (/^[\w.:[\]-]+$/.test(value) ? value : null), fallback);
const secret = () =>
  variable(
    `at least ${SECRET_MIN_LENGTH} random characters (openssl rand -hex 32)`,
    (value) => (value.trim().length >= SECRET_MIN_LENGTH ? value.trim() : null),
    null as string | null,
  );

const serviceSchema = z.object({
  WEBHOOK_PORT: port(4174),
  WEBHOOK_HOST: host('127.0.0.1'),
  WEBHOOK_SECRET: secret(),
  PREVIEW_SECRET: secret(),
  NETLIFY_BUILD_HOOK: variable(
    'an http(s) URL such as "https://api.netlify.com/build_hooks/<id>"',
    (value) => (/^https?:$/.test(URL.parse(value)?.protocol ?? '') ? value : null),
    null as string | null,
  ),
  CMS_PORT: port(1337),
  MAREA_CMS_STATE: variable('a folder', (value) => value, null as string | null),
  PORT: port(4173),
  HOST: host('127.0.0.1'),
});

/** The variables this schema reads (test/docs/configuration.test.ts checks them against the table). */
export const SERVICE_VARIABLES: readonly string[] = Object.keys(serviceSchema.shape);

/** Parses the services' variables into a frozen `ServiceConfig`; throws one `ConfigError` listing every invalid one. */
export function loadServiceConfig(env: Record<string, string | undefined> = process.env): ServiceConfig {
  const result = serviceSchema.safeParse(env);
  if (!result.success) throw configError(result.error, env);
  const v = result.data;
  return Object.freeze({
    webhookPort: v.WEBHOOK_PORT,
    webhookHost: v.WEBHOOK_HOST,
    webhookSecret: v.WEBHOOK_SECRET,
    previewSecret: v.PREVIEW_SECRET,
    netlifyBuildHook: v.NETLIFY_BUILD_HOOK,
    cmsPort: v.CMS_PORT,
    cmsState: v.MAREA_CMS_STATE,
    previewPort: v.PORT,
    previewHost: v.HOST,
  });
}
