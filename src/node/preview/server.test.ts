// @vitest-environment node
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPreviewServer, listen } from './server.js';

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
