import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync, statSync, writeFileSync, type Stats } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Media, MediaVariants } from '../../shared/model.js';
import { isMedia } from '../../shared/media.js';
import { uploadsInText } from '../cms/media-urls.js';
import { mediaUrlsInContent } from './media-walks.js';
import { judgeCaptions, judgeMedia } from '../media-safety/judge.js';
import { mapFields, mapItems, type JsonRecord } from '../content/values.js';

function statOrNull(file: string): Stats | null {
  try {
    return statSync(file);
  } catch {
    return null;
  }
}

/** Media are copied under this site path with content-hashed names (immutable, cacheable). */
const MEDIA_DIR = 'assets/media';

/** The hash Strapi appends to an upload's name (`sea_1a2b3c4d5e.jpg`, `large_sea_1a2b3c4d5e.jpg`). */
const STRAPI_SUFFIX = /_[0-9a-f]{10}$/;

/** A media file hashed by an earlier build of the same process (build-memo.ts). */
export interface KnownMedia {
  source: string;
  size: number;
  mtimeMs: number;
  name: string;
}

/**
 * Source url → site url of every media file; `variants`: the AVIF and WebP
 * variants the encoder made of raster originals (media-encode.ts), by source url.
 */
class MediaUrls extends Map<string, string> {
  readonly variants = new Map<string, MediaVariants>();
}

export interface MediaCopy {
  /** Site url of each source url (and the variants of each raster original). */
  urls: MediaUrls;
  files: number;
  bytes: number;
  missing: string[];
  /** Media whose bytes are not an allowed image, video or captions file (media-safety/judge.ts), with the reason: never published. */
  refused: { url: string; reason: string }[];
}

/** The pages using a media url, as `<locale> <path>` (at most five, then how many more), for error messages; `whole`: a page with all its blocks (spill.ts). */
export function mediaUsers<P extends { locale: string; path: string }>(pages: readonly P[], url: string, whole: (page: P) => unknown = (page) => page): string {
  const users = pages.filter((page) => mediaUrlsInContent(whole(page)).includes(url)).map((page) => `${page.locale} ${page.path}`);
  return users.length > 5 ? `${users.slice(0, 5).join(', ')} and ${users.length - 5} more pages` : users.join(', ');
}

/**
 * `value` with every media url mapped (unknown urls are left as they are) and
 * each encoded image's variants attached. Copy on write: what holds no media
 * url (most text and props) is the same object as in `value`, only the way
 * down to a changed value is copied, and `value` itself is left unchanged (at
 * 10,000 pages a deep copy held a second copy of the content through the
 * render phase).
 */
export function rewriteMediaUrls<T>(value: T, urls: Map<string, string>, media = new Map<Media, Media>()): T {
  // A media value used in many places (normalise interns them) is rewritten once; `media` may be shared by calls with the same `urls`.
  const visit = (node: unknown): unknown => {
    if (isMedia(node)) {
      let copy = media.get(node);
      if (!copy) {
        const variants = urls instanceof MediaUrls ? urls.variants.get(node.url) : undefined;
        copy = { ...node, url: urls.get(node.url) ?? node.url, formats: node.formats.map((f) => ({ ...f, url: urls.get(f.url) ?? f.url })), ...(variants && { variants }) };
        media.set(node, copy);
      }
      return copy;
    }
    if (typeof node === 'string') {
      // Rich text: uploads inside HTML point at their copies too.
      let text = node;
      for (const url of uploadsInText(node)) text = text.split(url).join(urls.get(url) ?? url);
      return text;
    }
    if (Array.isArray(node)) return mapItems(node, visit);
    if (node && typeof node === 'object') return mapFields(node as JsonRecord, visit);
    return node;
  };
  return visit(value) as T;
}

/**
 * Copies the media into `outDir/assets/media/<name>.<hash>.<ext>`, so the
 * published site does not depend on the CMS. `resolve` maps a CMS url to the
 * local file (content cache). Each file is judged by its bytes first
 * (`judgeMedia`): `<ext>` is that of what the bytes are, never the CMS's
 * name (it sets the Content-Type the site is served with), an SVG is
 * published sanitised, anything else is refused; a url of `captions` must
 * be WebVTT (`judgeCaptions`). Missing and refused files are reported, not
 * fatal here: the caller decides.
 */
export async function copyMedia(
  urls: string[],
  resolve: (url: string) => string,
  outDir: string,
  known?: Map<string, KnownMedia>,
  captions: ReadonlySet<string> = new Set(),
): Promise<MediaCopy> {
  const result: MediaCopy = { urls: new MediaUrls(), files: 0, bytes: 0, missing: [], refused: [] };
  await mkdir(path.join(outDir, MEDIA_DIR), { recursive: true });
  for (const url of urls) {
    const source = resolve(url);
    // A long-running builder knows the name of a file it hashed before, while its size and time are the same.
    const seen = known?.get(url);
    const stats = known ? statOrNull(source) : null;
    // Not an SVG: the published copy of one is its sanitised version, not the source. Captions: only a file judged WebVTT.
    const fits = seen && !seen.name.endsWith('.svg') && (!captions.has(url) || seen.name.endsWith('.vtt'));
    if (fits && stats && seen.source === source && seen.size === stats.size && seen.mtimeMs === stats.mtimeMs) {
      // Synchronous, like the cache's copies (cache-entry.ts): hundreds of known files a rebuild.
      copyFileSync(source, path.join(outDir, MEDIA_DIR, seen.name));
      result.urls.set(url, `/${MEDIA_DIR}/${seen.name}`);
      result.files += 1;
      result.bytes += seen.size;
      continue;
    }
    let bytes: Buffer;
    try {
      // Synchronous, as the copies above: read and written with a promise each, a build's media were mostly the main
      // thread waiting on the thread pool (0.13 s of idle in a 0.22 s media phase at 10,002 pages).
      bytes = readFileSync(source);
    } catch {
      result.missing.push(url);
      continue;
    }
    const judged = captions.has(url) ? await judgeCaptions(bytes) : await judgeMedia(bytes);
    if (!judged.ok) {
      result.refused.push({ url, reason: judged.reason });
      continue;
    }
    bytes = judged.bytes;
    const pathname = new URL(url, 'http://x').pathname;
    // Strapi's own suffix (`sea_1a2b3c4d5e`) goes: the content hash names the file, and every page repeats the name in its images' URLs.
    const own = path.basename(pathname, path.extname(pathname));
    const base = (own.replace(STRAPI_SUFFIX, '') || own).replace(/[^a-zA-Z0-9_-]+/g, '-').slice(0, 60);
    const name = `${base}.${createHash('sha256').update(bytes).digest('hex').slice(0, 10)}.${judged.ext}`;
    writeFileSync(path.join(outDir, MEDIA_DIR, name), bytes);
    if (known && stats) known.set(url, { source, size: stats.size, mtimeMs: stats.mtimeMs, name });
    result.urls.set(url, `/${MEDIA_DIR}/${name}`);
    result.files += 1;
    result.bytes += bytes.length;
  }
  return result;
}
