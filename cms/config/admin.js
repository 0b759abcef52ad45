'use strict';

const { previewLink } = require('../src/plugins/marea/server/preview-token');

/** Content types with a page on the site (the others are previewed on the page that shows them). */
const PREVIEWED = new Set(['api::page.page', 'api::layout.layout', 'api::modal.modal', 'api::error-page.error-page']);

/** Where previews render: MAREA_PREVIEW_URL, else the site's own `/preview` (SITE_URL), else none. */
const previewUrl = (env) => env('MAREA_PREVIEW_URL') || (env('SITE_URL') ? `${env('SITE_URL').replace(/\/+$/, '')}/preview` : '');

module.exports = ({ env }) => ({
  auth: { secret: env('ADMIN_JWT_SECRET') },
  apiToken: { salt: env('API_TOKEN_SALT') },
  transfer: { token: { salt: env('TRANSFER_TOKEN_SALT') } },
  secrets: { encryptionKey: env('ENCRYPTION_KEY') },
  // The tests run without the admin panel (no admin build needed); the admin API still answers.
  serveAdminPanel: env.bool('MAREA_CMS_ADMIN', true),
  flags: { nps: false, promoteEE: false },
  // "Open preview" in the Content Manager: the draft rendered by Marea's own
  // SSR bundle, on the site (the Netlify Function at `${SITE_URL}/preview`) or
  // in the webhook service (`npm run webhook`; `npm run cms` sets both
  // variables). The link carries a token that expires within the hour
  // (plugins/marea/server/preview-token.js), never MAREA_PREVIEW_SECRET
  // itself (docs/deploying.md, "Draft preview").
  preview: {
    enabled: !!previewUrl(env) && !!env('MAREA_PREVIEW_SECRET'),
    config: {
      allowedOrigins: previewUrl(env) ? [new URL(previewUrl(env)).origin] : [],
      handler: (uid, { documentId, locale, status }) => {
        if (!PREVIEWED.has(uid)) return null;
        return previewLink(previewUrl(env), env('MAREA_PREVIEW_SECRET'), { uid, documentId, locale, status });
      },
    },
  },
});
