import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIST_ERRORS, StatusError } from '../../shared/errors.js';
import { PAYLOAD_VERSION } from '../../shared/payload.js';
import { clientLoader } from './client-loader.js';
import { MAX_KEPT_PAYLOADS, primePayload } from './payload-cache.js';
import en from '../../../locales/en.json';
import es from '../../../locales/es.json';

// A real local server stands in for the CDN (no fetch mocking).
let server: Server;
let origin = '';
const served: string[] = [];
const page = (path: string, blocks: unknown, release = 'r1') => ({
  v: PAYLOAD_VERSION,
  kind: 'page',
  release,
  locale: 'en',
  path,
  page: { path, blocks },
  layout: null,
  head: {},
  country: 'USA',
});

beforeAll(async () => {
  server = createServer((req, res) => {
    served.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/rooms/_payload.json') return res.end(JSON.stringify(page('/rooms', [])));
    if (url.pathname === '/redeployed/_payload.json') return res.end(JSON.stringify(page('/redeployed', [], 'r2')));
    if (url.pathname === '/broken/_payload.json') return res.end(JSON.stringify(page('/broken', { not: 'array' })));
    if (url.pathname === '/html/_payload.json') return res.end('<!doctype html><p>fallback</p>');
    // Rule 11: the message files (src/node/build/message-files.ts names them).
    const messages = /^\/assets\/messages-(en|es)\.[0-9a-f]{10}\.json$/.exec(url.pathname);
    if (messages) return res.end(JSON.stringify(messages[1] === 'en' ? en : es));
    res.statusCode = 404;
    res.end('missing');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  // Payload urls are site-relative: the page "is" on the test server.
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/`);
  primePayload('/', page('/', []) as never);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function args(path: string) {
  return { request: new Request(`${origin}${path}`), params: {}, context: undefined };
}

describe('the page loader in the browser', () => {
  it('rule 18: loads the target payload keyed by the release, once', async () => {
    const payload = await clientLoader(args('/rooms?utm_source=x'));
    expect(payload).toMatchObject({ kind: 'page', path: '/rooms' });
    expect(served.filter((u) => u.startsWith('/rooms/_payload.json'))).toEqual(['/rooms/_payload.json?v=r1']);
    await clientLoader(args('/rooms/'));
    expect(served.filter((u) => u.startsWith('/rooms/_payload.json'))).toHaveLength(1);
    // Rule 11: its locale's message file, loaded once for the visit.
    expect(served.filter((u) => u.startsWith('/assets/messages-'))).toEqual([expect.stringMatching(/^\/assets\/messages-en\.[0-9a-f]{10}\.json$/)]);
  });

  it('rule 18: a payload of another release (a deploy landed since the page loaded) is never rendered: full page load', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const pending = clientLoader(args('/redeployed?a=1'));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/redeployed?a=1'));
    expect(info.mock.calls[0]?.[0]).toContain('newer release');
    expect(await Promise.race([pending.then(() => 'resolved'), new Promise((r) => setTimeout(() => r('pending'), 50))])).toBe('pending');
    info.mockRestore();
    assign.mockRestore();
  });

  it('uses the embedded payload for the first view (no request)', async () => {
    const before = served.length;
    expect(await clientLoader(args('/'))).toMatchObject({ path: '/' });
    expect(served.length).toBe(before);
  });

  it.each(['/missing', '/html'])('rule 20: a payload that fails (%s) logs a warning and falls back to a full page load', async (path) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const pending = clientLoader(args(`${path}?a=1#top`));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(`${path}?a=1#top`));
    expect(warn.mock.calls[0]?.[0]).toContain(`could not load the payload of ${path}`);
    expect(await Promise.race([pending.then(() => 'resolved'), new Promise((r) => setTimeout(() => r('pending'), 50))])).toBe('pending');
    warn.mockRestore();
    assign.mockRestore();
  });

  it('rule 21: a block list that is not an array is the 503 error page', async () => {
    const error = await clientLoader(args('/broken')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StatusError);
    expect(error).toMatchObject({ status: 503, message: LIST_ERRORS.components });
  });
});

describe('rule 5 in the browser', () => {
  it('a path no page can have is a 404 "Page Not Found: {fullPath}" without a request', async () => {
    const before = served.length;
    const error = await clientLoader(args('/Rooms_X?a=1')).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404, message: 'Page Not Found: /Rooms_X?a=1' });
    expect(served.length).toBe(before);
  });

  it('an unmatched valid path is "Page not found: {path}"', async () => {
    const { notFoundError } = await import('./not-found.js');
    expect(notFoundError('/no-such-page', '?a=1').message).toBe('Page not found: /no-such-page');
    expect(notFoundError('/es/Mal//ruta').message).toBe('Page Not Found: /es/Mal//ruta');
  });
});

describe('payload cache', () => {
  it(`keeps at most MAX_KEPT_PAYLOADS payloads, dropping the least recently stored`, async () => {
    for (let i = 0; i < MAX_KEPT_PAYLOADS + 5; i++) primePayload(`/p${i}`, page(`/p${i}`, []) as never);
    const before = served.length;
    await clientLoader(args(`/p${MAX_KEPT_PAYLOADS + 4}`));
    expect(served.length).toBe(before);
    // The oldest is gone: loading it asks the server again (which has no such page: full load).
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    void clientLoader(args('/p0'));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/p0'));
    expect(served.length).toBe(before + 1);
    assign.mockRestore();
    warn.mockRestore();
  });
});
