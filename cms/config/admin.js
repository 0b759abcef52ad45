'use strict';

module.exports = ({ env }) => ({
  auth: { secret: env('ADMIN_JWT_SECRET') },
  apiToken: { salt: env('API_TOKEN_SALT') },
  transfer: { token: { salt: env('TRANSFER_TOKEN_SALT') } },
  secrets: { encryptionKey: env('ENCRYPTION_KEY') },
  // The tests run without the admin panel (no admin build needed); the admin API still answers.
  serveAdminPanel: env.bool('MAREA_CMS_ADMIN', true),
  flags: { nps: false, promoteEE: false },
});
