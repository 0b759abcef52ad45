import type { Locale } from '../../shared/model.js';
import { readFileSync } from 'node:fs';
import { partName, readCachePartOf } from '../cms/cache.js';
import { CacheReadError } from '../cms/cache-read-error.js';
import { newestUpdate } from '../cms/newest-update.js';
import type { Context } from '../content/context.js';
import type { PageEntry } from '../content/pages.js';
import { PageEntryCache, partSourceHash, saveWholePart, takeWholePart, type PartKept } from './page-cache.js';
import { setAsideBlocks, type SetAsidePart } from './spill.js';

/** One part of a locale's cached pages, for a normalise worker (normalise-pool.ts). */
export interface NormaliseTask {
  /** The collection's cache file (`content-cache/api/pages.en.json`). */
  file: string;
  part: number;
  locale: Locale;
  cmsLocales: Record<Locale, string>;
  strict: boolean;
  fromCms: boolean;
  /** Where the part's blocks are set aside (spill.ts `SetAsideBlocks.fileOf`). */
  blocksFile: string;
  /** The part's file of normalised pages (page-cache.ts `pageCacheFile`), or none: every entry is normalised. */
  cacheFile?: string;
  /** The SHA-256 of the part file's bytes when the main thread knows it (inputs.ts hashed it): the file is then read only when it changed. */
  source?: string;
  /** The main thread already tried to take the part whole (normalise-pool.ts) and could not: it is normalised, and kept again. */
  notKept?: boolean;
}

/** A part's entries as read, before their blocks are set aside. */
interface PartRead {
  /** The part's entries, read (pages.ts `readPageEntry`), in order; issues about the list as a whole come first, in an entry without a draft. */
  entries: PageEntry[];
  /** How many raw entries the part holds, and the number of the first. */
  count: number;
  offset: number;
  /** Part 1: how many parts the collection has. */
  parts?: number;
  /** The newest `updatedAt` in the part's raw entries (rule 13's timestamp). */
  newest: string | null;
  /** How many of its entries came from the normalised pages cache (page-cache.ts). */
  cached: number;
  /** Whether the part was taken whole from that cache (its bytes unchanged: page-cache.ts `takeWholePart`). */
  whole?: boolean;
}

/** A cache file that cannot be read (`CacheReadError`, which does not cross threads as itself). */
interface Unreadable {
  unreadable: { file: string; problem: string };
}

/** A part normalised, with what was set aside of each entry's blocks (spill.ts): each draft keeps the blocks read across pages. */
export type PartNormalised = PartRead & { setAside: SetAsidePart };

export type NormalisedPart = PartNormalised | PartKept | Unreadable;

/**
 * In a normalise worker (its bundle, bundle.ts): reads one cache part and
 * normalises its page entries exactly as the main thread would. The raw
 * entries and everything normalising them allocates stay in this thread,
 * and the drafts' blocks are set aside on disk (spill.ts); the drafts, with
 * the blocks read across pages, and their issues go back.
 */
export default async function normalisePart(task: NormaliseTask): Promise<NormalisedPart> {
  // A part whose bytes are the last build's is taken whole from the cache (page-cache.ts `takeWholePart`).
  let text = task.source ? null : readText(task);
  const source = task.cacheFile ? (task.source ?? (text !== null ? partSourceHash(text) : null)) : null;
  const kept = source && !task.notKept ? takeWholePart(task.cacheFile!, source) : null;
  if (kept) return kept;
  text ??= readText(task);
  const read = await readPart(task, text?.toString('utf8'));
  if ('unreadable' in read) return read;
  // The raw part is gone by now (readPart's): only the drafts are in memory while their blocks are serialised.
  const part: PartNormalised = { ...read, setAside: setAsideBlocks(read.entries, task.blocksFile) };
  if (source) saveWholePart(task.cacheFile!, source, { ...part, cached: part.count, whole: true }, task.blocksFile);
  return part;
}

/** The part file's bytes, or null when it cannot be read (`readPart` then says why). */
function readText(task: NormaliseTask): Buffer | null {
  try {
    return readFileSync(task.part === 1 ? task.file : partName(task.file, task.part));
  } catch {
    return null;
  }
}

async function readPart(task: NormaliseTask, text: string | undefined): Promise<PartRead | Unreadable> {
  let part;
  try {
    part = await readCachePartOf(task.file, task.part, text);
  } catch (error) {
    if (error instanceof CacheReadError) return { unreadable: { file: error.file, problem: error.problem } };
    throw error;
  }
  const ctx: Context = { strict: task.strict, fromCms: task.fromCms, issues: [], entity: 'page', locale: task.locale };
  // Entries seen before come from the cache (page-cache.ts). The Spanish of each issue is worded here, from the values it
  // was raised with, which stay in this thread.
  const cache = new PageEntryCache(task.cacheFile ?? null);
  const entries = cache.read(part.data, ctx, task.cmsLocales, part.offset);
  cache.save();
  const count = Array.isArray(part.data) ? part.data.length : 0;
  return { entries, count, offset: part.offset, ...(part.parts !== undefined ? { parts: part.parts } : {}), newest: newestUpdate([part.data]), cached: cache.hits };
}
