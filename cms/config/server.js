'use strict';

const { requireProductionEnv } = require('./lib/deployment');

module.exports = ({ env }) => {
  // First config file that needs the secrets: a production start stops here, naming what is missing.
  requireProductionEnv(env);
  return {
    // Loopback by default: behind a reverse proxy on the same machine (docs/hosting-strapi.md). Containers and PaaS: HOST=0.0.0.0.
    host: env('HOST', '127.0.0.1'),
    port: env.int('PORT', 1337),
    // The public URL (https://cms.example.com), baked into the admin panel when it is built; local use leaves
    // it relative, so the admin answers on whichever loopback name it was opened with.
    url: env('PUBLIC_URL', ''),
    // Behind a reverse proxy with TLS: trust its X-Forwarded-* headers (secure cookies, client IPs). Off by default.
    proxy: { koa: env.bool('IS_PROXIED', false) },
    app: { keys: env.array('APP_KEYS') },
    // Uploads land in <public>/uploads; tests point it at a temp folder so they never touch cms/public.
    dirs: { public: env('MAREA_CMS_PUBLIC_DIR', './public') },
  };
};
