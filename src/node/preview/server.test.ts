// @vitest-environment node
import { STATUS_CODES } from 'node:http';
import { connect } from 'node:net';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeChecksums } from '../build/checksums.js';
import { projectPaths } from '../build/paths.js';
import { publishBuild, storeBuild } from '../build/publish.js';
import { createPreviewServer, listen, requestUrl } from './server.js';

let dist: string;
let origin: string;
let close: () => Promise<void>;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'marea-preview-'));
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await mkdir(path.join(dist, 'es'), { recursive: true });
  await writeFile(path.join(dist, 'rooms.html'), `<!doctype html><title>Rooms</title>${'<p>sea</p>'.repeat(200)}`);
  await writeFile(path.join(dist, 'assets/app-abc.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  await writeFile(path.join(dist, '404.html'), '<p>Not found</p>');
  await writeFile(path.join(dist, 'es/404.html'), '<p>No encontrada</p>');
  const server = createPreviewServer(dist);
  origin = await listen(server, 0);
  close = () => new Promise((resolve) => server.close(() => resolve()));
});

afterAll(async () => {
  await close();
  await rm(dist, { recursive: true, force: true });
});

const get = (pathname: string, headers: Record<string, string> = {}) => fetch(`${origin}${pathname}`, { headers });

describe('preview server (CDN semantics)', () => {
  it('serves /x from x.html with or without a trailing slash (rules 3, 5), HTML revalidated', async () => {
    for (const p of ['/rooms', '/rooms/']) {
      const response = await get(p);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<title>Rooms</title>');
      expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    }
  });

  it('compresses text as a CDN does, and hashed assets are immutable', async () => {
    const response = await get('/assets/app-abc.js', { 'accept-encoding': 'gzip' });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('cache-control')).toContain('immutable');
    // fetch decodes transparently; the raw bytes are checked through node's http below.
    expect(await response.text()).toContain('console.log');
    const raw = await new Promise<Buffer>((resolve, reject) => {
      import('node:http').then(({ get: httpGet }) =>
        httpGet(`${origin}/assets/app-abc.js`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
          const chunks: Buffer[] = [];
          res
            .on('data', (c: Buffer) => chunks.push(c))
            .on('end', () => resolve(Buffer.concat(chunks)))
            .on('error', reject);
        }),
      );
    });
    expect(raw.length).toBeLessThan(1000);
    expect(gunzipSync(raw).toString()).toContain('xxxx');
  });

  it('answers unknown paths with the locale 404 page and status 404 (rule 28)', async () => {
    const en = await get('/nowhere');
    expect(en.status).toBe(404);
    expect(await en.text()).toContain('Not found');
    const es = await get('/es/ninguna');
    expect(es.status).toBe(404);
    expect(await es.text()).toContain('No encontrada');
  });
});

/** Writes `head` on a raw TCP connection (no client-side URL parsing) and resolves with the status line. */
function rawRequest(head: string): Promise<string> {
  const { port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('end', () => resolve(answer.split('\r\n')[0] ?? ''));
    socket.on('error', reject);
    socket.write(head);
  });
}

const request = (target: string, headers = '') => rawRequest(`GET ${target} HTTP/1.1\r\nHost: preview.local\r\nConnection: close\r\n${headers}\r\n`);

describe('the preview server never dies on a request', () => {
  it.each([
    ['absolute form with a bad host', 'http://[/', '', '400'],
    ['absolute form with credentials', 'http://user:secret@example.com/rooms', '', '400'],
    ['protocol-relative path with credentials', '//user:secret@example.com/', '', '404'],
    ['bad percent-encoding', '/%zz', '', '400'],
    ['truncated percent-encoding', '/es/%E0%A4%A/', '', '400'],
    ['asterisk form', '*', '', '400'],
    ['a scheme that is not http', 'javascript:alert(1)', '', '400'],
    ['headers over 16 KiB', '/rooms', `X-Big: ${'a'.repeat(20_000)}\r\n`, '431'],
  ])('%s: answers %s and a good request still gets 200', async (_name, target, headers, status) => {
    expect(await request(target, headers)).toBe(`HTTP/1.1 ${status as string} ${STATUS_CODES[Number(status)]}`);
    expect(await request('/rooms')).toBe('HTTP/1.1 200 OK');
  });

  it('absolute form with a good host serves the path, ignoring the host', async () => {
    expect(await request('http://example.com/rooms/')).toBe('HTTP/1.1 200 OK');
  });

  it('malformed request lines get 400 from the clientError handler, and the server goes on', async () => {
    expect(await rawRequest('GARBAGE\r\n\r\n')).toBe('HTTP/1.1 400 Bad Request');
    expect(await rawRequest('GET /a b c HTTP/1.1\r\nHost: x\r\n\r\n')).toBe('HTTP/1.1 400 Bad Request');
    expect(await rawRequest('GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n')).toBe('HTTP/1.1 400 Bad Request');
    expect(await request('/rooms')).toBe('HTTP/1.1 200 OK');
  });

  it('an invalid byte range is ignored (the whole file, 200), a valid one honoured', async () => {
    expect(await request('/rooms', 'Range: bytes=500-2\r\n')).toBe('HTTP/1.1 200 OK');
    expect(await request('/rooms', 'Range: bytes=0-1,4-5\r\n')).toBe('HTTP/1.1 200 OK');
    expect(await request('/rooms', 'Range: bytes=2-5\r\n')).toBe('HTTP/1.1 206 Partial Content');
  });

  it('requestUrl (used by siteHandler, which the webhook service mounts) refuses what cannot name a file on this origin', async () => {
    expect(requestUrl('http://u:p@x/')).toBeNull();
    expect(requestUrl('http://[/')).toBeNull();
    expect(requestUrl('//u:p@x/a')?.pathname).toBe('//u:p@x/a');
    expect(requestUrl('/a?b=1#c')?.href).toBe('http://preview.local/a?b=1');
  });
});

describe('preview server across publishes (publish.ts)', () => {
  it('serves a file written after it started (no index made in advance), no dot file but those under .well-known', async () => {
    await writeFile(path.join(dist, 'late.html'), '<p>late</p>');
    expect(await (await get('/late')).text()).toBe('<p>late</p>');
    await writeFile(path.join(dist, '.env'), 'SECRET=1');
    await mkdir(path.join(dist, '.git'), { recursive: true });
    await writeFile(path.join(dist, '.git', 'config'), 'secret');
    await mkdir(path.join(dist, '.well-known'), { recursive: true });
    await writeFile(path.join(dist, '.well-known', 'security.txt'), 'Contact: mailto:security@marea.example');
    for (const hidden of ['/.env', '/.git/config']) {
      const response = await get(hidden);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toMatch(/secret/i);
    }
    expect(await (await get('/.well-known/security.txt')).text()).toContain('Contact:');
  });

  it('serves each newly published build, also when dist/ is the folder it served two builds ago, patched since', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'marea-preview-publish-'));
    const paths = projectPaths({ root, dist: path.join(root, 'dist'), builds: path.join(root, 'builds'), work: path.join(root, '.work') });
    for (const id of ['p1', 'p2', 'p3']) {
      const staging = path.join(paths.builds, `.staging-${id}`);
      await mkdir(path.join(staging, 'builds'), { recursive: true });
      await mkdir(path.join(staging, 'assets'), { recursive: true });
      await writeFile(path.join(staging, 'builds/latest.json'), JSON.stringify({ id }));
      await writeFile(path.join(staging, `assets/entry-${id}.js`), `// ${id}`);
      await writeChecksums(staging);
      await storeBuild(paths, staging, { id, timestamp: 't', builtAt: 'b' });
    }
    const server = createPreviewServer(paths.dist);
    const site = await listen(server, 0);
    try {
      await publishBuild(paths, 'p1', () => {});
      expect((await fetch(`${site}/assets/entry-p1.js`)).status).toBe(200);
      // Two publishes with no request between them: dist/ is the first folder again (the standby), patched into p3.
      await publishBuild(paths, 'p2', () => {});
      await publishBuild(paths, 'p3', () => {});
      expect((await fetch(`${site}/assets/entry-p3.js`)).status).toBe(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
