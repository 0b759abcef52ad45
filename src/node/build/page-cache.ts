import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, statSync, type Stats } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import { writeWholeSync } from '../platform/whole-file.js';
import type { Locale } from '../../shared/model.js';
import type { Context } from '../content/context.js';
import { packWords } from '../content/issue-words.js';
import { readPageEntries, type PageEntry } from '../content/pages.js';
import { hashed, stillTrue, type Hashed } from './hash.js';

/*
 * Normalised pages cached by their raw content's hash (docs/architecture.md,
 * "Incremental builds"). Normalising a page entry (pages.ts
 * `readPageEntry`) reads that entry alone: its draft and its issues follow
 * from the entry's JSON, the normaliser's code, the options (strict, from
 * the CMS or not), the locale and the CMS locales. What pages read of each
 * other (duplicate paths, translations, link targets, lists) is worked out
 * after, from the drafts, at every build. So a draft and its issues are
 * kept, serialised as they cross threads (structured clone), under the
 * hash of the entry's JSON, in a file per locale and cache part whose name
 * carries the hash of the rest (page-cache-files.ts `pageCacheScope`); a build reads and
 * normalises only the entries it has not seen. The files sit beside the
 * builds (`builds/.normalised/`), which CI and Netlify keep
 * (netlify/plugins/keep-builds). A file that does not read back whole (cut
 * short, altered) is ignored: its entries are normalised again.
 */

const DIGEST = 32;

function hashOf(raw: object): string | null {
  try {
    return createHash('sha256').update(JSON.stringify(raw)).digest('base64');
  } catch {
    return null;
  }
}

/**
 * A file's body, when its first bytes are the SHA-256 of the rest (written by `writeSealed`), with that digest (hex);
 * null when missing, cut short or altered.
 */
function readSealedWithDigest(file: string): { body: Buffer; digest: string } | null {
  try {
    if (!existsSync(file)) return null;
    const bytes = readFileSync(file);
    const body = bytes.subarray(DIGEST);
    const digest = createHash('sha256').update(body).digest();
    return bytes.length >= DIGEST && digest.equals(bytes.subarray(0, DIGEST)) ? { body, digest: digest.toString('hex') } : null;
  } catch {
    return null;
  }
}

/** Writes `body` after its SHA-256, whole or not at all (a temporary file renamed over `file`); returns the digest (hex). */
function writeSealed(file: string, body: Buffer): string {
  const digest = createHash('sha256').update(body).digest();
  writeWholeSync(file, Buffer.concat([digest, body]));
  return digest.toString('hex');
}

/** A file's entries (hash → serialised `{ draft, issues }`), or none when it is missing or does not read back whole. */
function readEntries(file: string): Map<string, Uint8Array> {
  const body = readSealedWithDigest(file)?.body;
  if (!body) return new Map();
  try {
    const entries = deserialize(body) as unknown;
    return Array.isArray(entries) ? new Map(entries as [string, Uint8Array][]) : new Map();
  } catch {
    return new Map();
  }
}

/**
 * The cache of one file: entries looked up by their raw JSON's hash while a
 * locale's (or a part's) entries are read, then `save`d with exactly the
 * entries this build read (those of deleted or changed pages drop out).
 */
export class PageEntryCache {
  private readonly known: Map<string, Uint8Array>;
  private readonly used = new Map<string, Uint8Array>();
  private readonly fresh: { hash: string; entry: PageEntry }[] = [];
  hits = 0;

  /** `file` null: nothing is read or kept, every entry is normalised (a build without the cache reads the same). */
  constructor(private readonly file: string | null) {
    this.known = file ? readEntries(file) : new Map();
  }

  /**
   * The entries of a locale's list of pages, as `readPageEntries` reads them
   * (`offset`: the number of the first), each taken from the cache when its
   * raw JSON was seen before. Issues about the list as a whole come first, in
   * an entry without a draft (as the normalise threads give them). Issues
   * carry their words (issue-words.ts `packWords`), as from a thread.
   */
  read(value: unknown, ctx: Context, cmsLocales: Record<Locale, string>, offset = 0): PageEntry[] {
    const own: Context = { ...ctx, issues: [] };
    if (!this.file || !Array.isArray(value)) return this.finish(own, [...readPageEntries(value, own, cmsLocales, undefined, offset)]);
    const entries = value.map((raw: unknown, i): PageEntry => {
      const index = offset + i;
      // An entry that is no object (null, a number) is read as it is: its issue names its place in the list.
      if (raw === null || typeof raw !== 'object') return [...readPageEntries([raw], own, cmsLocales, undefined, index)][0]!;
      const hash = hashOf(raw);
      // Nested too deep to be written as JSON (a hostile entry): read as it is, and left out (depth.ts).
      if (hash === null) return [...readPageEntries([raw], own, cmsLocales, undefined, index)][0]!;
      const known = this.known.get(hash);
      if (known) {
        try {
          const cached = deserialize(known) as Omit<PageEntry, 'index'>;
          this.used.set(hash, known);
          this.hits += 1;
          return { draft: cached.draft, issues: cached.issues, index };
        } catch {
          // Bytes that do not read back: normalised again below.
        }
      }
      const [entry] = readPageEntries([raw], own, cmsLocales, undefined, index);
      this.fresh.push({ hash, entry: entry! });
      return entry!;
    });
    return this.finish(own, entries);
  }

  private finish(own: Context, entries: PageEntry[]): PageEntry[] {
    if (own.issues.length > 0) entries.unshift({ draft: null, issues: own.issues, index: -1 });
    for (const entry of entries) packWords(entry.issues);
    // Kept before anything changes the drafts (the threads set their blocks aside: spill.ts). An entry left out
    // (nested too deep, no object) names its place in the list: it is not kept, and costs little to read again.
    for (const { hash, entry } of this.fresh) if (entry.draft) this.used.set(hash, serialize({ draft: entry.draft, issues: entry.issues }));
    return entries;
  }

  /** Writes the entries this build read (when they differ from the file's), whole or not at all. */
  save(): void {
    if (!this.file || (this.fresh.length === 0 && this.used.size === this.known.size)) return;
    writeSealed(this.file, serialize([...this.used]));
  }
}

/*
 * A whole cache part, as a normalise thread made it (normalise-task.ts): its
 * entries with their blocks set aside, what was noted of those blocks, and
 * the set-aside blocks file, kept under the SHA-256 of the part file's bytes.
 * A part whose bytes are those of the last build is taken as it is: neither
 * parsed nor hashed entry by entry nor set aside again (docs/architecture.md,
 * "Incremental builds"). Beside the part's entries file (`PageEntryCache`),
 * which serves a part that changed: `<entries file>.whole` and its blocks,
 * `<entries file>.blocks`, each checked whole as the entries file is.
 */
const wholeFile = (entriesFile: string) => `${entriesFile}.whole`;
const blocksCopy = (entriesFile: string) => `${entriesFile}.blocks`;

/** A whole part's file: the part file's hash and its blocks file's digest (hex, 64 characters each), then the part, serialised. */
const HEADER = 128;

/** The SHA-256 of a part file's bytes, as a whole part is kept under. */
export const partSourceHash = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/**
 * A part taken whole from the cache (`takeWholePart`): a `PartNormalised` (normalise-task.ts), serialised, for the
 * main thread to deserialise (bytes cross threads as one copy; an object graph is serialised and read again), and
 * the cache's blocks file its notes point into.
 */
export interface PartKept {
  kept: Uint8Array;
  blocks: { file: string; base: number };
}

/**
 * A whole part kept for a part file of `source` (its bytes' hash), as it was
 * serialised (v8), for the main thread to deserialise once; and its blocks
 * file, where the part's set-aside blocks start `base` bytes in (spill.ts
 * reads them from there). Null when there is none, it was made from other
 * bytes, or it or its blocks file does not read back whole. Once the two
 * files were checked whole, their digests are recorded with their size,
 * times and inode (`<entries file>.seals`): while those stay the same
 * (hash.ts `stillTrue`, git's rule), neither is hashed again and the blocks
 * file is not read at all (spill.ts checks each page's blocks by their hash
 * when it reads them).
 */
export function takeWholePart(entriesFile: string, source: string): PartKept | null {
  const seals = readSeals(entriesFile);
  const whole = openSealed(wholeFile(entriesFile), seals.whole, true);
  const body = whole?.body;
  if (!whole || !body || body.length < HEADER || body.toString('latin1', 0, 64) !== source) return null;
  // The blocks file this part was kept with (the two files are written one after the other).
  const blocks = openSealed(blocksCopy(entriesFile), seals.blocks, false);
  if (!blocks || blocks.digest !== body.toString('latin1', 64, HEADER)) return null;
  if (whole.record !== seals.whole || blocks.record !== seals.blocks) writeSeals(entriesFile, { whole: whole.record, blocks: blocks.record });
  return { kept: body.subarray(HEADER).slice(), blocks: { file: blocksCopy(entriesFile), base: DIGEST } };
}

/** Where a whole part's two files' digests are recorded once checked (`takeWholePart`). */
const sealsFile = (entriesFile: string) => `${entriesFile}.seals`;

type Seals = { whole?: Hashed; blocks?: Hashed };

function readSeals(entriesFile: string): Seals {
  try {
    const read = JSON.parse(readFileSync(sealsFile(entriesFile), 'utf8')) as unknown;
    return read && typeof read === 'object' ? (read as Seals) : {};
  } catch {
    return {};
  }
}

function writeSeals(entriesFile: string, seals: Seals): void {
  writeWholeSync(sealsFile(entriesFile), JSON.stringify(seals));
}

/**
 * A sealed file's digest (`writeSealed`) and body, the digest taken from `known` without hashing while that record
 * still holds (`read` false: the body is then not read); else checked whole, as `readSealedWithDigest` does, with the
 * record to keep. Null when missing, cut short or altered.
 */
function openSealed(file: string, known: Hashed | undefined, read: boolean): { body: Buffer | null; digest: string; record: Hashed } | null {
  let stats: Stats;
  try {
    stats = statSync(file);
  } catch {
    return null;
  }
  if (stillTrue(known, stats)) {
    if (!read) return { body: null, digest: known.digest, record: known };
    const bytes = readFileSync(file);
    return bytes.length >= DIGEST && bytes.toString('hex', 0, DIGEST) === known.digest ? { body: bytes.subarray(DIGEST), digest: known.digest, record: known } : null;
  }
  const readAt = Date.now();
  const checked = readSealedWithDigest(file);
  return checked ? { ...checked, record: hashed(stats, checked.digest, readAt) } : null;
}

/** Keeps `part`, made from a part file of `source`, with the blocks it set aside in `blocksFile`. */
export function saveWholePart(entriesFile: string, source: string, part: unknown, blocksFile: string): void {
  rmSync(sealsFile(entriesFile), { force: true });
  const blocks = writeSealed(blocksCopy(entriesFile), readFileSync(blocksFile));
  writeSealed(wholeFile(entriesFile), Buffer.concat([Buffer.from(`${source}${blocks}`, 'latin1'), serialize(part)]));
}
