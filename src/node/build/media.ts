import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Media, MediaVariants } from '../../shared/model.js';
import { uploadsInText } from '../cms/media-urls.js';

/** Media are copied under this site path with content-hashed names (immutable, cacheable). */
const MEDIA_DIR = 'assets/media';

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
}

function isMedia(value: unknown): value is Media {
  const m = value as Media;
  return !!m && typeof m === 'object' && (m.kind === 'image' || m.kind === 'video') && typeof m.url === 'string' && Array.isArray(m.formats);
}

/**
 * Every media url (originals, formats, uploads inside rich text) referenced anywhere in normalised
 * content (`Media` values), sorted. Raw CMS responses have their own walker: `mediaUrlsInResponses`.
 */
export function mediaUrlsInContent(value: unknown): string[] {
  const urls = new Set<string>();
  const visit = (node: unknown): void => {
    if (typeof node === 'string') uploadsInText(node).forEach((url) => urls.add(url));
    else if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      if (isMedia(node)) {
        urls.add(node.url);
        node.formats.forEach((f) => urls.add(f.url));
      }
      Object.values(node).forEach(visit);
    }
  };
  visit(value);
  return [...urls].sort();
}

/** A deep copy of `value` with every media url mapped (unknown urls are left as they are) and each encoded image's variants attached. */
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
    if (Array.isArray(node)) return node.map(visit);
    if (node && typeof node === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(node)) out[key] = visit(child);
      return out;
    }
    return node;
  };
  return visit(value) as T;
}

/**
 * Copies the media into `outDir/assets/media/<name>.<hash>.<ext>`, so the
 * published site does not depend on the CMS. `resolve` maps a CMS url to the
 * local file (content cache). Missing files are reported, not fatal here:
 * the caller decides.
 */
export async function copyMedia(urls: string[], resolve: (url: string) => string, outDir: string, known?: Map<string, KnownMedia>): Promise<MediaCopy> {
  const result: MediaCopy = { urls: new MediaUrls(), files: 0, bytes: 0, missing: [] };
  await mkdir(path.join(outDir, MEDIA_DIR), { recursive: true });
  for (const url of urls) {
    const source = resolve(url);
    // A long-running builder knows the name of a file it hashed before, while its size and time are the same.
    const seen = known?.get(url);
    const stats = known ? await stat(source).catch(() => null) : null;
    if (seen && stats && seen.source === source && seen.size === stats.size && seen.mtimeMs === stats.mtimeMs) {
      await copyFile(source, path.join(outDir, MEDIA_DIR, seen.name));
      result.urls.set(url, `/${MEDIA_DIR}/${seen.name}`);
      result.files += 1;
      result.bytes += seen.size;
      continue;
    }
    let bytes: Buffer;
    try {
      bytes = await readFile(source);
    } catch {
      result.missing.push(url);
      continue;
    }
    const ext = path.extname(new URL(url, 'http://x').pathname).toLowerCase();
    const base = path
      .basename(new URL(url, 'http://x').pathname, ext)
      .replace(/[^a-zA-Z0-9_-]+/g, '-')
      .slice(0, 60);
    const name = `${base}.${createHash('sha256').update(bytes).digest('hex').slice(0, 10)}${ext}`;
    await copyFile(source, path.join(outDir, MEDIA_DIR, name));
    if (known && stats) known.set(url, { source, size: stats.size, mtimeMs: stats.mtimeMs, name });
    result.urls.set(url, `/${MEDIA_DIR}/${name}`);
    result.files += 1;
    result.bytes += bytes.length;
  }
  return result;
}
