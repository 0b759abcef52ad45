/**
 * Every environment variable Marea's build, services, Netlify Functions and scripts read: the one
 * table docs/configuration.md and `.env.example` are generated from (`npm run docs:config`), and
 * that says which values are secret (never echoed in an error). The values themselves are parsed
 * and checked by the schemas: `loadConfig` (env.ts) and `loadServiceConfig` (service-env.ts);
 * test/docs/configuration.test.ts fails when a variable is read without being here, or is here
 * without a schema. The CMS's own variables (cms/config) follow Strapi's conventions and are in
 * docs/hosting-strapi.md.
 */

/** Who reads a variable. `tests` alone: a tool's knob, documented, not validated. */
type Reader = 'build' | 'webhook service' | 'Netlify function' | 'scripts' | 'tests';

export interface Variable {
  readonly name: string;
  readonly readers: readonly Reader[];
  /** What an unset variable means, in words (`.env.example` leaves it commented out). */
  readonly default: string;
  /** A value the schema accepts (placeholders in `<…>` for secrets). */
  readonly example: string;
  readonly secret: boolean;
  /** One line: what it is for. */
  readonly description: string;
  /** The section of the reference and of `.env.example`. */
  readonly group: Group;
}

export const GROUPS = ['The CMS', 'The site', 'Netlify (set by Netlify)', 'Analytics (reach the browser)', 'Publishing', 'Local servers', 'Tests and tools'] as const;
type Group = (typeof GROUPS)[number];

const BUILD_PATHS: readonly Reader[] = ['build', 'webhook service', 'Netlify function', 'scripts'];

export const VARIABLES: readonly Variable[] = [
  {
    name: 'CMS_URL',
    readers: BUILD_PATHS,
    default: 'none: the build reads `content-cache/`',
    example: 'https://cms.example.com',
    secret: false,
    description: "Strapi's origin (a path is kept); the build, `npm run webhook` and `content:pull` read the content from it",
    group: 'The CMS',
  },
  {
    name: 'CMS_TOKEN',
    readers: BUILD_PATHS,
    default: 'none',
    example: '<the build’s read-only API token>',
    secret: true,
    description: 'API token sent as `Authorization: Bearer …`; read-only, build time only, never in the browser',
    group: 'The CMS',
  },
  {
    name: 'CMS_LOCALES',
    readers: BUILD_PATHS,
    default: '`en:en,es:es-MX`',
    example: 'en:en,es:es-MX',
    secret: false,
    description: "the CMS's locale code of each site locale",
    group: 'The CMS',
  },
  {
    name: 'MEDIA_HOSTS',
    readers: BUILD_PATHS,
    default: "none: media only from `CMS_URL`'s origin",
    example: 'bucket.s3.amazonaws.com,cdn.example.com',
    secret: false,
    description: 'other hosts (`host` or `host:port`, comma-separated) media may be downloaded from, e.g. a cloud upload provider',
    group: 'The CMS',
  },
  {
    name: 'MEDIA_MAX_BYTES',
    readers: BUILD_PATHS,
    default: '`100MB`',
    example: '100MB',
    secret: false,
    description: 'the largest media file the build downloads (bytes, or with `KB`, `MB`, `GB`); a larger one is refused',
    group: 'The CMS',
  },
  {
    name: 'CMS_MAX_BYTES',
    readers: ['build', 'scripts'],
    default: '`50MB`',
    example: '50MB',
    secret: false,
    description: 'the largest CMS answer (JSON) the build reads (bytes, or with `KB`, `MB`, `GB`); a larger one fails the request, reading stops at the cap',
    group: 'The CMS',
  },
  {
    name: 'SITE_URL',
    readers: BUILD_PATHS,
    default: "`http://localhost:4173` locally; a production build takes Netlify's `URL`, else fails",
    example: 'https://www.example.com',
    secret: false,
    description: 'the public https origin: canonical, hreflang, sitemap, share cards and structured data',
    group: 'The site',
  },
  {
    name: 'DEFAULT_COUNTRY',
    readers: BUILD_PATHS,
    default: '`en:USA,es:MEX`',
    example: 'en:USA,es:MEX',
    secret: false,
    description: 'ISO alpha-3 country each locale renders for at build time (one code for both, or per locale)',
    group: 'The site',
  },
  {
    name: 'FORM_HOSTS',
    readers: BUILD_PATHS,
    default: 'none: CMS forms post to the site only (Netlify Forms)',
    example: 'forms.example.com,crm.example.com',
    secret: false,
    description:
      'hosts (`host` or `host:port`, comma-separated) CMS forms may post to over https; the CSP allows only these, and a form posting elsewhere is named in the build log',
    group: 'The site',
  },
  {
    name: 'BUILD_STRICT',
    readers: ['build', 'webhook service'],
    default: '`false`',
    example: 'true',
    secret: false,
    description: '`1`/`true`: an unknown block or an unreachable CMS fails the build (`npm run build -- --strict`)',
    group: 'The site',
  },
  {
    name: 'CONTEXT',
    readers: ['build'],
    default: 'none: a local build',
    example: 'production',
    secret: false,
    description: '`production` makes `npm run build` a production build; `deploy-preview`, `branch-deploy` a noindex preview',
    group: 'Netlify (set by Netlify)',
  },
  {
    name: 'URL',
    readers: ['build'],
    default: 'none',
    example: 'https://www.example.com',
    secret: false,
    description: "the site's main URL: a production build's origin when `SITE_URL` is not set",
    group: 'Netlify (set by Netlify)',
  },
  {
    name: 'DEPLOY_PRIME_URL',
    readers: ['build'],
    default: 'none',
    example: 'https://deploy-preview-42--marea.netlify.app',
    secret: false,
    description: "a deploy preview's or branch deploy's own URL, its origin there",
    group: 'Netlify (set by Netlify)',
  },
  {
    name: 'PUBLIC_GTM_ID',
    readers: ['build'],
    default: 'none: no Google Tag Manager',
    example: 'GTM-ABC1234',
    secret: false,
    description: 'Google Tag Manager container id (after cookie consent; added to the CSP)',
    group: 'Analytics (reach the browser)',
  },
  {
    name: 'PUBLIC_DATADOG_APPLICATION_ID',
    readers: ['build'],
    default: 'none: no Datadog RUM',
    example: '<Datadog RUM application id>',
    secret: false,
    description: 'Datadog RUM application; RUM is on only with the client token too',
    group: 'Analytics (reach the browser)',
  },
  {
    name: 'PUBLIC_DATADOG_CLIENT_TOKEN',
    readers: ['build'],
    default: 'none: no Datadog RUM',
    example: '<Datadog client token>',
    secret: true,
    description: 'Datadog RUM client token (public by design, in every page; kept out of error messages all the same)',
    group: 'Analytics (reach the browser)',
  },
  {
    name: 'PUBLIC_DATADOG_SITE',
    readers: ['build'],
    default: '`datadoghq.com`',
    example: 'datadoghq.eu',
    secret: false,
    description: "Datadog site; its intake is added to the CSP's `connect-src`",
    group: 'Analytics (reach the browser)',
  },
  {
    name: 'PUBLIC_DATADOG_SERVICE',
    readers: ['build'],
    default: 'none',
    example: 'marea-site',
    secret: false,
    description: 'Datadog RUM service name',
    group: 'Analytics (reach the browser)',
  },
  {
    name: 'PUBLIC_DATADOG_ENV',
    readers: ['build'],
    default: 'none',
    example: 'production',
    secret: false,
    description: 'Datadog RUM environment',
    group: 'Analytics (reach the browser)',
  },
  {
    name: 'PUBLIC_DATADOG_VERSION',
    readers: ['build'],
    default: 'none',
    example: '1.0.0',
    secret: false,
    description: 'Datadog RUM version',
    group: 'Analytics (reach the browser)',
  },
  {
    name: 'PUBLIC_DATADOG_SESSION_SAMPLE_RATE',
    readers: ['build'],
    default: '`20`',
    example: '20',
    secret: false,
    description: 'percent of sessions Datadog RUM records',
    group: 'Analytics (reach the browser)',
  },
  {
    name: 'PUBLIC_DATADOG_SESSION_REPLAY_SAMPLE_RATE',
    readers: ['build'],
    default: '`20`',
    example: '0',
    secret: false,
    description: 'percent of those sessions replayed (above 0 adds `worker-src blob:` to the CSP)',
    group: 'Analytics (reach the browser)',
  },
  {
    name: 'MAREA_REPORT_TOKEN',
    readers: ['build', 'webhook service', 'scripts'],
    default: "none: no build report; `npm run webhook` takes the local CMS's",
    example: '<the CMS’s report token>',
    secret: true,
    description: "the CMS's report token: each build posts its outcome to the admin's Publishing page",
    group: 'Publishing',
  },
  {
    name: 'WEBHOOK_SECRET',
    readers: ['webhook service', 'Netlify function', 'scripts'],
    default: 'made once into `.marea/webhook-secrets.json` (local use); the Netlify Function answers 503 without it',
    example: '<openssl rand -hex 32>',
    secret: true,
    description: "the bearer secret of Strapi's webhook to `/hooks/strapi` (at least 16 characters)",
    group: 'Publishing',
  },
  {
    name: 'NETLIFY_BUILD_HOOK',
    readers: ['Netlify function'],
    default: 'none: the Netlify Function answers 503',
    example: 'https://api.netlify.com/build_hooks/<id>',
    secret: true,
    description: "the site's build hook, which the webhook function triggers on a publish",
    group: 'Publishing',
  },
  {
    name: 'PREVIEW_SECRET',
    readers: ['webhook service', 'scripts'],
    default: 'made once into `.marea/webhook-secrets.json`',
    example: '<openssl rand -hex 32>',
    secret: true,
    description: "the key `npm run webhook`'s draft preview links are signed with (at least 32 characters; the links carry an expiring token, never it)",
    group: 'Publishing',
  },
  {
    name: 'MAREA_PREVIEW_SECRET',
    readers: ['Netlify function'],
    default: 'none: the preview function answers 503',
    example: '<openssl rand -hex 32>',
    secret: true,
    description: "the key the CMS signs draft preview links with and the preview function checks (at least 32 characters; the CMS's own too)",
    group: 'Publishing',
  },
  {
    name: 'WEBHOOK_PORT',
    readers: ['webhook service', 'scripts'],
    default: '`4174`',
    example: '4174',
    secret: false,
    description: "`npm run webhook`'s port (`npm run cms` points Strapi's webhook and preview at it)",
    group: 'Local servers',
  },
  {
    name: 'WEBHOOK_HOST',
    readers: ['webhook service'],
    default: '`127.0.0.1`',
    example: '127.0.0.1',
    secret: false,
    description: "`npm run webhook`'s address",
    group: 'Local servers',
  },
  {
    name: 'CMS_PORT',
    readers: ['scripts', 'webhook service'],
    default: '`1337`',
    example: '1337',
    secret: false,
    description: "`npm run cms`'s port on 127.0.0.1 (and where `npm run webhook` finds it without `CMS_URL`)",
    group: 'Local servers',
  },
  {
    name: 'MAREA_CMS_STATE',
    readers: ['scripts', 'webhook service'],
    default: '`cms/.env` and `cms/.tmp/`, secrets in `.marea/`',
    example: '/var/tmp/marea-cms',
    secret: false,
    description: "a folder for `npm run cms`'s secrets, database, uploads and login, instead of the editors' (the tests use it)",
    group: 'Local servers',
  },
  {
    name: 'PORT',
    readers: ['scripts'],
    default: '`4173`',
    example: '4173',
    secret: false,
    description: "`npm run preview`'s (and `npm start`'s) port",
    group: 'Local servers',
  },
  {
    name: 'HOST',
    readers: ['scripts'],
    default: '`127.0.0.1`',
    example: '127.0.0.1',
    secret: false,
    description: "`npm run preview`'s address",
    group: 'Local servers',
  },
  {
    name: 'CHROME_PATH',
    readers: ['tests'],
    default: '`/usr/bin/chromium`',
    example: '/usr/bin/chromium',
    secret: false,
    description: 'Chromium for the browser tests, `npm run docs:editors` and `bench:lighthouse`',
    group: 'Tests and tools',
  },
  {
    name: 'POSTGRES_BIN',
    readers: ['tests'],
    default: "Debian's `/usr/lib/postgresql/<version>/bin`",
    example: '/usr/lib/postgresql/17/bin',
    secret: false,
    description: "PostgreSQL's programs for the CMS's PostgreSQL test",
    group: 'Tests and tools',
  },
  {
    name: 'MAREA_TEST_POSTGRES_URL',
    readers: ['tests'],
    default: 'none: the test starts a throwaway server of its own',
    example: 'postgres://postgres:postgres@localhost:5432/postgres',
    secret: false,
    description: "a server for the CMS's PostgreSQL test instead of its own (CI's service container): the test makes and drops a database there",
    group: 'Tests and tools',
  },
];

/** Names whose values are never echoed (error messages say `"…"`). */
export const SECRET_VARIABLES: ReadonlySet<string> = new Set(VARIABLES.filter((variable) => variable.secret).map((variable) => variable.name));
