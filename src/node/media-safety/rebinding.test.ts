// @vitest-environment node
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { LookupFunction } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadMedia } from '../cms/media-download.js';
import { MediaDownloadError } from '../cms/media-download-error.js';
import { fetchViaLookup } from './fetch-via-lookup.js';
import { UnsafeMediaUrlError } from '../cms/unsafe-media-url-error.js';
import { checkMediaSource, type Resolve } from './media-source.js';

/**
 * DNS rebinding (docs/security.md, "Media are judged by their bytes"): a
 * media host that resolves to a public address when it is checked and to
 * 127.0.0.1 a moment later is refused as the socket connects; nothing
 * reaches the loopback server.
 */
let server: Server;
let port: number;
let connections = 0;
let dir: string;
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><text>hi</text></svg>';

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/moved') {
      res.writeHead(302, { Location: '/elsewhere' });
      res.end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'image/svg+xml', 'X-Seen-Accept': req.headers.accept ?? '' });
    res.end(SVG);
  }).on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
  dir = await mkdtemp(join(tmpdir(), 'marea-rebinding-'));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe('media downloads check the address the socket connects to', () => {
  /** A resolver that answers each of `answers` in turn, the last one from then on, and records what it was asked. */
  const rebinding = (...answers: string[]) => {
    const asked: string[] = [];
    const resolve: Resolve = async (hostname) => {
      asked.push(hostname);
      return [{ address: answers[Math.min(asked.length, answers.length) - 1]!, family: 4 }];
    };
    return { asked, resolve };
  };

  it('a host that answers a public address first and 127.0.0.1 second: checked public, refused as the socket connects, nothing reaches the loopback', async () => {
    const { asked, resolve } = rebinding('93.184.216.34', '127.0.0.1');
    const url = new URL(`http://media.example:${port}/rebound.svg`);
    const lookup = await checkMediaSource(url, { mediaHosts: [url.host], resolve });
    expect(lookup).not.toBeNull();
    const before = connections;
    const error = await fetchViaLookup(new Request(url), lookup!, AbortSignal.timeout(5_000)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsafeMediaUrlError);
    expect((error as Error).message).toMatch(/resolved to 127\.0\.0\.1, a loopback address, when the download connected/);
    expect(asked).toEqual(['media.example', 'media.example']);
    expect(connections).toBe(before);
  });

  it('downloadMedia: public while the url is checked, 127.0.0.1 when the socket connects → refused, not retried, no file', async () => {
    // downloadMedia checks the url before its first attempt and again before the request (as for each redirect).
    const { asked, resolve } = rebinding('93.184.216.34', '93.184.216.34', '127.0.0.1');
    const url = `http://media.example:${port}/rebound.svg`;
    const before = connections;
    const error = await downloadMedia([url], dir, { mediaHosts: [`media.example:${port}`], resolve, timeoutMs: 5_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaDownloadError);
    expect((error as Error).message).toMatch(/resolved to 127\.0\.0\.1, a loopback address, when the download connected/);
    expect(asked).toHaveLength(3);
    expect(connections).toBe(before);
    expect(await readdir(dir)).toEqual([]);
  });

  it('the CMS origin and hosts listed by address need no second look: no lookup is given', async () => {
    const { asked, resolve } = rebinding('127.0.0.1');
    expect(await checkMediaSource(new URL('http://127.0.0.1:1337/uploads/a.jpg'), { cmsUrl: 'http://127.0.0.1:1337', resolve })).toBeNull();
    expect(await checkMediaSource(new URL('http://127.0.0.1:9000/b/a.jpg'), { mediaHosts: ['127.0.0.1:9000'], resolve })).toBeNull();
    expect(asked).toEqual([]);
  });

  it('a host whose every answer is public is connected to at the address the lookup gave (here a stand-in on 127.0.0.1)', async () => {
    const lookup: LookupFunction = (_hostname, options, callback) => (options.all ? callback(null, [{ address: '127.0.0.1', family: 4 }]) : callback(null, '127.0.0.1', 4));
    const response = await fetchViaLookup(new Request(`http://media.example:${port}/a.svg`, { headers: { Accept: 'image/*' } }), lookup, AbortSignal.timeout(5_000));
    expect(response.status).toBe(200);
    expect(response.headers.get('x-seen-accept')).toBe('image/*');
    expect(await response.text()).toBe(SVG);
    // Redirects are the caller's to check and follow (media-download.ts).
    const moved = await fetchViaLookup(new Request(`http://media.example:${port}/moved`), lookup, AbortSignal.timeout(5_000));
    expect(moved.status).toBe(302);
    expect(moved.headers.get('location')).toBe('/elsewhere');
  });
});
