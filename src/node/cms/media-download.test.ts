// @vitest-environment node
import { mkdtemp, readdir, readFile, rm, stat, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { downloadMedia } from './media-download.js';
import { MediaDownloadError } from './media-download-error.js';
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

/** Serves `bytes(path)` for every path, with content-length. */
function files(req: Parameters<TestServer['handle']>[0], res: Parameters<TestServer['handle']>[1]) {
  const body = Buffer.from(`bytes of ${req.url}`);
  res.writeHead(200, { 'Content-Type': 'image/jpeg', 'Content-Length': body.length });
  res.end(body);
}

const options = () => ({ cmsUrl: cms.url, token: 'api-token', backoffMs: 1, timeoutMs: 2_000 });

describe('downloadMedia', () => {
  it('downloads relative and absolute urls to their cache paths, the token going to the CMS only', async () => {
    cms.reset(files);
    cdn.reset(files);
    const remote = `${cdn.url}/bucket/logo.svg`;
    const result = await downloadMedia(['/uploads/a.jpg', `${cms.url}/uploads/b.jpg`, remote], dir, options());
    const cdnHost = new URL(cdn.url).host.replace(':', '_');
    expect(result).toEqual([
      { url: '/uploads/a.jpg', path: 'uploads/a.jpg', status: 'downloaded' },
      { url: `${cms.url}/uploads/b.jpg`, path: 'uploads/b.jpg', status: 'downloaded' },
      { url: remote, path: `uploads/_remote/${cdnHost}/bucket/logo.svg`, status: 'downloaded' },
    ]);
    expect(await readFile(join(dir, 'uploads/a.jpg'), 'utf8')).toBe('bytes of /uploads/a.jpg');
    expect(await readFile(join(dir, `uploads/_remote/${cdnHost}/bucket/logo.svg`), 'utf8')).toBe('bytes of /bucket/logo.svg');
    expect(cms.requests.map((request) => request.headers.authorization)).toEqual(['Bearer api-token', 'Bearer api-token']);
    expect(cdn.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('skips a file already present with the size the server announces', async () => {
    cms.reset(files);
    await mkdir(join(dir, 'uploads'), { recursive: true });
    await writeFile(join(dir, 'uploads/same.jpg'), 'x'.repeat('bytes of /uploads/same.jpg'.length));
    await writeFile(join(dir, 'uploads/other.jpg'), 'too short');
    const result = await downloadMedia(['/uploads/same.jpg', '/uploads/other.jpg'], dir, options());
    expect(result.map((download) => download.status)).toEqual(['skipped', 'downloaded']);
    expect(await readFile(join(dir, 'uploads/same.jpg'), 'utf8')).toMatch(/^x+$/);
    expect(await readFile(join(dir, 'uploads/other.jpg'), 'utf8')).toBe('bytes of /uploads/other.jpg');
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
