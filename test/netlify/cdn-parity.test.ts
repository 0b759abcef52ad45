import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, headersFile } from '../../src/node/build/headers.js';
import { createPreviewServer, listen } from '../../src/node/preview/server.js';
import { markedSite } from '../support/marked-site.js';
import { startNetlifyCli, type NetlifyCli } from '../../src/node/preview/netlify-cli.js';
import { startNetlifyRuntime, type NetlifyRuntime } from '../support/netlify-runtime.js';

/**
 * `npm run preview`, Netlify's own local runtime (@netlify/dev, edge function
 * off: the preview has none; the edge is tested on its own in
 * edge-function-deno.test.ts) and the `netlify dev` command answer every
 * CDN-facing request of the same site alike (docs/deploying.md): status, which file,
 * Location, Content-Type and the headers netlify.toml sets. A difference is a
 * bug in one of them, unless it is listed below as a place where a local tool
 * is not what the CDN does; if one of those stops differing, this test says so.
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
  'builds/meta/abc.json',
  'assets/app-abc123.js',
  'assets/media/sea.1a2b.jpg',
  'favicon.svg',
  'robots.txt',
  'sitemap.xml',
];

const PATHS = [
  '/',
  '/index.html',
  '/rooms',
  '/rooms/',
  '/rooms.html',
  '/rooms/deluxe',
  '/rooms/deluxe/',
  '/rooms?utm_source=x',
  '/es',
  '/es/',
  '/es/habitaciones',
  '/es/nada',
  '/es/nada/mas',
  '/nada',
  '/nada/mas',
  '/_payload.json',
  '/rooms/deluxe/_payload.json',
  '/builds/latest.json',
  '/builds/meta/abc.json',
  '/assets/app-abc123.js',
  '/assets/media/sea.1a2b.jpg',
  '/assets/missing.js',
  '/favicon.svg',
  '/robots.txt',
  '/sitemap.xml',
];

/**
 * Where Netlify's local tools (not the CDN) answer differently: the fields
 * that differ, and why. If one stops differing, the test says so.
 */
// @netlify/dev 5.1 serves a `status = 404` rewrite's target with status 200;
// the CDN and netlify-cli's proxy answer 404 (docs.netlify.com, "Custom 404 page").
const KNOWN_RUNTIME: Record<string, string[]> = { '/es/nada': ['status'], '/es/nada/mas': ['status'] };

// `netlify dev`'s static server (fastify-static) sends `Cache-Control: public,
// max-age=0` itself, and its proxy lets that win over netlify.toml's rules; it
// types JavaScript as application/javascript (the CDN and @netlify/dev: text/javascript).
const CLI_CACHE_CONTROL = 'public, max-age=0';
function knownCli(pathname: string, ours: Answer): string[] {
  return [...(pathname.endsWith('.js') && ours.status === 200 ? ['type'] : []), ...(ours.headers['cache-control'] !== CLI_CACHE_CONTROL ? ['cache-control'] : [])];
}

interface Answer {
  status: number;
  body: string;
  location: string | null;
  type: string;
  headers: Record<string, string | null>;
}

const COMPARED_HEADERS = [
  'cache-control',
  'x-content-type-options',
  'referrer-policy',
  'content-security-policy',
  'strict-transport-security',
  'permissions-policy',
  'x-frame-options',
  'cross-origin-opener-policy',
];

/** The build's `dist/_headers` (src/node/build/headers.ts) for a site with GTM and Datadog: Netlify applies it from the publish folder. */
const CSP = contentSecurityPolicy({
  public: {
    gtmId: 'GTM-TEST',
    datadog: { applicationId: 'a', clientToken: 'c', site: 'datadoghq.eu', service: null, env: null, version: null, sessionSampleRate: 20, sessionReplaySampleRate: 20 },
  },
});

/** The fields in which two answers differ. */
function differences(a: Answer, b: Answer): string[] {
  return [...(['status', 'body', 'location', 'type'] as const).filter((k) => a[k] !== b[k]), ...COMPARED_HEADERS.filter((h) => a.headers[h] !== b.headers[h])];
}

async function answer(origin: string, pathname: string): Promise<Answer> {
  const response = await fetch(`${origin}${pathname}`, { redirect: 'manual' });
  return {
    status: response.status,
    body: await response.text(),
    location: response.headers.get('location'),
    type: (response.headers.get('content-type') ?? '').split(';')[0]!.trim(),
    headers: Object.fromEntries(COMPARED_HEADERS.map((name) => [name, response.headers.get(name)])),
  };
}

let dist: string;
let preview: Server;
let previewOrigin: string;
let netlify: NetlifyRuntime;
let cli: NetlifyCli;

beforeAll(async () => {
  dist = await markedSite(FILES);
  const generated = headersFile({ public: { gtmId: 'GTM-TEST', datadog: null } });
  await writeFile(path.join(dist, generated.file), generated.content.replace(/Content-Security-Policy: .*/, `Content-Security-Policy: ${CSP}`));
  preview = createPreviewServer(dist);
  previewOrigin = await listen(preview, 0);
  netlify = await startNetlifyRuntime(dist, { edgeFunctions: false });
  cli = await startNetlifyCli(dist);
}, 180_000);

afterAll(async () => {
  await new Promise<void>((resolve) => preview?.close(() => resolve()));
  await netlify?.close();
  await cli?.close();
  await rm(dist, { recursive: true, force: true });
});

describe('npm run preview, Netlify’s local runtime and `netlify dev` agree (docs/deploying.md)', () => {
  it.each(PATHS)('Netlify’s local runtime: %s', async (pathname) => {
    const [ours, theirs] = await Promise.all([answer(previewOrigin, pathname), answer(netlify.origin, pathname)]);
    expect(differences(ours, theirs), JSON.stringify({ ours, theirs })).toEqual(KNOWN_RUNTIME[pathname] ?? []);
  });

  it.each(PATHS)('netlify dev: %s', async (pathname) => {
    const [ours, theirs] = await Promise.all([answer(previewOrigin, pathname), answer(cli.origin, pathname)]);
    expect(differences(ours, theirs), JSON.stringify({ ours, theirs })).toEqual(knownCli(pathname, ours));
    expect(theirs.headers['cache-control']).toBe(CLI_CACHE_CONTROL);
  });

  it('the rules the CDN relies on hold on all three', async () => {
    for (const origin of [previewOrigin, netlify.origin, cli.origin]) {
      expect((await answer(origin, '/rooms')).body).toBe('file:rooms.html');
      expect((await answer(origin, '/rooms/deluxe/')).body).toBe('file:rooms/deluxe.html');
      expect(await answer(origin, '/nada')).toMatchObject({ status: 404, body: 'file:404.html' });
      expect((await answer(origin, '/es/nada')).body).toBe('file:es/404.html');
      expect((await answer(origin, '/rooms')).headers['x-content-type-options']).toBe('nosniff');
    }
    for (const origin of [previewOrigin, netlify.origin]) {
      expect((await answer(origin, '/assets/app-abc123.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await answer(origin, '/builds/latest.json')).headers['cache-control']).toBe('no-cache, no-store, must-revalidate');
      expect((await answer(origin, '/rooms')).headers).toEqual({
        'cache-control': 'public, max-age=0, must-revalidate',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'content-security-policy': CSP,
        'strict-transport-security': 'max-age=63072000; includeSubDomains',
        'permissions-policy': expect.stringContaining('camera=()'),
        'x-frame-options': 'DENY',
        'cross-origin-opener-policy': 'same-origin',
      });
    }
  });

  it('item 2: the build’s dist/_headers (the CSP) applies on every path, pages and 404s alike', async () => {
    for (const origin of [previewOrigin, netlify.origin]) {
      for (const pathname of ['/', '/es/habitaciones', '/nada', '/es/nada', '/assets/app-abc123.js']) {
        expect((await answer(origin, pathname)).headers['content-security-policy'], `${origin}${pathname}`).toBe(CSP);
      }
    }
  });

  it('nothing reached beyond loopback', () => {
    expect(netlify.blocked).toEqual([]);
  });
});
