'use strict';

/** Content types with a page on the site (the others are previewed on the page that shows them). */
const PREVIEWED = new Set(['api::page.page', 'api::layout.layout', 'api::modal.modal', 'api::error-page.error-page']);

module.exports = ({ env }) => ({
  auth: { secret: env('ADMIN_JWT_SECRET') },
  apiToken: { salt: env('API_TOKEN_SALT') },
  transfer: { token: { salt: env('TRANSFER_TOKEN_SALT') } },
  secrets: { encryptionKey: env('ENCRYPTION_KEY') },
  // The tests run without the admin panel (no admin build needed); the admin API still answers.
  serveAdminPanel: env.bool('MAREA_CMS_ADMIN', true),
  flags: { nps: false, promoteEE: false },
  // "Open preview" in the Content Manager: the draft rendered by Marea's own
  // SSR bundle in the webhook service (npm run webhook), behind its preview
  // secret. `npm run cms` sets both variables (README, "Publishing").
  preview: {
    enabled: !!env('MAREA_PREVIEW_URL'),
    config: {
      allowedOrigins: env('MAREA_PREVIEW_URL') ? [new URL(env('MAREA_PREVIEW_URL')).origin] : [],
      handler: (uid, { documentId, locale, status }) => {
        if (!PREVIEWED.has(uid)) return null;
        // The secret in the path: the query is carried along by the site's client-side navigation.
        const url = new URL(`${env('MAREA_PREVIEW_URL')}/${encodeURIComponent(env('MAREA_PREVIEW_SECRET', ''))}`);
        const params = { uid, documentId: documentId || '', locale: locale || '', status: status || 'draft' };
        for (const [key, value] of Object.entries(params)) if (value) url.searchParams.set(key, value);
        return url.href;
      },
    },
  },
});
