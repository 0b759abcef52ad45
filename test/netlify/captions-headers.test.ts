import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPreviewServer, listen } from '../../src/node/preview/server.js';
import { startNetlifyRuntime, type NetlifyRuntime } from '../support/netlify-runtime.js';

/**
 * Published captions (docs/security.md, "Media are judged by their bytes") are served as what they
 * are, `text/vtt`, with `nosniff`: a browser then never runs one as a
 * script, even one the build's check let through. Netlify's local runtime
 * (its header rules from netlify.toml, its static types) and `npm run preview`.
 */
const CAPTIONS = '/assets/media/lagoon_loop_en.4f1c9a72be.vtt';

let dist: string;
let preview: Server;
let previewOrigin: string;
let netlify: NetlifyRuntime;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'marea-vtt-'));
  await mkdir(path.join(dist, 'assets/media'), { recursive: true });
  await writeFile(path.join(dist, CAPTIONS), 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nHola\n');
  await writeFile(path.join(dist, '404.html'), 'not found');
  preview = createPreviewServer(dist);
  previewOrigin = await listen(preview, 0);
  netlify = await startNetlifyRuntime(dist, { edgeFunctions: false });
}, 120_000);

afterAll(async () => {
  await new Promise<void>((resolve) => preview?.close(() => resolve()));
  await netlify?.close();
  await rm(dist, { recursive: true, force: true });
});

describe('captions are served as text/vtt with nosniff', () => {
  it.each([
    ['Netlify’s local runtime', () => netlify.origin],
    ['npm run preview', () => previewOrigin],
  ])('%s', async (_name, origin) => {
    const response = await fetch(`${origin()}${CAPTIONS}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/vtt(;|$)/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toMatch(/^WEBVTT/);
  });

  it('nothing reached beyond loopback', () => {
    expect(netlify.blocked).toEqual([]);
  });
});
