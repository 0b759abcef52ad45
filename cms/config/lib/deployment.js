'use strict';

/**
 * How cms/config reads its deployment from the environment (Strapi's own
 * variable names; docs/hosting-strapi.md lists them). A file under
 * config/lib/: Strapi loads only the files directly in config/ as
 * configuration.
 *
 * Local use (`npm run cms`, the tests and benches: src/node/cms-server/start.ts
 * sets MAREA_CMS_LOCAL=true, and `strapi develop`, which is not production)
 * gets its secrets from start.ts, which makes them once per machine. A
 * production start (NODE_ENV=production without that flag) takes them from
 * the environment only, and refuses to start without them.
 */

/** What a production start cannot do without: Strapi's secrets and the public URL the admin and the CORS list are built from. */
const REQUIRED_IN_PRODUCTION = ['APP_KEYS', 'ADMIN_JWT_SECRET', 'API_TOKEN_SALT', 'TRANSFER_TOKEN_SALT', 'ENCRYPTION_KEY', 'JWT_SECRET', 'PUBLIC_URL'];

/** Whether this start is local use rather than a deployed CMS; `env(name)` reads a variable (Strapi's helper, or process.env's). */
const isLocal = (env) => env('MAREA_CMS_LOCAL') === 'true' || env('NODE_ENV') !== 'production';

/** Throws naming every required variable that is missing, on a production start; nothing on a local one. */
function requireProductionEnv(env) {
  if (isLocal(env)) return;
  const missing = REQUIRED_IN_PRODUCTION.filter((name) => !env(name));
  if (missing.length === 0) return;
  throw new Error(
    `The CMS does not start in production without ${missing.join(', ')}. Set ${missing.length === 1 ? 'it' : 'them'} in its environment ` +
      '(docs/hosting-strapi.md, "Environment"; make a secret with `openssl rand -base64 32`, APP_KEYS takes several, comma-separated).',
  );
}

/** The CMS's public URL (Strapi's `url`): PUBLIC_URL, else where it listens (local use). */
const publicUrl = (env) => env('PUBLIC_URL') || `http://${env('HOST', '127.0.0.1')}:${env.int('PORT', 1337)}`;

const originOf = (url) => {
  try {
    return new URL(url).origin;
  } catch {
    throw new Error(`Not a URL: "${url}" (the CMS's PUBLIC_URL and SITE_URL are absolute, e.g. https://cms.example.com).`);
  }
};

/**
 * The origins a browser may call the CMS from, credentials included: the
 * admin's own (PUBLIC_URL) and the site's (SITE_URL). Local use adds the
 * loopback names of the same port, which browsers treat as other origins.
 */
function corsOrigins(env) {
  const origins = [originOf(publicUrl(env))];
  if (env('SITE_URL')) origins.push(originOf(env('SITE_URL')));
  if (isLocal(env)) {
    const port = env.int('PORT', 1337);
    origins.push(`http://127.0.0.1:${port}`, `http://localhost:${port}`);
  }
  return [...new Set(origins)];
}

module.exports = { isLocal, requireProductionEnv, corsOrigins };
