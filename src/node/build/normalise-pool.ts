import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { deserialize } from 'node:v8';
import { Piscina } from 'piscina';
import { LOCALES } from '../../shared/locales.js';
import type { Locale } from '../../shared/model.js';
import { cachePartFiles, checkCachePart, partName } from '../cms/cache.js';
import { CacheReadError } from '../cms/cache-read-error.js';
import { cacheFileName } from '../cms/raw.js';
import { unpackWords } from '../content/issue-words.js';
import type { PageEntry } from '../content/pages.js';
import normalisePart, { type NormalisedPart, type NormaliseTask, type PartNormalised } from './normalise-task.js';
import { takeWholePart, type PartKept } from './page-cache.js';
import type { FileDigests } from './hash.js';
import { WORKER_HEAP, workerExecArgv } from './render-pool.js';
import { SetAsideBlocks } from './spill.js';
import { pageCacheFile, type PageCacheScope } from './page-cache-files.js';

export interface PagesInParts {
  /** Each locale's page entries, read and normalised, in order (normalise.ts `normaliseSite`'s `pages`). */
  pages: Record<Locale, PageEntry[]>;
  /** The newest `updatedAt` in the raw page entries. */
  newest: string | null;
  /** The threads that normalised the parts; 0 when the main thread did (at most `INLINE_PARTS` to normalise). */
  threads: number;
  /** How many entries came from the normalised pages cache (page-cache.ts). */
  cached: number;
  /** How many cache parts there were, and how many of them were taken whole from that cache (their bytes unchanged). */
  parts: { total: number; whole: number };
  /** Where the drafts' blocks were set aside; the drafts keep the blocks read across pages (spill.ts). */
  setAside: SetAsideBlocks;
}

/** The pages collection's cache file of each locale (`content-cache/api/pages.en.json`). */
const pagesFiles = (dir: string, cmsLocales: Record<Locale, string>): Record<Locale, string> =>
  Object.fromEntries(LOCALES.map((locale) => [locale, path.join(dir, 'api', cacheFileName('pages', cmsLocales[locale]))])) as Record<Locale, string>;

/** A part file's hash, when the inputs' key hashed it and it is unchanged since (the thread then reads it only if it changed). */
function sourceOf(digests: Pick<FileDigests, 'known'> | undefined, file: string): { source?: string } {
  const source = digests?.known(file);
  return source ? { source } : {};
}

/**
 * At most this many parts to normalise (the others taken whole from the normalised pages cache: an edit's build) are
 * normalised in the main thread: a part of 100 entries, 99 of them from that cache, costs less than starting the threads.
 */
const INLINE_PARTS = 2;

/** A part kept whole (page-cache.ts `takeWholePart`), or null when it is not, or its files cannot be read: it is then normalised again. */
function takeKept(cacheFile: string, source: string): PartKept | null {
  try {
    return takeWholePart(cacheFile, source);
  } catch {
    return null;
  }
}

/** A part as the main thread reads it: one taken whole is deserialised, its blocks where the cache keeps them. */
function opened(done: NormalisedPart): Exclude<NormalisedPart, PartKept> & { blocks?: PartKept['blocks'] } {
  return 'kept' in done ? { ...(deserialize(done.kept) as PartNormalised), blocks: done.blocks } : done;
}

/** Whether the cache holds a locale's pages in parts (a large site: cache.ts `CACHE_PART_ENTRIES`). */
export function pagesInParts(dir: string, cmsLocales: Record<Locale, string>): boolean {
  return Object.values(pagesFiles(dir, cmsLocales)).some((file) => existsSync(partName(file, 2)));
}

/**
 * A large cache's pages (in parts), read and normalised in worker threads, one
 * part per task, instead of parsed whole in the main thread: the raw entries,
 * and the garbage normalising them makes (sanitize-html, marked), never reach
 * the main thread's heap, and the parts are normalised on every core. What
 * comes back are the drafts and their issues, exactly what the main thread
 * would have made (tested: test/build/normalise-workers.test.ts).
 */
export async function normalisePagesInWorkers(
  workerFile: string | (() => Promise<string>),
  dir: string,
  options: { cmsLocales: Record<Locale, string>; strict: boolean; fromCms: boolean; work: string; cache?: PageCacheScope; digests?: Pick<FileDigests, 'known'> },
  threads = availableParallelism(),
): Promise<PagesInParts> {
  const { work, cache, digests, ...shared } = options;
  const files = pagesFiles(dir, options.cmsLocales);
  const setAside = SetAsideBlocks.create(work);
  let piscina: Piscina<NormaliseTask, NormalisedPart> | null = null;
  try {
    const tasks = (
      await Promise.all(
        LOCALES.map(async (locale) => {
          const file = files[locale];
          return [1, ...(await cachePartFiles(file))].map((part): NormaliseTask => ({
            file,
            part,
            locale,
            blocksFile: setAside.fileOf(locale, part),
            ...(cache ? { cacheFile: pageCacheFile(cache, locale, part) } : {}),
            ...sourceOf(digests, part === 1 ? file : partName(file, part)),
            ...shared,
          }));
        }),
      )
    ).flat();
    // A part whose bytes the inputs' key hashed as the last build's is taken whole here: no thread needs to read it.
    const kept = new Map(tasks.map((task) => [task, task.source && task.cacheFile ? takeKept(task.cacheFile, task.source) : null]));
    // What could not be taken here is normalised (and kept again), not tried whole a second time.
    for (const task of tasks) if (!kept.get(task) && task.source && task.cacheFile) task.notKept = true;
    const toNormalise = tasks.filter((task) => !kept.get(task));
    // A few parts (an edit's) are normalised here: starting threads and loading their bundle costs more than they do.
    const count = toNormalise.length <= INLINE_PARTS ? 0 : Math.max(1, Math.min(threads, toNormalise.length));
    if (count > 0)
      piscina = new Piscina<NormaliseTask, NormalisedPart>({
        // Plain JavaScript (bundle.ts): a worker starts with Node alone, whatever runs the main thread (tsx, vitest).
        filename: pathToFileURL(typeof workerFile === 'string' ? workerFile : await workerFile()).href,
        execArgv: workerExecArgv(process.execArgv),
        minThreads: 1,
        maxThreads: count,
        resourceLimits: WORKER_HEAP,
      });
    const pool = piscina;
    // The threads start on their parts first; the parts taken whole are deserialised meanwhile.
    const normalised = new Map(toNormalise.map((task) => [task, pool ? pool.run(task) : Promise.resolve().then(() => normalisePart(task))]));
    const running = LOCALES.map((locale) => ({
      locale,
      file: files[locale],
      parts: tasks
        .filter((task) => task.locale === locale)
        .map((task) => {
          const whole = kept.get(task);
          return { part: task.part, result: (whole ? Promise.resolve(whole) : normalised.get(task)!).then(opened) };
        }),
    }));
    // Every task settles before the first failure (in file order) is thrown: the same broken cache always gives the same message.
    await Promise.allSettled(running.flatMap((r) => r.parts.map((p) => p.result)));
    const pages = {} as Record<Locale, PageEntry[]>;
    let newest: string | null = null;
    let cached = 0;
    const counted = { total: 0, whole: 0 };
    for (const { locale, file, parts } of running) {
      const results = new Map(parts.map(({ part, result }) => [part, result]));
      const partOf = async (part: number) => {
        // A thread that fails (out of memory at its heap limit, say) is named with the file it was reading.
        const done = await results.get(part)!.catch((error: unknown) => {
          throw new Error(
            `Normalising ${part === 1 ? file : partName(file, part)}${pool ? ' in a worker thread' : ''} failed: ${error instanceof Error ? error.message : String(error)}`,
            {
              cause: error,
            },
          );
        });
        if ('unreadable' in done) throw new CacheReadError(done.unreadable.file, done.unreadable.problem);
        return done;
      };
      // Part 1 says how many parts there are: part files beyond them (left by an older cache) are not read into the build.
      const first = await partOf(1);
      const total = first.parts ?? 1;
      const entries: PageEntry[] = [];
      let before = 0;
      for (let part = 1; part <= total; part += 1) {
        if (!results.has(part)) throw new CacheReadError(partName(file, part), 'is missing');
        const done = part === 1 ? first : await partOf(part);
        if (part > 1) checkCachePart(file, part, before, done.offset);
        before += done.count;
        for (const entry of done.entries) {
          unpackWords(entry.issues);
          entries.push(entry);
        }
        setAside.add(locale, part, done.entries, done.setAside, done.blocks);
        if (done.newest && (!newest || done.newest > newest)) newest = done.newest;
        cached += done.cached;
        counted.total += 1;
        if (done.whole) counted.whole += 1;
      }
      pages[locale] = entries;
    }
    return { pages, newest, threads: count, cached, parts: counted, setAside };
  } catch (error) {
    setAside.close();
    throw error;
  } finally {
    await piscina?.destroy();
  }
}
