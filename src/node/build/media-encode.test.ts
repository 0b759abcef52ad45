// @vitest-environment node
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Media } from '../../shared/model.js';
import { variantUrl } from '../../shared/media.js';
import { copyMedia, rewriteMediaUrls } from './media.js';
import { encodeImages, imageVariantKey } from './media-encode.js';
import { rasterImages } from './media-walks.js';
import { hugePng } from '../../../test/support/huge-png.js';

/** A photo-like test image (a gradient: encoders cannot cheat on it). */
const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#0b4f6c' } }).composite([
    {
      input: Buffer.from(
        `<svg width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#fc3"/><stop offset="1" stop-color="#069"/></linearGradient></defs><rect width="100%" height="60%" fill="url(#g)"/></svg>`,
      ),
    },
  ]);

let uploads: string;
beforeAll(async () => {
  uploads = await mkdtemp(path.join(tmpdir(), 'marea-uploads-'));
  await photo(900, 600).jpeg().toFile(path.join(uploads, 'bay.jpg'));
  await photo(500, 500).png().toFile(path.join(uploads, 'pool.png'));
  // Stored sideways (900 × 600) with EXIF orientation 6: shown upright, 600 wide and 900 tall.
  await photo(900, 600).withMetadata({ orientation: 6 }).jpeg().toFile(path.join(uploads, 'tower.jpg'));
  await writeFile(path.join(uploads, 'huge.png'), hugePng(50_000, 50_000));
  // A JPEG's first bytes (the media judgement takes it for one), then nothing the decoder can read.
  await writeFile(
    path.join(uploads, 'broken.jpg'),
    Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]), Buffer.from('truncated')]),
  );
});

/** The media phase of a build into a fresh staging folder, with a given cache. */
async function mediaPhase(urls: string[], cache: string) {
  const out = await mkdtemp(path.join(tmpdir(), 'marea-staging-'));
  const copy = await copyMedia(urls, (url) => path.join(uploads, url.replace('/uploads/', '')), out);
  return { out, result: await encodeImages(copy, urls, out, cache) };
}

describe('media encoding (AVIF and WebP at the widths the layout needs)', () => {
  it('encodes each raster original to AVIF and WebP at 400, 800… up to its own width, beside it, and never enlarges', async () => {
    const cache = await mkdtemp(path.join(tmpdir(), 'marea-cache-'));
    const { out, result } = await mediaPhase(['/uploads/bay.jpg', '/uploads/pool.png'], cache);
    const site = result.urls.get('/uploads/bay.jpg')!;
    const key = imageVariantKey(site);
    expect(result.urls.variants.get('/uploads/bay.jpg')).toEqual({ key, widths: [400, 800, 900] });
    expect(result.urls.variants.get('/uploads/pool.png')).toEqual({ key: imageVariantKey(result.urls.get('/uploads/pool.png')!), widths: [400, 500] });
    expect(result.encoded).toBe(10);
    // Named after the original without its content hash, which the key holds (docs/performance.md, "What a page is made of").
    expect(site).toMatch(/^\/assets\/media\/bay\.[0-9a-f]{10}\.jpg$/);
    expect(key).toMatch(/^[0-9a-z]{8}$/);
    expect(variantUrl(site, key, 800, 'avif')).toBe(`/assets/media/bay.${key}-800.avif`);
    const avif = await sharp(path.join(out, variantUrl(site, key, 800, 'avif'))).metadata();
    expect([avif.format, avif.compression, avif.width, avif.height]).toEqual(['heif', 'av1', 800, 533]);
    const webp = await sharp(path.join(out, variantUrl(site, key, 900, 'webp'))).metadata();
    expect([webp.format, webp.width]).toEqual(['webp', 900]);
    // Smaller than the original at the same size.
    expect((await readFile(path.join(out, variantUrl(site, key, 900, 'avif')))).length).toBeLessThan((await readFile(path.join(uploads, 'bay.jpg'))).length);
  });

  it('a second build encodes nothing: every variant comes from the cache, byte for byte; new bytes are encoded again', async () => {
    const cache = await mkdtemp(path.join(tmpdir(), 'marea-cache-'));
    const first = await mediaPhase(['/uploads/bay.jpg'], cache);
    const second = await mediaPhase(['/uploads/bay.jpg'], cache);
    expect([first.result.encoded, first.result.reused]).toEqual([6, 0]);
    expect([second.result.encoded, second.result.reused]).toEqual([0, 6]);
    const site = second.result.urls.get('/uploads/bay.jpg')!;
    const file = variantUrl(site, imageVariantKey(site), 400, 'avif');
    expect(await readFile(path.join(second.out, file))).toEqual(await readFile(path.join(first.out, file)));
    await photo(900, 600).jpeg({ quality: 60 }).toFile(path.join(uploads, 'bay.jpg'));
    const edited = await mediaPhase(['/uploads/bay.jpg'], cache);
    expect([edited.result.encoded, edited.result.reused]).toEqual([6, 0]);
    // New bytes, new key: the variants' names change with the original's (immutable files).
    expect(edited.result.urls.variants.get('/uploads/bay.jpg')?.key).not.toBe(imageVariantKey(site));
  });

  it('variants are upright (EXIF orientation applied, as the browser shows the original)', async () => {
    const { out, result } = await mediaPhase(['/uploads/tower.jpg'], await mkdtemp(path.join(tmpdir(), 'marea-cache-')));
    expect(result.urls.variants.get('/uploads/tower.jpg')?.widths).toEqual([400, 600]);
    const site = result.urls.get('/uploads/tower.jpg')!;
    const upright = await sharp(path.join(out, variantUrl(site, imageVariantKey(site), 600, 'webp'))).metadata();
    expect([upright.width, upright.height]).toEqual([600, 900]);
  });

  it('an image that cannot be decoded is reported by url, without variants', async () => {
    const { out, result } = await mediaPhase(['/uploads/broken.jpg'], await mkdtemp(path.join(tmpdir(), 'marea-cache-')));
    expect(result.undecodable.map((u) => u.url)).toEqual(['/uploads/broken.jpg']);
    expect(result.urls.variants.size).toBe(0);
    expect(existsSync(path.join(out, result.urls.get('/uploads/broken.jpg')!))).toBe(true);
  });

  it('an image with more pixels than the build decodes is reported by url and size, never decoded', async () => {
    const { result } = await mediaPhase(['/uploads/huge.png', '/uploads/pool.png'], await mkdtemp(path.join(tmpdir(), 'marea-cache-')));
    expect(result.oversized).toEqual([{ url: '/uploads/huge.png', width: 50_000, height: 50_000 }]);
    expect(result.undecodable).toEqual([]);
    expect([...result.urls.variants.keys()]).toEqual(['/uploads/pool.png']);
  });
});

describe('which media are encoded, and how the content learns of it', () => {
  const image = (url: string, mime: string, kind: Media['kind'] = 'image'): Media => ({
    kind,
    url,
    mime,
    width: 10,
    height: 10,
    alt: '',
    formats: [{ url: url.replace('/uploads/', '/uploads/small_'), width: 5, height: 5 }],
  });

  it('raster originals only: JPEG, PNG and WebP, not their CMS formats, SVG, GIF or video', () => {
    const content = {
      pages: [{ blocks: [{ props: { a: image('/uploads/a.jpg', 'image/jpeg'), b: image('/uploads/b.webp', 'image/webp') } }] }],
      layout: {
        logo: image('/uploads/logo.svg', 'image/svg+xml'),
        gif: image('/uploads/c.gif', 'image/gif'),
        film: image('/uploads/f.mp4', 'video/mp4', 'video'),
        again: image('/uploads/a.jpg', 'image/jpeg'),
      },
    };
    expect(rasterImages(content)).toEqual(['/uploads/a.jpg', '/uploads/b.webp']);
  });

  it('rewriteMediaUrls gives an encoded image its variants, and leaves the others without', async () => {
    const { result } = await mediaPhase(['/uploads/pool.png'], await mkdtemp(path.join(tmpdir(), 'marea-cache-')));
    const out = rewriteMediaUrls({ pool: image('/uploads/pool.png', 'image/png'), other: image('/uploads/x.jpg', 'image/jpeg') }, result.urls);
    expect(out.pool.variants).toEqual({ key: imageVariantKey(out.pool.url), widths: [400, 500] });
    expect(out.pool.url).toMatch(/^\/assets\/media\/pool\.[0-9a-f]{10}\.png$/);
    expect(out.other).not.toHaveProperty('variants');
  });
});
