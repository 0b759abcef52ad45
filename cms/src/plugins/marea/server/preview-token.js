'use strict';

/**
 * The draft preview's link token, written once for both sides: Strapi's
 * "Open preview" handler (cms/config/admin.js) signs it, the site's preview
 * (the Netlify Function netlify/functions/preview.ts and `npm run webhook`'s
 * `/preview`, through src/node/preview-render/) verifies it. CommonJS, no
 * TypeScript: Strapi's config loads it with require(); the site imports it
 * (types in preview-token.d.ts).
 *
 * A token is `<expiry>.<signature>`: the expiry in Unix seconds, at most an
 * hour away, and HMAC-SHA256 (keyed by MAREA_PREVIEW_SECRET, base64url) over
 * what is previewed and the expiry. A link copied out of the admin, a browser
 * history or a log opens that one entry for at most an hour; the long-lived
 * secret never leaves Strapi's and the site's environments.
 */
const { createHmac, timingSafeEqual } = require('node:crypto');

/** The longest a preview link works: one hour. */
const PREVIEW_TOKEN_TTL_SECONDS = 3600;

/** Shortest MAREA_PREVIEW_SECRET either side accepts (`openssl rand -hex 32` makes 64). */
const PREVIEW_SECRET_MIN_LENGTH = 32;

/** What the signature covers, one field a line: no field can be moved into another. */
const signedText = (query, expires) => [query.uid, query.documentId || '', query.locale || '', query.status, String(expires)].join('\n');

const signature = (secret, query, expires) => createHmac('sha256', secret).update(signedText(query, expires), 'utf8').digest('base64url');

/**
 * A token for one preview (`query`: uid, documentId, locale, status), valid
 * until `ttlSeconds` (default and at most an hour) from `now` (milliseconds).
 */
function signPreviewToken(secret, query, now = Date.now(), ttlSeconds = PREVIEW_TOKEN_TTL_SECONDS) {
  if (typeof secret !== 'string' || secret.length < PREVIEW_SECRET_MIN_LENGTH) {
    throw new Error(`MAREA_PREVIEW_SECRET must be at least ${PREVIEW_SECRET_MIN_LENGTH} characters long (openssl rand -hex 32).`);
  }
  const expires = Math.floor(now / 1000) + Math.min(ttlSeconds, PREVIEW_TOKEN_TTL_SECONDS);
  return `${expires}.${signature(secret, query, expires)}`;
}

/**
 * `valid`, `expired` (signed for this query, but past its time) or `invalid`
 * (malformed, for another entry, signed with another secret, or claiming
 * more than an hour). The signatures are compared in constant time.
 */
function verifyPreviewToken(secret, token, query, now = Date.now()) {
  const match = typeof token === 'string' ? /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token) : null;
  if (!match || typeof secret !== 'string' || secret.length < PREVIEW_SECRET_MIN_LENGTH) return 'invalid';
  const expires = Number(match[1]);
  const given = Buffer.from(match[2], 'base64url');
  // One spelling a signature: the last of 43 characters carries 2 unused bits, which decoding ignores.
  if (given.toString('base64url') !== match[2]) return 'invalid';
  const expected = Buffer.from(signature(secret, query, expires), 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  const seconds = now / 1000;
  // A token can only claim an hour: one signed for longer did not come from signPreviewToken.
  if (expires - seconds > PREVIEW_TOKEN_TTL_SECONDS + 60) return 'invalid';
  return seconds < expires ? 'valid' : 'expired';
}

/**
 * The link Strapi's "Open preview" opens: `<base>/<token>?uid=…&documentId=…&locale=…&status=…`.
 * The token is in the path, not the query: the site's client-side navigation
 * keeps a page's query on the links it follows, so a query token would reach
 * published pages (and their analytics).
 */
function previewLink(base, secret, query, now = Date.now()) {
  const params = { uid: query.uid, documentId: query.documentId || '', locale: query.locale || '', status: query.status || 'draft' };
  const url = new URL(`${base.replace(/\/+$/, '')}/${signPreviewToken(secret, params, now)}`);
  for (const [key, value] of Object.entries(params)) if (value) url.searchParams.set(key, value);
  return url.href;
}

module.exports = { PREVIEW_TOKEN_TTL_SECONDS, PREVIEW_SECRET_MIN_LENGTH, signPreviewToken, verifyPreviewToken, previewLink };
