import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markedSite } from '../support/marked-site.js';
import { startNetlifyRuntime, type NetlifyRuntime } from '../support/netlify-runtime.js';

/**
 * The edge function `netlify/edge-functions/root-locale.ts` running in real
 * Deno, called by Netlify's own local edge bootstrap, on the routes Netlify
 * derives from netlify.toml's `path` and `excludedPath` (docs/deploying.md). Each file
 * of the small site below says which file it is, so a body names what was served.
 */
const FILES = [
  'index.html',
  'es.html',
  'rooms.html',
  'rooms/deluxe.html',
  'es/habitaciones.html',
  '404.html',
  'es/404.html',
  '_payload.json',
  'rooms/deluxe/_payload.json',
  'builds/latest.json',
  'assets/app-abc123.js',
  'assets/media/sea.1a2b.jpg',
  'favicon.svg',
  'robots.txt',
  'sitemap.xml',
  'es/habitaciones/suite.html',
  'es/habitaciones/suite/_payload.json',
  'builds/meta/a515f0e2a6f2.json',
  'images/error-500.svg',
];

let dist: string;
let netlify: NetlifyRuntime;

beforeAll(async () => {
  dist = await markedSite(FILES);
  netlify = await startNetlifyRuntime(dist);
}, 120_000);

afterAll(async () => {
  await netlify?.close();
  await rm(dist, { recursive: true, force: true });
});

async function edge(pathname: string, { headers = {}, method = 'GET', country = 'US' }: { headers?: Record<string, string>; method?: string; country?: string } = {}) {
  netlify.setCountry(country);
  const { response, type } = await netlify.handle(new Request(`http://localhost:8888${pathname}`, { method, headers, redirect: 'manual' }));
  return {
    type,
    status: response.status,
    location: response.headers.get('location'),
    cookies: response.headers.getSetCookie(),
    cacheControl: response.headers.get('cache-control'),
    body: method === 'HEAD' ? '' : await response.text(),
  };
}

// The visitor already holds the `country` cookie of the default location
// (US), so on `/` the function sets one cookie at most: in Netlify's local
// edge bootstrap (@netlify/edge-functions-dev 2.0.1), of two Set-Cookie
// headers on one response only the last reaches the client (docs/deploying.md).
const SPANISH = { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5', cookie: 'country=USA' };
const ENGLISH = { 'accept-language': 'en-US,en;q=0.9', cookie: 'country=USA' };

describe('rules 7–10 at the edge, in Deno through Netlify’s edge bootstrap', () => {
  it('rule 9: a Spanish browser without the cookie gets a 302 to /es, never cached, and the cookie (rule 10)', async () => {
    const r = await edge('/', { headers: SPANISH });
    expect(r).toMatchObject({ type: 'edge-function', status: 302, location: '/es', cacheControl: 'private, no-store' });
    expect(r.cookies).toContain('i18n_redirected=es; Max-Age=31536000; Path=/; SameSite=Lax');
  });

  it('rule 9: the query string is kept on the redirect', async () => {
    expect((await edge('/?utm_source=mail&b=1', { headers: SPANISH })).location).toBe('/es?utm_source=mail&b=1');
  });

  it('rule 7: the cookie wins over the browser, both ways', async () => {
    const stays = await edge('/', { headers: { ...SPANISH, cookie: 'country=USA; i18n_redirected=en' } });
    expect(stays).toMatchObject({ status: 200, location: null, body: 'file:index.html' });
    expect(stays.cookies.some((c) => c.startsWith('i18n_redirected='))).toBe(false);
    expect(await edge('/', { headers: { ...ENGLISH, cookie: 'country=USA; i18n_redirected=es' } })).toMatchObject({ status: 302, location: '/es' });
  });

  it('rule 7: an unknown cookie value is read as absent and rewritten', async () => {
    const r = await edge('/', { headers: { ...ENGLISH, cookie: 'country=USA; i18n_redirected=fr' } });
    expect(r).toMatchObject({ status: 200, body: 'file:index.html' });
    expect(r.cookies).toContain('i18n_redirected=en; Max-Age=31536000; Path=/; SameSite=Lax');
  });

  it('rule 8: an English browser gets the English home and the `en` cookie (rule 10)', async () => {
    const r = await edge('/', { headers: ENGLISH });
    expect(r).toMatchObject({ type: 'edge-function', status: 200, body: 'file:index.html' });
    expect(r.cookies).toContain('i18n_redirected=en; Max-Age=31536000; Path=/; SameSite=Lax');
  });

  it('rule 9: /es and deep pages are never redirected, whatever the browser says', async () => {
    expect(await edge('/es', { headers: ENGLISH })).toMatchObject({ status: 200, location: null, body: 'file:es.html' });
    expect(await edge('/rooms/deluxe', { headers: SPANISH })).toMatchObject({ status: 200, location: null, body: 'file:rooms/deluxe.html' });
  });

  it('HEAD is redirected like GET; POST is left alone', async () => {
    expect(await edge('/', { method: 'HEAD', headers: SPANISH })).toMatchObject({ status: 302, location: '/es' });
    const post = await edge('/', { method: 'POST', headers: SPANISH });
    expect(post.status).not.toBe(302);
    expect(post.cookies).toEqual([]);
  });
});

describe('rule 30 at the edge: the visitor’s country from Netlify’s geolocation', () => {
  it('sets the `country` cookie (ISO alpha-3) on page requests', async () => {
    const r = await edge('/rooms/deluxe', { country: 'MX' });
    expect(r).toMatchObject({ type: 'edge-function', status: 200, body: 'file:rooms/deluxe.html' });
    expect(r.cookies).toEqual(['country=MEX; Max-Age=2592000; Path=/; SameSite=Lax']);
  });

  it('leaves a cookie that already holds the country alone, and replaces a stale one', async () => {
    expect((await edge('/rooms', { country: 'CA', headers: { cookie: 'country=CAN' } })).cookies).toEqual([]);
    expect((await edge('/rooms', { country: 'CA', headers: { cookie: 'country=USA' } })).cookies).toEqual(['country=CAN; Max-Age=2592000; Path=/; SameSite=Lax']);
  });
});

describe('netlify.toml `path` / `excludedPath` as Netlify routes them', () => {
  it.each(['/', '/es', '/rooms', '/rooms/deluxe', '/es/habitaciones', '/es/habitaciones/suite', '/nowhere', '/es/nada'])('%s runs the edge function', async (p) => {
    expect((await edge(p)).type).toBe('edge-function');
  });

  it.each([
    '/assets/app-abc123.js',
    '/assets/media/sea.1a2b.jpg',
    '/builds/latest.json',
    '/builds/meta/a515f0e2a6f2.json',
    '/_payload.json',
    '/rooms/deluxe/_payload.json',
    '/es/habitaciones/suite/_payload.json',
    '/images/error-500.svg',
    '/favicon.svg',
    '/robots.txt',
    '/sitemap.xml',
    '/404.html',
  ])('%s never invokes it (served as a file)', async (p) => {
    const r = await edge(p, { country: 'MX', headers: SPANISH });
    expect(r.type).not.toBe('edge-function');
    expect(r.cookies).toEqual([]);
    expect(r.body).toBe(`file:${p.slice(1)}`);
  });
});

describe('offline', () => {
  it('nothing in the runtime reached beyond loopback', () => {
    expect(netlify.blocked).toEqual([]);
  });
});
