// @vitest-environment node
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Media, Page } from '../../shared/model.js';
import { copyMedia } from './media.js';
import { encodeShareImages, shareField, shareSources } from './share-image.js';
import { hugePng } from '../../../test/support/huge-png.js';

let uploads: string;
beforeAll(async () => {
  uploads = await mkdtemp(path.join(tmpdir(), 'marea-share-'));
  const noise = (width: number, height: number, channels: 3 | 4) =>
    sharp({ create: { width, height, channels, background: channels === 4 ? { r: 11, g: 79, b: 108, alpha: 0.4 } : '#0b4f6c' } });
  await noise(2400, 1600, 3).jpeg().toFile(path.join(uploads, 'bay.jpg'));
  await noise(1600, 1600, 4).png().toFile(path.join(uploads, 'badge.png'));
  await noise(1800, 1200, 4).webp().toFile(path.join(uploads, 'clear.webp'));
  await noise(800, 500, 3).jpeg().toFile(path.join(uploads, 'small.jpg'));
  await writeFile(path.join(uploads, 'huge.png'), hugePng(50_000, 50_000));
  await writeFile(path.join(uploads, 'torn.jpg'), (await readFile(path.join(uploads, 'bay.jpg'))).subarray(0, 200));
});

async function sharePhase(urls: string[], cache: string) {
  const out = await mkdtemp(path.join(tmpdir(), 'marea-staging-'));
  const copy = await copyMedia(urls, (url) => path.join(uploads, url.replace('/uploads/', '')), out);
  return { out, copy, result: await encodeShareImages(copy, urls, out, cache) };
}

describe('share-card images (docs/search-and-sharing.md, "Share cards")', () => {
  it('a photo becomes a 1200 px JPEG, a PNG or a transparent image a 1200 px PNG, a small one keeps its size; width and height are the file’s', async () => {
    const { out, copy, result } = await sharePhase(
      ['/uploads/bay.jpg', '/uploads/badge.png', '/uploads/clear.webp', '/uploads/small.jpg'],
      await mkdtemp(path.join(tmpdir(), 'marea-cache-')),
    );
    const of = (url: string) => result.renditions.get(copy.urls.get(url)!)!;
    expect(of('/uploads/bay.jpg')).toMatchObject({ width: 1200, height: 800 });
    expect(of('/uploads/bay.jpg').url).toMatch(/^\/assets\/media\/bay\.[0-9a-f]{10}\.share-[0-9a-f]{8}\.jpg$/);
    expect(of('/uploads/badge.png')).toMatchObject({ url: expect.stringMatching(/\.png$/), width: 1200, height: 1200 });
    expect(of('/uploads/clear.webp')).toMatchObject({ url: expect.stringMatching(/\.png$/), width: 1200, height: 800 });
    expect(of('/uploads/small.jpg')).toMatchObject({ width: 800, height: 500 });
    for (const rendition of result.renditions.values()) {
      const file = await sharp(path.join(out, rendition.url)).metadata();
      expect([file.format, file.width, file.height]).toEqual([rendition.url.endsWith('.png') ? 'png' : 'jpeg', rendition.width, rendition.height]);
    }
    expect(result.encoded).toBe(4);
  });

  it('cached by content hash: a second build encodes nothing and writes the same bytes', async () => {
    const cache = await mkdtemp(path.join(tmpdir(), 'marea-cache-'));
    const first = await sharePhase(['/uploads/bay.jpg'], cache);
    const second = await sharePhase(['/uploads/bay.jpg'], cache);
    expect([first.result.encoded, second.result.encoded]).toEqual([1, 0]);
    const [url] = [...second.result.renditions.values()].map((r) => r.url);
    expect(await readFile(path.join(second.out, url!))).toEqual(await readFile(path.join(first.out, url!)));
  });

  it('an image too large to decode, or that does not decode, is reported by url, not thrown; the others are encoded', async () => {
    const { result } = await sharePhase(['/uploads/huge.png', '/uploads/torn.jpg', '/uploads/small.jpg'], await mkdtemp(path.join(tmpdir(), 'marea-cache-')));
    expect(result.oversized).toEqual([{ url: '/uploads/huge.png', width: 50_000, height: 50_000 }]);
    expect(result.undecodable).toEqual([{ url: '/uploads/torn.jpg', reason: expect.any(String) as string }]);
    expect(result.renditions.size).toBe(1);
  });

  it('an image the media phase already found undecodable or too large is left to its report', async () => {
    const urls = ['/uploads/huge.png', '/uploads/small.jpg'];
    const out = await mkdtemp(path.join(tmpdir(), 'marea-staging-'));
    const copy = await copyMedia(urls, (url) => path.join(uploads, url.replace('/uploads/', '')), out);
    const oversized = [{ url: '/uploads/huge.png', width: 50_000, height: 50_000 }];
    const result = await encodeShareImages({ ...copy, oversized, undecodable: [] }, urls, out, await mkdtemp(path.join(tmpdir(), 'marea-cache-')));
    expect([result.oversized, result.undecodable, result.renditions.size]).toEqual([[], [], 1]);
  });

  it('each page’s source: its metaImage, else its first hero image, else its cover; never an SVG or a video', () => {
    const media = (url: string, mime = 'image/jpeg', kind: Media['kind'] = 'image'): Media => ({ kind, url, mime, width: 10, height: 10, alt: '', formats: [] });
    const page = (seo: Media | null, hero: Media | null, cover: Media | null) =>
      ({
        seo: { metaTitle: '', metaDescription: '', metaImage: seo, noIndex: false },
        blocks: hero ? [{ component: 'blocks.hero', name: 'Hero', key: '0', countries: null, props: { media: hero } }] : [],
        cover,
      }) as unknown as Page;
    expect(
      shareSources([
        page(media('/u/seo.jpg'), media('/u/hero.jpg'), media('/u/cover.jpg')),
        page(null, media('/u/film.mp4', 'video/mp4', 'video'), media('/u/cover.png', 'image/png')),
        page(media('/u/logo.svg', 'image/svg+xml'), media('/u/hero.webp', 'image/webp'), null),
        page(null, null, null),
      ]),
    ).toEqual(['/u/cover.png', '/u/hero.webp', '/u/seo.jpg']);
    // The field a problem with the share image names: the one the page takes it from.
    const fields = [
      shareField(page(media('/u/seo.jpg'), media('/u/hero.jpg'), null), '/u/seo.jpg'),
      shareField(page(null, media('/u/hero.jpg'), media('/u/cover.jpg')), '/u/hero.jpg'),
      shareField(page(null, null, media('/u/cover.jpg')), '/u/cover.jpg'),
      shareField(page(media('/u/seo.jpg'), null, media('/u/cover.jpg')), '/u/cover.jpg'),
    ];
    expect(fields).toEqual(['seo.metaImage', 'blocks[0].media', 'cover', undefined]);
  });
});
