// @vitest-environment node
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Media } from '../../shared/model.js';
import { copyMedia, mediaUsers, rewriteMediaUrls } from './media.js';
import { mediaUrlsInContent } from './media-walks.js';

const media: Media = { kind: 'image', url: '/uploads/a.jpg', mime: 'image/jpeg', width: 10, height: 10, alt: '', formats: [{ url: '/uploads/small_a.jpg', width: 5, height: 5 }] };

describe('media phase', () => {
  it('collects media fields, captions, formats and uploads inside rich text', () => {
    const captions: Media = { kind: 'captions', url: '/uploads/a.vtt', mime: 'text/vtt', width: null, height: null, alt: '', formats: [] };
    const content = { blocks: [{ props: { media, captions, body: '<p><img src="/uploads/b.png" alt=""></p>', text: 'see ![x](/uploads/c.gif)' } }] };
    expect(mediaUrlsInContent(content)).toEqual(['/uploads/a.jpg', '/uploads/a.vtt', '/uploads/b.png', '/uploads/c.gif', '/uploads/small_a.jpg']);
    expect(mediaUsers([{ locale: 'es', path: '/es', ...content }], '/uploads/a.vtt')).toBe('es /es');
    expect(rewriteMediaUrls(content, new Map([['/uploads/a.vtt', '/assets/media/a.123.vtt']])).blocks[0]!.props.captions.url).toBe('/assets/media/a.123.vtt');
  });

  it('rewrites every url to its site copy without touching the input', () => {
    const content = { media, body: '<img src="/uploads/b.png">' };
    const urls = new Map([
      ['/uploads/a.jpg', '/assets/media/a.111.jpg'],
      ['/uploads/small_a.jpg', '/assets/media/small_a.222.jpg'],
      ['/uploads/b.png', '/assets/media/b.333.png'],
    ]);
    const out = rewriteMediaUrls(content, urls);
    expect(out.media.url).toBe('/assets/media/a.111.jpg');
    expect(out.media.formats[0]!.url).toBe('/assets/media/small_a.222.jpg');
    expect(out.body).toBe('<img src="/assets/media/b.333.png">');
    expect(content.media.url).toBe('/uploads/a.jpg');
  });

  it('copies only the way down to a rewritten url: the rest is the same objects', () => {
    const text = { title: 'Pool', items: [{ label: 'a' }] };
    const hero = { media };
    const content = { text, hero, body: 'no uploads here' };
    const out = rewriteMediaUrls(content, new Map([['/uploads/a.jpg', '/assets/media/a.111.jpg']]));
    expect(out.text).toBe(text);
    expect(out.hero).not.toBe(hero);
    expect(out.hero.media.url).toBe('/assets/media/a.111.jpg');
    expect(hero.media.url).toBe('/uploads/a.jpg');
    // Nothing to rewrite: the value itself comes back.
    expect(rewriteMediaUrls(text, new Map())).toBe(text);
  });
});

describe('copyMedia: media judged by their bytes', () => {
  const html = '<!doctype html><html><body><script>fetch("/api/admin",{credentials:"include"})</script></body></html>';
  let cache: string;
  let out: string;
  beforeEach(async () => {
    cache = await mkdtemp(path.join(tmpdir(), 'marea-copy-'));
    out = path.join(cache, 'site');
  });
  afterEach(() => rm(cache, { recursive: true, force: true }));

  async function copy(files: Record<string, Buffer | string>, captions: ReadonlySet<string> = new Set()) {
    for (const [name, bytes] of Object.entries(files)) await writeFile(path.join(cache, name), bytes);
    const result = await copyMedia(
      Object.keys(files).map((name) => `/uploads/${name}`),
      (url) => path.join(cache, path.basename(url)),
      out,
      undefined,
      captions,
    );
    const published = new Map<string, Buffer>();
    for (const [url, site] of result.urls) published.set(url, await readFile(path.join(out, site)));
    return { result, published, names: (await readdir(path.join(out, 'assets/media'))).sort() };
  }

  it('an SVG with script is published sanitised (no <script>, no on* attribute, still an SVG)', async () => {
    const { result, published, names } = await copy({
      'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script><rect width="4" height="4" onclick="alert(2)"/></svg>',
    });
    expect(result.refused).toEqual([]);
    expect(names).toEqual([expect.stringMatching(/^logo\.[0-9a-f]{10}\.svg$/)]);
    const svg = published.get('/uploads/logo.svg')!.toString('utf8');
    expect(svg).toBe('<svg xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4"/></svg>');
  });

  it('an .html upload and an HTML file named .jpg are refused with their urls, nothing published', async () => {
    const { result, names } = await copy({ 'menu.html': html, 'pool.jpg': html, 'empty.svg': '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>' });
    expect(result.refused.map((r) => r.url)).toEqual(['/uploads/menu.html', '/uploads/pool.jpg', '/uploads/empty.svg']);
    expect(result.refused[0]!.reason).toMatch(/its bytes are text starting "<!doctype html>.*not an allowed image or video/);
    expect(result.refused[2]!.reason).toMatch(/nothing left to show/);
    expect(result.urls.size).toBe(0);
    expect(names).toEqual([]);
  });

  it('a PNG named .svg is published as .png; a JPEG with HTML appended stays a .jpg', async () => {
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#0e6f80' } })
      .png()
      .toBuffer();
    const jpeg = Buffer.concat([
      await sharp({ create: { width: 2, height: 2, channels: 3, background: '#0e6f80' } })
        .jpeg()
        .toBuffer(),
      Buffer.from(html),
    ]);
    const { result, published } = await copy({ 'hero.svg': png, 'beach.jpeg': jpeg });
    expect(result.refused).toEqual([]);
    expect(result.urls.get('/uploads/hero.svg')).toMatch(/^\/assets\/media\/hero\.[0-9a-f]{10}\.png$/);
    expect(result.urls.get('/uploads/beach.jpeg')).toMatch(/^\/assets\/media\/beach\.[0-9a-f]{10}\.jpg$/);
    expect(published.get('/uploads/hero.svg')).toEqual(png);
  });

  it("published names drop Strapi's own hash (`sea_1a2b3c4d5e`): the content hash names the file, and every page repeats the name", async () => {
    const jpeg = (background: string) =>
      sharp({ create: { width: 2, height: 2, channels: 3, background } })
        .jpeg()
        .toBuffer();
    const { result } = await copy({ 'sea_1a2b3c4d5e.jpg': await jpeg('#0e6f80'), 'large_sea_1a2b3c4d5e.jpg': await jpeg('#0b4f6c'), '_0a1b2c3d4e.jpg': await jpeg('#fc3') });
    expect(result.urls.get('/uploads/sea_1a2b3c4d5e.jpg')).toMatch(/^\/assets\/media\/sea\.[0-9a-f]{10}\.jpg$/);
    expect(result.urls.get('/uploads/large_sea_1a2b3c4d5e.jpg')).toMatch(/^\/assets\/media\/large_sea\.[0-9a-f]{10}\.jpg$/);
    // Nothing but the suffix: kept, so the file still has a name.
    expect(result.urls.get('/uploads/_0a1b2c3d4e.jpg')).toMatch(/^\/assets\/media\/_0a1b2c3d4e\.[0-9a-f]{10}\.jpg$/);
  });

  it('captions: WebVTT is published as .vtt, byte for byte; HTML named .vtt or a picture in a captions field is refused with its url', async () => {
    const vtt = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\n[Olas] Palmeras sobre la laguna.\n';
    const jpeg = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#0e6f80' } })
      .jpeg()
      .toBuffer();
    const captions = new Set(['/uploads/lagoon.vtt', '/uploads/menu.vtt', '/uploads/photo.vtt']);
    const { result, published, names } = await copy({ 'lagoon.vtt': vtt, 'menu.vtt': html, 'photo.vtt': jpeg }, captions);
    expect(result.urls.get('/uploads/lagoon.vtt')).toMatch(/^\/assets\/media\/lagoon\.[0-9a-f]{10}\.vtt$/);
    expect(published.get('/uploads/lagoon.vtt')!.toString('utf8')).toBe(vtt);
    expect(result.refused.map((r) => r.url)).toEqual(['/uploads/menu.vtt', '/uploads/photo.vtt']);
    expect(result.refused[0]!.reason).toMatch(/captions field, and its bytes are text starting "<!doctype html>/);
    expect(result.refused[1]!.reason).toMatch(/captions field, and its bytes are JPG \(image\/jpeg\)/);
    expect(names).toEqual([expect.stringMatching(/^lagoon\.[0-9a-f]{10}\.vtt$/)]);
  });
});
