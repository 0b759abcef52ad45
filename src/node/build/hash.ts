import { createHash } from 'node:crypto';
import { readFileSync, statSync, type Stats } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { writeWholeSync } from '../platform/whole-file.js';

export function sha256(...parts: (string | Buffer)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex');
}

/** Every file under `dir` (recursively), relative, sorted: a deterministic walk. */
export async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(current: string): Promise<void> {
    let entries;
    try {
      entries = await readdir(current, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) out.push(path.relative(dir, full));
    }
  }
  await walk(dir);
  return out.sort();
}

/** A hash of the named files and folders under `root` (names and bytes), order-independent of the file system. */
export async function hashInputs(root: string, inputs: string[], digests: FileDigests = new FileDigests(null)): Promise<string> {
  const hash = createHash('sha256');
  for (const input of inputs) {
    const full = path.join(root, input);
    const files = (await listFiles(full)).map((f) => path.join(input, f));
    const list = files.length > 0 ? files : [input];
    for (const file of list) {
      const digest = await digests.of(path.join(root, file));
      hash
        .update(file)
        .update('\0')
        .update(digest ?? 'missing')
        .update('\0');
    }
  }
  return hash.digest('hex');
}

/** What is recorded of a file hashed: its size, times and inode then, and when it was read. */
export interface Hashed {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
  digest: string;
  readAt: number;
}

/** The record of a file read at `readAt` (ms) with `stats`, whose bytes' digest is `digest`. */
export const hashed = (stats: Stats, digest: string, readAt: number): Hashed => ({
  size: stats.size,
  mtimeMs: stats.mtimeMs,
  ctimeMs: stats.ctimeMs,
  ino: stats.ino,
  digest,
  readAt,
});

/**
 * Whether a digest recorded of a file still is its digest: its size, times and inode are the same, and it was read
 * more than two seconds after its last change (a second change in the same clock tick could leave its times as they
 * were: git's "racily clean" entries).
 */
export const stillTrue = (known: Hashed | undefined, stats: Stats): known is Hashed =>
  !!known && known.size === stats.size && known.mtimeMs === stats.mtimeMs && known.ctimeMs === stats.ctimeMs && known.ino === stats.ino && known.mtimeMs < known.readAt - 2000;

/**
 * The SHA-256 of files' bytes (hex), each read and hashed once: a file whose
 * size, modification and change times and inode are those recorded when it
 * was hashed is not read again, as git's index does (`stillTrue`). The
 * record is kept in a file (`record`; null: in this object only), written
 * by `save`: a build of a content folder hashes 240 MB at 10,002 pages, a
 * warm one only what changed.
 */
export class FileDigests {
  private readonly recorded = new Map<string, Hashed>();
  /** Hashed, or taken from the record, by this object. */
  private readonly fresh = new Map<string, Hashed>();

  constructor(private readonly record: string | null) {
    if (!record) return;
    try {
      const read = JSON.parse(readFileSync(record, 'utf8')) as unknown;
      if (read && typeof read === 'object' && !Array.isArray(read)) for (const [file, known] of Object.entries(read as Record<string, Hashed>)) this.recorded.set(file, known);
    } catch {
      // No record, or one that does not read back: every file is hashed.
    }
  }

  /** The digest of `file` (an absolute path) as it is now, or null when it cannot be read. */
  async of(file: string): Promise<string | null> {
    let stats: Stats;
    try {
      stats = statSync(file);
    } catch {
      return null;
    }
    const known = this.fresh.get(file) ?? this.recorded.get(file);
    if (stillTrue(known, stats)) {
      this.fresh.set(file, known);
      return known.digest;
    }
    const readAt = Date.now();
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch {
      return null;
    }
    const digest = createHash('sha256').update(bytes).digest('hex');
    this.fresh.set(file, hashed(stats, digest, readAt));
    return digest;
  }

  /** The digest `of` gave for `file`, while it still is the file's (`stillTrue`); undefined otherwise (nothing is read). */
  known(file: string): string | undefined {
    try {
      const known = this.fresh.get(file);
      return stillTrue(known, statSync(file)) ? known.digest : undefined;
    } catch {
      return undefined;
    }
  }

  /** Writes the record: the files hashed by this object (written beside and renamed over). */
  save(): void {
    if (!this.record) return;
    writeWholeSync(this.record, JSON.stringify(Object.fromEntries(this.fresh)));
  }
}

const recorded = new Map<string, FileDigests>();

/**
 * The one `FileDigests` of this process for the record `<work>/file-digests.json`: every hash of a build (the
 * inputs' key, the bundles', the release's, the normalised pages cache's scope) reads each source file once, and a
 * later build in a new process not at all while it is unchanged.
 */
export function recordedDigests(work: string): FileDigests {
  const record = path.join(work, 'file-digests.json');
  let digests = recorded.get(record);
  if (!digests) recorded.set(record, (digests = new FileDigests(record)));
  return digests;
}
