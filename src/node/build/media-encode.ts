import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { noteUnreadable, readImageHeader, type UnreadableImages } from './media-pixels.js';
import { copyFromCache, fillCacheEntry } from './cache-entry.js';
import type { MediaVariants } from '../../shared/model.js';
import { VARIANT_FORMATS, variantUrl } from '../../shared/media.js';
import type { MediaCopy } from './media.js';

/**
 * Widths the layout needs, from the `sizes` of the image components
 * (src/client: hero and lightbox `100vw`, image block `72rem`, modals
 * `44rem`, cards `23rem` or half or all of a phone): 400 px for a card on a
 * desktop, 800 for a phone's full width (412 px at 1.75× needs 721), 1200
 * for a phone at 3×, 1600 and 2000 for wide and dense screens. An image is
 * never enlarged: its own width ends the list.
 */
const VARIANT_WIDTHS = [400, 800, 1200, 1600, 2000] as const;

/**
 * Encoder settings. AVIF at effort 2 came out the same size as effort 4 on
 * the bundled photos (within 3%) in a sixth of the time; quality 50 and WebP
 * quality 75 keep photos clean at a third (AVIF) and half (WebP) of the CMS's JPEGs.
 */
const SETTINGS = { avif: { quality: 50, effort: 2 }, webp: { quality: 75, effort: 4 } } as const;

/** Names the settings and the encoder in every variant's file name and cache entry: new settings, new files. */
const VARIANT_KEY = createHash('sha256')
  .update(JSON.stringify({ SETTINGS, VARIANT_WIDTHS, sharp: sharp.versions.sharp, vips: sharp.versions.vips }))
  .digest('hex')
  .slice(0, 8);

/**
 * An image's variant key, in its variants' names (`variantUrl`) and its
 * `variants.key`: the original's site name (which holds its content hash)
 * and `VARIANT_KEY`, hashed to 8 letters and digits (41 bits, as many as the
 * original's hash): the variants' names need not repeat the original's hash.
 */
export function imageVariantKey(site: string): string {
  const bits = createHash('sha256')
    .update(`${path.basename(site)}\0${VARIANT_KEY}`)
    .digest()
    .readUIntBE(0, 6);
  return (bits % 36 ** 8).toString(36).padStart(8, '0');
}

/** What the media phase made of the raster images. */
export interface MediaEncoding extends MediaCopy {
  /** Variant files encoded by this build. */
  encoded: number;
  /** Variant files taken from the cache (`<work>/media/`): encoded by an earlier build from the same bytes and settings. */
  reused: number;
  /** Raster images the encoder could not read (corrupt or not an image), by CMS url. */
  undecodable: UnreadableImages['undecodable'];
  /** Raster images larger than the build decodes (`MAX_IMAGE_PIXELS`), by CMS url, with their declared size. */
  oversized: UnreadableImages['oversized'];
}

/**
 * Encodes each raster original (already copied into `outDir` by
 * `copyMedia`) to AVIF and WebP at `VARIANT_WIDTHS`, beside it
 * (`variantUrl`), and records the variants in `copy.urls.variants` for
 * `rewriteMediaUrls`. Encoded files are cached in `cacheDir` by the
 * original's name and content hash (its site name) and `VARIANT_KEY`: a
 * rebuild encodes nothing it encoded before.
 */
export async function encodeImages(copy: MediaCopy, images: string[], outDir: string, cacheDir: string): Promise<MediaEncoding> {
  const result: MediaEncoding = { ...copy, encoded: 0, reused: 0, undecodable: [], oversized: [] };
  for (const url of images) {
    const site = copy.urls.get(url);
    if (!site) continue; // missing or refused: reported by the caller
    if (!/\.(jpg|png|webp)$/.test(site)) continue; // the CMS says raster, the bytes say otherwise (an SVG, a GIF): published as they are
    // The copy's name carries the original's content hash (copyMedia): a cache hit reads nothing but the variants.
    const entry = path.join(cacheDir, `${path.basename(site)}-${VARIANT_KEY}`);
    let widths = cachedWidths(entry);
    if (widths) result.reused += widths.length * VARIANT_FORMATS.length;
    else {
      try {
        widths = await encode(await readFile(path.join(outDir, site)), entry);
      } catch (error) {
        noteUnreadable(result, url, error);
        continue;
      }
      result.encoded += widths.length * VARIANT_FORMATS.length;
    }
    const key = imageVariantKey(site);
    for (const width of widths) {
      for (const { format } of VARIANT_FORMATS) {
        const file = path.join(outDir, variantUrl(site, key, width, format));
        result.bytes += copyFromCache(path.join(entry, `${width}.${format}`), file);
        result.files += 1;
      }
    }
    copy.urls.variants.set(url, { key, widths } satisfies MediaVariants);
  }
  return result;
}

function cachedWidths(entry: string): number[] | null {
  try {
    const widths = JSON.parse(readFileSync(path.join(entry, 'widths.json'), 'utf8')) as number[];
    return widths.every((w) => VARIANT_FORMATS.every(({ format }) => existsSync(path.join(entry, `${w}.${format}`)))) ? widths : null;
  } catch {
    return null;
  }
}

/** Encodes every variant into a new cache entry (cache-entry.ts). */
async function encode(bytes: Buffer, entry: string): Promise<number[]> {
  // The upright size: variants are rotated as the browser shows the original (EXIF orientation).
  const meta = await readImageHeader(bytes);
  const width = meta.autoOrient?.width ?? meta.width;
  if (!width) throw new Error('no image size');
  const widths = [...new Set([...VARIANT_WIDTHS.filter((w) => w < width), Math.min(width, VARIANT_WIDTHS.at(-1)!)])];
  return fillCacheEntry(
    entry,
    async (tmp) => {
      await Promise.all(
        widths.flatMap((w) => [
          sharp(bytes)
            .rotate()
            .resize({ width: w })
            .avif(SETTINGS.avif)
            .toFile(path.join(tmp, `${w}.avif`)),
          sharp(bytes)
            .rotate()
            .resize({ width: w })
            .webp(SETTINGS.webp)
            .toFile(path.join(tmp, `${w}.webp`)),
        ]),
      );
      await writeFile(path.join(tmp, 'widths.json'), JSON.stringify(widths));
      return widths;
    },
    cachedWidths,
  );
}
