import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { copyFromCache, fillCacheEntry } from './cache-entry.js';
import { isBlock } from '../../shared/blocks/names.js';
import type { Page } from '../../shared/model.js';
import { shareSource } from '../../shared/structured-data.js';
import type { MediaCopy } from './media.js';
import { noteUnreadable, readImageHeader, type UnreadableImages } from './media-pixels.js';

/**
 * Share-card images (docs/search-and-sharing.md, "Share cards"): chat apps and social networks
 * read `og:image` once, at 1200 px wide (Facebook's and LinkedIn's size),
 * and not all of them read AVIF or WebP. So each page's share source
 * (`shareSource`) gets one JPEG at 1200 px wide, or a PNG when the source is
 * a PNG or has transparency (a logo on a clear background stays clear),
 * never enlarged. Cached like the AVIF and WebP variants (media-encode.ts):
 * by the copy's content-hashed name and `SHARE_KEY`.
 */
const SHARE_WIDTH = 1200;
const SETTINGS = { jpeg: { quality: 82, mozjpeg: true }, png: { compressionLevel: 9, palette: false } } as const;

/** Names the settings and the encoder in each share file's name and cache entry. */
const SHARE_KEY = createHash('sha256')
  .update(JSON.stringify({ SETTINGS, SHARE_WIDTH, sharp: sharp.versions.sharp, vips: sharp.versions.vips }))
  .digest('hex')
  .slice(0, 8);

/** A share rendition as written: its site url and real pixel size. */
export interface ShareRendition {
  url: string;
  width: number;
  height: number;
}

interface Entry {
  file: string;
  width: number;
  height: number;
}

/** The CMS urls of the pages' share sources (before the media phase rewrites urls), sorted. */
export function shareSources(pages: readonly Page[]): string[] {
  return [...new Set(pages.map((page) => shareSource(page)?.url).filter((url): url is string => !!url))].sort();
}

/** The share renditions written, and the sources that could not be read: the media phase's problems, as `encodeImages` reports them. */
export interface ShareImages extends UnreadableImages {
  /** By the copy's site url, the key `payloads.ts` looks them up by. */
  renditions: Map<string, ShareRendition>;
  encoded: number;
  bytes: number;
}

/**
 * Encodes the share rendition of each source (already copied into `outDir`)
 * beside its copy (`sea.1a2b3c4d5e.jpg` → `sea.1a2b3c4d5e.share-k3y.jpg`).
 * A source the encoder could not read (`copy.undecodable`, `copy.oversized`)
 * is left to the media phase's report; one only this step reads is reported
 * the same way, never thrown: rule 13 holds its pages back.
 */
export async function encodeShareImages(copy: MediaCopy & Partial<UnreadableImages>, sources: string[], outDir: string, cacheDir: string): Promise<ShareImages> {
  const result: ShareImages = { renditions: new Map(), encoded: 0, bytes: 0, undecodable: [], oversized: [] };
  const reported = new Set([...(copy.undecodable ?? []), ...(copy.oversized ?? [])].map((problem) => problem.url));
  for (const url of sources) {
    const site = copy.urls.get(url);
    if (!site || !/\.(jpg|png|webp)$/.test(site) || reported.has(url)) continue; // missing, refused, undecodable or not raster after all: reported by the media phase
    const cached = path.join(cacheDir, `${path.basename(site)}-share-${SHARE_KEY}`);
    let entry = cachedEntry(cached);
    if (!entry) {
      try {
        entry = await encode(await readFile(path.join(outDir, site)), cached);
      } catch (error) {
        noteUnreadable(result, url, error);
        continue;
      }
      result.encoded += 1;
    }
    const target = `${site.slice(0, site.lastIndexOf('.'))}.share-${SHARE_KEY}${path.extname(entry.file)}`;
    result.bytes += copyFromCache(path.join(cached, entry.file), path.join(outDir, target));
    result.renditions.set(site, { url: target, width: entry.width, height: entry.height });
  }
  return result;
}

/** The field `page` takes its share image from (`shareSource`'s order) when that image is `url`, for a problem's issue; else undefined. */
export function shareField(page: Page, url: string): string | undefined {
  const source = shareSource(page);
  if (source?.url !== url) return undefined;
  if (page.seo.metaImage === source) return 'seo.metaImage';
  const hero = page.blocks.findIndex((b) => isBlock(b, 'blocks.hero') && b.props.media === source);
  if (hero >= 0) return `blocks[${hero}].media`;
  return page.cover === source ? 'cover' : undefined;
}

function cachedEntry(dir: string): Entry | null {
  try {
    const entry = JSON.parse(readFileSync(path.join(dir, 'entry.json'), 'utf8')) as Entry;
    statSync(path.join(dir, entry.file));
    return entry;
  } catch {
    return null;
  }
}

/** One rendition into a new cache entry (cache-entry.ts). */
async function encode(bytes: Buffer, dir: string): Promise<Entry> {
  const meta = await readImageHeader(bytes);
  const png = meta.format === 'png' || meta.hasAlpha === true;
  const image = sharp(bytes).rotate().resize({ width: SHARE_WIDTH, withoutEnlargement: true });
  const file = png ? 'share.png' : 'share.jpg';
  return fillCacheEntry(
    dir,
    async (tmp) => {
      // The size sharp reports is that of the file written: what og:image:width and og:image:height say.
      const info = await (png ? image.png(SETTINGS.png) : image.flatten({ background: '#ffffff' }).jpeg(SETTINGS.jpeg)).toFile(path.join(tmp, file));
      const entry: Entry = { file, width: info.width, height: info.height };
      await writeFile(path.join(tmp, 'entry.json'), JSON.stringify(entry));
      return entry;
    },
    cachedEntry,
  );
}
