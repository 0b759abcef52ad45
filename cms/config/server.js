'use strict';

module.exports = ({ env }) => ({
  // Loopback only: this is the editors' local CMS, not a public server.
  host: env('HOST', '127.0.0.1'),
  port: env.int('PORT', 1337),
  app: { keys: env.array('APP_KEYS') },
  // Uploads land in <public>/uploads; tests point it at a temp folder so they never touch cms/public.
  dirs: { public: env('MAREA_CMS_PUBLIC_DIR', './public') },
});
