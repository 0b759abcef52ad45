// @vitest-environment node
import { mkdtemp, readdir, readFile, rm, stat, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { downloadMedia } from './media-download.js';
import { MediaDownloadError } from './media-download-error.js';
import { UnsafeMediaUrlError } from './unsafe-media-url-error.js';
import { delay, startTestServer, type TestServer } from '../../../test/support/test-server.js';

let cms: TestServer;
let cdn: TestServer;
let dir: string;
beforeAll(async () => {
  [cms, cdn] = await Promise.all([startTestServer(), startTestServer()]);
});
afterAll(() => Promise.all([cms.close(), cdn.close()]));
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'marea-media-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** A small drawing naming the path: what `files` serves (the download judges bytes: an SVG passes). */
const bytesOf = (path: string) => `<svg xmlns="http://www.w3.org/2000/svg"><text>bytes of ${path}</text></svg>`;

/** Serves `bytesOf(path)` for every path, with content-length. */
function files(req: Parameters<TestServer['handle']>[0], res: Parameters<TestServer['handle']>[1]) {
  const body = Buffer.from(bytesOf(req.url ?? ''));
  res.writeHead(200, { 'Content-Type': 'image/svg+xml', 'Content-Length': body.length });
  res.end(body);
}

const options = () => ({ cmsUrl: cms.url, token: 'api-token', backoffMs: 1, timeoutMs: 2_000 });

describe('downloadMedia', () => {
  it('downloads relative and absolute urls to their cache paths, the token going to the CMS only', async () => {
    cms.reset(files);
    cdn.reset(files);
    const remote = `${cdn.url}/bucket/logo.svg`;
    // A local server stands in for the CDN: listed by address, it is taken as meant (checkMediaSource).
    const result = await downloadMedia(['/uploads/a.jpg', `${cms.url}/uploads/b.jpg`, remote], dir, { ...options(), mediaHosts: [new URL(cdn.url).host] });
    const cdnHost = new URL(cdn.url).host.replace(':', '_');
    expect(result).toEqual([
      { url: '/uploads/a.jpg', path: 'uploads/a.jpg', status: 'downloaded' },
      { url: `${cms.url}/uploads/b.jpg`, path: 'uploads/b.jpg', status: 'downloaded' },
      { url: remote, path: `uploads/_remote/${cdnHost}/bucket/logo.svg`, status: 'downloaded' },
    ]);
    expect(await readFile(join(dir, 'uploads/a.jpg'), 'utf8')).toBe(bytesOf('/uploads/a.jpg'));
    expect(await readFile(join(dir, `uploads/_remote/${cdnHost}/bucket/logo.svg`), 'utf8')).toBe(bytesOf('/bucket/logo.svg'));
    expect(cms.requests.map((request) => request.headers.authorization)).toEqual(['Bearer api-token', 'Bearer api-token']);
    expect(cdn.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('skips a file already present with the size the server announces', async () => {
    cms.reset(files);
    await mkdir(join(dir, 'uploads'), { recursive: true });
    await writeFile(join(dir, 'uploads/same.jpg'), 'x'.repeat(bytesOf('/uploads/same.jpg').length));
    await writeFile(join(dir, 'uploads/other.jpg'), 'too short');
    const result = await downloadMedia(['/uploads/same.jpg', '/uploads/other.jpg'], dir, options());
    expect(result.map((download) => download.status)).toEqual(['skipped', 'downloaded']);
    expect(await readFile(join(dir, 'uploads/same.jpg'), 'utf8')).toMatch(/^x+$/);
    expect(await readFile(join(dir, 'uploads/other.jpg'), 'utf8')).toBe(bytesOf('/uploads/other.jpg'));
  });

  it('retries a 503 and a stalled body, and leaves no temporary file behind', async () => {
    cms.reset(async (req, res) => {
      const n = cms.requests.length;
      if (n === 1) {
        res.writeHead(503);
        return void res.end();
      }
      if (n === 2) {
        res.writeHead(200, { 'Content-Length': 1000 });
        res.write('partial');
        return void (await delay(400));
      }
      files(req, res);
    });
    const result = await downloadMedia(['/uploads/video.mp4'], dir, { ...options(), timeoutMs: 100 });
    expect(result[0]?.status).toBe('downloaded');
    expect(cms.requests).toHaveLength(3);
    expect(await readdir(join(dir, 'uploads'))).toEqual(['video.mp4']);
  });

  it('lists every failure in one error and keeps the successful downloads', async () => {
    cms.reset((req, res) => {
      if (req.url === '/uploads/ok.jpg') return files(req, res);
      res.writeHead(404);
      res.end();
    });
    const error = await downloadMedia(['/uploads/ok.jpg', '/uploads/gone.jpg', '/uploads/../x.jpg'], dir, options()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaDownloadError);
    expect((error as MediaDownloadError).failures.map((failure) => failure.url)).toEqual(['/uploads/gone.jpg', '/uploads/../x.jpg']);
    expect((error as Error).message).toMatch(/Could not download 2 of 3 media files/);
    expect((error as Error).message).toContain(`status 404 Not Found: GET ${cms.url}/uploads/gone.jpg`);
    expect((await stat(join(dir, 'uploads/ok.jpg'))).isFile()).toBe(true);
  });

  it('refuses relative urls without a CMS url', async () => {
    await expect(downloadMedia(['/uploads/a.jpg'], dir, {})).rejects.toThrow(/relative and CMS_URL is not set/);
  });
});

describe('downloadMedia: where media may come from, and how much', () => {
  /** The one failure of a download that must fail. */
  async function refusal(urls: string[], extra: Parameters<typeof downloadMedia>[2] = {}): Promise<Error> {
    const error = await downloadMedia(urls, dir, { ...options(), ...extra }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaDownloadError);
    const failures = (error as MediaDownloadError).failures;
    expect(failures).toHaveLength(1);
    expect(failures[0]!.url).toBe(urls[0]);
    return failures[0]!.error;
  }

  it('a media url on 127.0.0.1 that is not the CMS is refused before any request, naming url and MEDIA_HOSTS', async () => {
    cdn.reset(files);
    const url = `${cdn.url}/latest/secret.jpg`;
    const error = await refusal([url]);
    expect(error).toBeInstanceOf(UnsafeMediaUrlError);
    expect(error.message).toContain(JSON.stringify(url));
    expect(error.message).toMatch(/neither the CMS \(127\.0\.0\.1:\d+\) nor in MEDIA_HOSTS \(empty\)/);
    expect(cdn.requests).toHaveLength(0);
    expect(await readdir(dir)).toEqual([]);
  });

  it('a host not in MEDIA_HOSTS is refused before any request', async () => {
    const error = await refusal(['https://media.example.invalid/uploads/a.jpg'], { mediaHosts: ['cdn.example.com'] });
    expect(error.message).toContain('"https://media.example.invalid/uploads/a.jpg"');
    expect(error.message).toContain('its host "media.example.invalid" is neither the CMS');
    expect(error.message).toContain('MEDIA_HOSTS (cdn.example.com)');
  });

  it('a host in MEDIA_HOSTS that resolves to a loopback address is refused before any request', async () => {
    cdn.reset(files);
    const port = new URL(cdn.url).port;
    const error = await refusal([`http://localhost:${port}/a.jpg`], { mediaHosts: [`localhost:${port}`] });
    expect(error.message).toMatch(/its host "localhost" resolves to (127\.0\.0\.1|::1), a loopback address/);
    expect(cdn.requests).toHaveLength(0);
  });

  it.each([
    ['169.254.169.254 (cloud metadata)', () => 'http://169.254.169.254/latest/meta-data/iam/security-credentials/'],
    ['localhost on another port', () => `http://localhost:${new URL(cdn.url).port}/internal.jpg`],
    ['127.0.0.1 on another port', () => `${cdn.url}/internal.jpg`],
  ])('a redirect from the CMS to %s is refused, naming the media url and the target', async (_name, target) => {
    cdn.reset(files);
    cms.reset((_req, res) => {
      res.writeHead(302, { Location: target() });
      res.end();
    });
    const error = await refusal(['/uploads/a.jpg']);
    expect(error).toBeInstanceOf(UnsafeMediaUrlError);
    expect(error.message).toContain('"/uploads/a.jpg"');
    expect(error.message).toContain(`it redirects to ${new URL(target()).href}`);
    expect(cms.requests).toHaveLength(1); // a refusal is not retried
    expect(cdn.requests).toHaveLength(0);
  });

  it('redirects are followed by hand, the token going to the CMS only', async () => {
    cdn.reset(files);
    cms.reset((req, res) => {
      if (req.url === '/uploads/moved.jpg') {
        res.writeHead(301, { Location: '/uploads/here.jpg' });
        return void res.end();
      }
      if (req.url === '/uploads/here.jpg') {
        res.writeHead(307, { Location: `${cdn.url}/bucket/here.jpg` });
        return void res.end();
      }
      files(req, res);
    });
    const result = await downloadMedia(['/uploads/moved.jpg'], dir, { ...options(), mediaHosts: [new URL(cdn.url).host] });
    expect(result).toEqual([{ url: '/uploads/moved.jpg', path: 'uploads/moved.jpg', status: 'downloaded' }]);
    expect(await readFile(join(dir, 'uploads/moved.jpg'), 'utf8')).toBe(bytesOf('/bucket/here.jpg'));
    expect(cms.requests.map((r) => r.headers.authorization)).toEqual(['Bearer api-token', 'Bearer api-token']);
    expect(cdn.requests.map((r) => r.headers.authorization)).toEqual([undefined]);
  });

  it('MEDIA_MAX_BYTES exceeded by a slow endless stream fails naming the url and the cap, the partial file removed', async () => {
    let chunks = 0;
    cms.reset(async (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'video/mp4' }); // no length: endless
      while (!res.destroyed && chunks < 10_000) {
        res.write(Buffer.alloc(16_384, 1));
        chunks += 1;
        await delay(2);
      }
      res.end();
    });
    const error = await refusal(['/uploads/endless.mp4'], { maxBytes: 100_000 });
    expect(error.message).toContain('"/uploads/endless.mp4"');
    expect(error.message).toContain('larger than MEDIA_MAX_BYTES (100 KB)');
    expect(cms.requests).toHaveLength(1);
    expect(await readdir(join(dir, 'uploads'))).toEqual([]);
    expect(chunks).toBeLessThan(10_000); // the server saw the connection close
  });

  it('a file announced larger than MEDIA_MAX_BYTES is refused without reading it', async () => {
    cms.reset((_req, res) => {
      res.writeHead(200, { 'Content-Length': 2_000_000_000 });
      res.write(Buffer.alloc(1024));
    });
    const error = await refusal(['/uploads/huge.mp4'], { maxBytes: 100_000_000 });
    expect(error.message).toContain('larger than MEDIA_MAX_BYTES (100 MB): the server announces 2000 MB');
    expect(await readdir(dir)).toEqual([]);
  });

  it('a file still trickling in past the time limit per file fails naming it, not retried', async () => {
    cms.reset(async (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'video/mp4' });
      while (!res.destroyed) {
        res.write('x');
        await delay(20);
      }
    });
    const error = await refusal(['/uploads/trickle.mp4'], { totalTimeoutMs: 300 });
    expect(error.message).toContain('"/uploads/trickle.mp4"');
    expect(error.message).toContain('took longer than 300 ms, the limit per media file');
    expect(cms.requests).toHaveLength(1);
    expect(await readdir(join(dir, 'uploads'))).toEqual([]);
  });

  it('an HTML file served as a photo is not kept (content:pull and the webhook never cache it), named, not retried', async () => {
    cms.reset((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'image/jpeg' });
      res.end('<!doctype html><script>alert(document.cookie)</script>');
    });
    const error = await refusal(['/uploads/pool.jpg']);
    expect(error.message).toContain('Refusing media url "/uploads/pool.jpg": its bytes are text starting "<!doctype html><script>');
    expect(cms.requests).toHaveLength(1);
    expect(await readdir(join(dir, 'uploads'))).toEqual([]);
  });
});
