// @vitest-environment node
import { createHmac } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../build/paths.js';
import { PREVIEW_TOKEN_TTL_SECONDS, signPreviewToken, verifyPreviewToken } from '../../../cms/src/plugins/marea/server/preview-token.js';
import { previewQuery } from '../webhook/preview.js';

const SECRET = 'a'.repeat(16) + 'preview-secret-0123456789';
const QUERY = { uid: 'api::page.page', documentId: 'f80l1b4mkqoz87tixf27rc7f', locale: 'es-MX', status: 'draft' };
const NOW = Date.UTC(2026, 5, 20, 12);

/** Strapi's "Open preview" link, as cms/config/admin.js makes it with Strapi's `env` helper over `vars`. */
function strapiLink(vars: Record<string, string>, query: { documentId: string; locale: string; status: string }): string | null {
  const require = createRequire(import.meta.url);
  const admin = require(path.join(ROOT, 'cms/config/admin.js')) as (strapi: { env: unknown }) => {
    preview: { enabled: boolean; config: { allowedOrigins: string[]; handler: (uid: string, q: typeof query) => string | null } };
  };
  const env = Object.assign((name: string, fallback?: string) => vars[name] ?? fallback, { bool: (_: string, fallback: boolean) => fallback });
  const config = admin({ env }).preview;
  return config.enabled ? config.config.handler('api::page.page', query) : null;
}

describe('the preview link token (cms/src/plugins/marea/server/preview-token.js)', () => {
  it('signed by Strapi’s admin handler, verified by the site: the link carries a token, never the secret', () => {
    const link = strapiLink({ SITE_URL: 'https://www.marea.example', MAREA_PREVIEW_SECRET: SECRET }, QUERY);
    const url = new URL(link!);
    expect(url.origin + url.pathname).toMatch(/^https:\/\/www\.marea\.example\/preview\/\d+\.[A-Za-z0-9_-]{43}$/);
    expect(link).not.toContain(SECRET);
    const query = previewQuery(url);
    expect(query).toEqual(QUERY);
    const token = url.pathname.split('/').pop()!;
    expect(verifyPreviewToken(SECRET, token, query as typeof QUERY)).toBe('valid');
    // MAREA_PREVIEW_URL wins over the site's URL (the webhook service's, locally); no secret: no preview.
    expect(strapiLink({ SITE_URL: 'https://www.marea.example', MAREA_PREVIEW_URL: 'http://127.0.0.1:8788/preview', MAREA_PREVIEW_SECRET: SECRET }, QUERY)).toMatch(
      /^http:\/\/127\.0\.0\.1:8788\/preview\//,
    );
    expect(strapiLink({ SITE_URL: 'https://www.marea.example' }, QUERY)).toBeNull();
  });

  it('expires within the hour: valid until then, expired after, never longer even when asked', () => {
    const token = signPreviewToken(SECRET, QUERY, NOW);
    expect(verifyPreviewToken(SECRET, token, QUERY, NOW)).toBe('valid');
    expect(verifyPreviewToken(SECRET, token, QUERY, NOW + (PREVIEW_TOKEN_TTL_SECONDS - 1) * 1000)).toBe('valid');
    expect(verifyPreviewToken(SECRET, token, QUERY, NOW + PREVIEW_TOKEN_TTL_SECONDS * 1000)).toBe('expired');
    expect(PREVIEW_TOKEN_TTL_SECONDS).toBeLessThanOrEqual(3600);
    const long = signPreviewToken(SECRET, QUERY, NOW, 86_400);
    expect(Number(long.split('.')[0]) - NOW / 1000).toBe(PREVIEW_TOKEN_TTL_SECONDS);
  });

  it('refuses a token tampered with, for another entry, locale or status, signed with another secret, or claiming a day', () => {
    const token = signPreviewToken(SECRET, QUERY, NOW);
    const [expires, mac] = token.split('.') as [string, string];
    const flipped = `${expires}.${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`;
    expect(verifyPreviewToken(SECRET, flipped, QUERY, NOW)).toBe('invalid');
    // The last character's 2 unused bits set: the same signature spelled another way, refused (one spelling a token).
    const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const respelled = `${expires}.${mac.slice(0, -1)}${B64[B64.indexOf(mac.at(-1)!) | 1]}`;
    expect(respelled).not.toBe(token);
    expect(verifyPreviewToken(SECRET, respelled, QUERY, NOW)).toBe('invalid');
    expect(verifyPreviewToken(SECRET, `${Number(expires) + 86_400}.${mac}`, QUERY, NOW)).toBe('invalid');
    for (const other of [{ documentId: 'another' }, { locale: 'en' }, { status: 'published' }, { uid: 'api::modal.modal' }]) {
      expect(verifyPreviewToken(SECRET, token, { ...QUERY, ...other }, NOW)).toBe('invalid');
    }
    expect(verifyPreviewToken(`${SECRET}x`, token, QUERY, NOW)).toBe('invalid');
    // A token for a day, signed with the right secret by someone else's code: refused all the same.
    const day = Math.floor(NOW / 1000) + 86_400;
    const forged = `${day}.${createHmac('sha256', SECRET)
      .update([QUERY.uid, QUERY.documentId, QUERY.locale, QUERY.status, String(day)].join('\n'))
      .digest('base64url')}`;
    expect(verifyPreviewToken(SECRET, forged, QUERY, NOW)).toBe('invalid');
    for (const junk of ['', 'x', `${expires}.`, `${expires}.${mac}=`, `-1.${mac}`, '1'.repeat(5000)]) expect(verifyPreviewToken(SECRET, junk, QUERY, NOW)).toBe('invalid');
  });

  it('a secret shorter than 32 characters signs nothing and verifies nothing', () => {
    expect(() => signPreviewToken('short', QUERY, NOW)).toThrow(/MAREA_PREVIEW_SECRET must be at least 32 characters/);
    expect(verifyPreviewToken('short', signPreviewToken(SECRET, QUERY, NOW), QUERY, NOW)).toBe('invalid');
  });
});
