import { access, copyFile, cp, link, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { LOCALES } from '../../shared/locales.js';
import type { Locale } from '../../shared/model.js';
import { CacheReadError } from './cache-read-error.js';
import { recoverInterruptedSwap, swapIn, tempDirOf } from './cache-swap.js';
import { mediaUrlsInResponses } from './media-urls.js';
import { mediaCachePath } from './media-path.js';
import { cacheFileName, ENDPOINTS, type EndpointName, type RawSite } from './raw.js';
import { rawSite } from './raw-site.js';

/**
 * `content-cache/` layout: `api/<cacheFileName>` holds each response as the
 * CMS sent it (Strapi shape, pages merged), media files sit at their
 * `mediaCachePath` (`uploads/…`). Anything else at the top (a README) is kept.
 */
const CACHE_API_DIR = 'api';
const MEDIA_ROOT = 'uploads';

/**
 * Reads the cache as the content client would have crawled it. A missing
 * layout / error page gives null, missing modals / promo codes []; a missing
 * pages file, bad JSON or a body without `data` throws `CacheReadError`
 * naming the file.
 */
export async function readCache(dir: string, cmsLocales: Readonly<Record<Locale, string>>, options: { pages?: boolean } = {}): Promise<RawSite> {
  await recoverInterruptedSwap(dir);
  const files = new Map<string, unknown>();
  const reads: Array<Promise<void>> = [];
  for (const endpoint of Object.keys(ENDPOINTS) as EndpointName[]) {
    // `pages: false`: the pages are read elsewhere (normalise-pool.ts), and left empty here.
    if (endpoint === 'pages' && options.pages === false) continue;
    const codes = ENDPOINTS[endpoint].localized ? LOCALES.map((locale) => cmsLocales[locale]) : [undefined];
    for (const cmsLocale of codes) {
      const name = cacheFileName(endpoint, cmsLocale);
      reads.push(readData(join(dir, CACHE_API_DIR, name), endpoint === 'pages').then((data) => void files.set(name, data)));
    }
  }
  // Every read settles first, then the first failure in file order is thrown:
  // the same broken cache always gives the same message.
  const failure = (await Promise.allSettled(reads)).find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) throw failure.reason;
  return rawSite('cache', cmsLocales, (endpoint, cmsLocale) => files.get(cacheFileName(endpoint, cmsLocale)));
}

/**
 * Entries a cache file holds at most: a response with more is written as
 * parts (`pages.en.json`, then `pages.en.part-2.json`, …), the first naming
 * how many in `meta.cacheParts`, each later one the number of its first entry
 * in `meta.cacheOffset`. One JSON text of 25,000 pages would pass V8's
 * longest string (about 512 MB): it could be neither written nor read. A
 * build reads a large cache's pages one part per task in worker threads
 * (normalise-pool.ts), each holding one part's raw data at a time: smaller
 * parts, smaller threads (at 10,002 pages, 500 entries a part peaked at
 * 0.72–0.73 GB against 0.90–0.95 GB with 2,000), and a warm build or a
 * publish reads, normalises and writes again only the part of a changed
 * page (100 entries: docs/performance.md, "Warm builds and the webhook at scale").
 */
export const CACHE_PART_ENTRIES = 100;
/** What every part but the last held before parts recorded their first entry (`meta.cacheOffset`): caches written then still read. */
const LEGACY_PART_ENTRIES = 2000;

export const partName = (file: string, part: number) => file.replace(/\.json$/, `.part-${part}.json`);

/** A response as the text of its cache files (file name → text): one file, or parts when `data` is a longer list. */
export function cacheFileTexts(name: string, response: unknown, indent?: number): Map<string, string> {
  const parts = partsOf(response);
  return new Map(Array.from({ length: parts }, (_, i) => fileText(name, response, parts, i + 1, indent)));
}

/** How many files a response is written in: 1, or parts when `data` is a list longer than a part holds. */
function partsOf(response: unknown): number {
  const data = (response as { data?: unknown } | null)?.data;
  return Array.isArray(data) && data.length > CACHE_PART_ENTRIES ? Math.ceil(data.length / CACHE_PART_ENTRIES) : 1;
}

/** File `part` of the `parts` a response is written in (`partsOf`), as its name and text. */
function fileText(name: string, response: unknown, parts: number, part: number, indent?: number): [file: string, text: string] {
  if (parts === 1) return [name, `${JSON.stringify(response, null, indent)}\n`];
  const body = response as { data: unknown[]; meta?: Record<string, unknown> };
  return cachePartText(name, part, parts, { ...body, data: body.data.slice((part - 1) * CACHE_PART_ENTRIES, part * CACHE_PART_ENTRIES) }, indent);
}

/**
 * Part `part` of `parts` of a list response as its cache file and text, `body` holding that part's
 * entries: part 1 keeps the response's other fields and says how many parts there are, the others
 * name their first entry. For a writer that makes a long list a part at a time (the bench's content).
 */
export function cachePartText(name: string, part: number, parts: number, body: { data: unknown[]; meta?: Record<string, unknown> }, indent?: number): [file: string, text: string] {
  const value = part === 1 ? { ...body, meta: { ...body.meta, cacheParts: parts } } : { data: body.data, meta: { cacheOffset: (part - 1) * CACHE_PART_ENTRIES } };
  return [part === 1 ? name : partName(name, part), `${JSON.stringify(value, null, indent)}\n`];
}

/**
 * Writes one response (cache file `name`) into the cache `dir` in place, only the parts that hold entries `from` to
 * `through` (the entries that changed; an entry added or removed moves every entry after it: `through` Infinity), and
 * part 1 when entries moved or the number of parts changed, as its meta counts them; part files beyond the new number
 * go. Each file is written beside and renamed over. For a long-running builder's working copy (webhook/site-builder.ts), whose publishes must not cost
 * the whole site; a build's cache is written whole (`writeCacheAtomically`).
 */
export async function writeCacheFilesFrom(dir: string, name: string, response: unknown, from = 0, through = Infinity): Promise<void> {
  const api = join(dir, CACHE_API_DIR);
  const had = (await cachePartFiles(join(api, name))).filter((part) => part > 1);
  const parts = partsOf(response);
  const counted = parts === had.length + 1;
  const partOf = (entry: number) => Math.floor(entry / CACHE_PART_ENTRIES) + 1;
  await mkdir(api, { recursive: true });
  for (let part = 1; part <= parts; part += 1) {
    // Part 1 holds the response's meta (its total, from the CMS) too: written again when entries moved.
    if (counted && (part < partOf(from) || part > partOf(through)) && !(part === 1 && through === Infinity)) continue;
    // Only the parts written are made into text (a publish must not serialise the whole site), and not indented:
    // a part of 100 pages is 2.4 MB, a working copy is read by the builder alone.
    const [file, text] = fileText(name, response, parts, part);
    const temporary = join(api, `.${file}.${process.pid}.tmp`);
    await writeFile(temporary, text);
    await rename(temporary, join(api, file));
  }
  for (const part of had) if (part > parts) await rm(partName(join(api, name), part), { force: true });
}

async function readData(file: string, required: boolean): Promise<unknown> {
  const body = await readBody(file, required);
  if (body === undefined) return undefined;
  const parts = cachePartsOf(file, body);
  if (parts === 1) return body.data;
  // One part at a time: only one part's text is held while it is parsed.
  const data: unknown[] = [...(body.data as unknown[])];
  for (let part = 2; part <= parts; part += 1) {
    const next = await readCachePart(file, part);
    checkCachePart(file, part, data.length, next.offset);
    for (const entry of next.data) data.push(entry);
  }
  return data;
}

/** How many files a cache response is written in (`meta.cacheParts`, 1 when it has none), checked. */
function cachePartsOf(file: string, body: { data: unknown; meta?: unknown }): number {
  const parts = (body as { meta?: { cacheParts?: unknown } }).meta?.cacheParts;
  if (parts === undefined) return 1;
  if (!Number.isInteger(parts) || (parts as number) < 2 || !Array.isArray(body.data))
    throw new CacheReadError(file, `names ${JSON.stringify(parts)} cache parts (a whole number above 1 with a list of data)`);
  return parts as number;
}

/** Entries are numbered across parts: a part starts where the parts before it end (`before` entries). */
export function checkCachePart(file: string, part: number, before: number, offset: number): void {
  if (offset !== before) throw new CacheReadError(partName(file, part), `starts at entry ${offset}, but the parts before it hold ${before} entries`);
}

/** Part `part` (2 and up) of a response written in parts: its entries and the number of its first. */
async function readCachePart(file: string, part: number, text?: string): Promise<{ data: unknown[]; offset: number }> {
  const name = partName(file, part);
  const next = (await readBody(name, true, text)) as { data: unknown; meta?: { cacheOffset?: unknown } };
  if (!Array.isArray(next.data)) throw new CacheReadError(name, 'is not a list of entries (`data`)');
  const offset = next.meta?.cacheOffset ?? (part - 1) * LEGACY_PART_ENTRIES;
  if (!Number.isInteger(offset) || (offset as number) < 1)
    throw new CacheReadError(name, `names ${JSON.stringify(offset)} as its first entry (\`meta.cacheOffset\`, a whole number above 0)`);
  return { data: next.data, offset: offset as number };
}

/** A part of a cached response, read on its own. */
export interface CachePart {
  /** Its `data`: a list of entries (or, in a response of one file, whatever the CMS sent). */
  data: unknown;
  /** The number of its first entry in the whole response (0 for part 1). */
  offset: number;
  /** Part 1 only: how many parts the response has (1 when it is not split). */
  parts?: number;
}

/**
 * One part of a cached response, read on its own (normalise-pool.ts reads a
 * large site's pages in worker threads): part 1 is the response's own file
 * and says how many parts there are; each later one says where it starts,
 * which the caller checks against the parts before it (`checkCachePart`).
 * `text`: the part file's text, when the caller has read it already.
 */
export async function readCachePartOf(file: string, part: number, text?: string): Promise<CachePart> {
  if (part > 1) return readCachePart(file, part, text);
  const body = (await readBody(file, true, text))!;
  return { data: body.data, offset: 0, parts: cachePartsOf(file, body) };
}

/** The part files (2 and up) beside a cache file, by number: what a reader of part 1 will be told to expect. */
export async function cachePartFiles(file: string): Promise<number[]> {
  const base = basename(file).replace(/\.json$/, '.part-');
  const numbers: number[] = [];
  for (const name of await readdir(dirname(file)).catch(() => [] as string[])) {
    const match = name.startsWith(base) ? /^(\d+)\.json$/.exec(name.slice(base.length)) : null;
    if (match) numbers.push(Number(match[1]));
  }
  return numbers.sort((a, b) => a - b);
}

async function readBody(file: string, required: boolean, known?: string): Promise<{ data: unknown } | undefined> {
  let text: string;
  try {
    text = known ?? (await readFile(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new CacheReadError(file, 'cannot be read', error);
    if (required) throw new CacheReadError(file, 'is missing');
    return undefined;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new CacheReadError(file, `is not valid JSON (${(error as Error).message})`, error);
  }
  if (typeof body !== 'object' || body === null || !('data' in body)) {
    throw new CacheReadError(file, 'is not a Strapi response (no `data`)');
  }
  return body as { data: unknown };
}

export interface CacheWriteOptions {
  /** CMS origin, to map absolute media urls on it like relative ones (see `mediaCachePath`). */
  cmsUrl?: string | null | undefined;
  /** Another cache to take media from when neither the downloads nor the old cache have them (those a crawl reused from it). */
  reusedFrom?: string | undefined;
}

export interface CacheWriteResult {
  files: number;
  /** Media paths (relative to the cache) taken from `mediaFromDir`, kept from the old cache, or found nowhere. */
  media: { copied: string[]; kept: string[]; missing: string[] };
}

/**
 * Replaces the cache at `dir` with `responses` (cache file name → response)
 * and the media they reference, without ever leaving a half-written cache:
 * everything is written into `<dir>.tmp-<pid>` and then swapped in. Media
 * come from `mediaFromDir` (fresh downloads, same layout) or, failing that,
 * from the old cache; media no longer referenced are dropped. On any error
 * the old cache is untouched.
 */
export async function writeCacheAtomically(
  dir: string,
  responses: ReadonlyMap<string, unknown>,
  mediaFromDir?: string,
  options: CacheWriteOptions = {},
): Promise<CacheWriteResult> {
  const prepared = await prepareCache(dir, responses, mediaFromDir, options);
  await prepared.swapIn();
  return prepared.result;
}

/**
 * A cache written beside `dir` (`dir.tmp-<pid>`, content-cache/ layout) and not yet in place: `swapIn` puts it
 * there. One never swapped in is removed by the build that wrote it when it stops (source.ts), or, when that build
 * was killed, by the next write (`recoverInterruptedSwap`).
 */
export interface PreparedCache {
  dir: string;
  result: CacheWriteResult;
  swapIn(): Promise<void>;
}

/**
 * `writeCacheAtomically` in two steps: the files are written first, and swapped
 * in later. A build from the CMS writes a large site's responses this way
 * right after the crawl, reads their pages back in threads from there
 * (normalise-pool.ts), and swaps the cache in only once the build validated.
 */
export async function prepareCache(dir: string, responses: ReadonlyMap<string, unknown>, mediaFromDir?: string, options: CacheWriteOptions = {}): Promise<PreparedCache> {
  await recoverInterruptedSwap(dir);
  const temp = tempDirOf(dir);
  await rm(temp, { recursive: true, force: true });
  const discard = () => rm(temp, { recursive: true, force: true });
  try {
    await mkdir(join(temp, CACHE_API_DIR), { recursive: true });
    for (const [name, response] of responses) {
      if (!/^[\w.-]+\.json$/.test(name)) throw new Error(`Invalid cache file name ${JSON.stringify(name)}`);
      for (const [file, text] of cacheFileTexts(name, response, 2)) await writeFile(join(temp, CACHE_API_DIR, file), text);
    }
    const media = await placeMedia(temp, dir, responses, mediaFromDir, options);
    await keepOtherEntries(dir, temp);
    return {
      dir: temp,
      result: { files: responses.size, media },
      swapIn: async () => {
        try {
          await swapIn(temp, dir);
        } catch (error) {
          await discard();
          throw error;
        }
      },
    };
  } catch (error) {
    await discard();
    throw error;
  }
}

async function placeMedia(
  temp: string,
  dir: string,
  responses: ReadonlyMap<string, unknown>,
  mediaFromDir: string | undefined,
  { cmsUrl, reusedFrom }: CacheWriteOptions,
): Promise<CacheWriteResult['media']> {
  const paths = [...new Set(mediaUrlsInResponses(responses.values()).map((url) => mediaCachePath(url, cmsUrl)))].sort();
  const result: CacheWriteResult['media'] = { copied: [], kept: [], missing: [] };
  for (const path of paths) {
    const fresh = mediaFromDir ? join(mediaFromDir, path) : null;
    const old = [dir, ...(reusedFrom ? [reusedFrom] : [])].map((from) => join(from, path));
    let source = fresh && (await exists(fresh)) ? fresh : null;
    for (const candidate of old) if (!source && (await exists(candidate))) source = candidate;
    if (!source) {
      result.missing.push(path);
      continue;
    }
    await mkdir(dirname(join(temp, path)), { recursive: true });
    await linkOrCopy(source, join(temp, path));
    (source === fresh ? result.copied : result.kept).push(path);
  }
  return result;
}

/** Files at the top of the cache that are not ours (a README, .gitattributes) survive a refresh. */
async function keepOtherEntries(dir: string, temp: string): Promise<void> {
  const entries = await readdir(dir).catch(() => [] as string[]);
  for (const entry of entries) {
    if (entry === CACHE_API_DIR || entry === MEDIA_ROOT) continue;
    await cp(join(dir, entry), join(temp, entry), { recursive: true });
  }
}

/** A hard link costs no copy; the old cache is deleted after the swap anyway. Copy across devices. */
async function linkOrCopy(source: string, target: string): Promise<void> {
  try {
    await link(source, target);
  } catch {
    await copyFile(source, target);
  }
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
