import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, rmdirSync, unlinkSync } from 'node:fs';
import { cp, mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import type { RenderedFile } from './render.js';

/** Writes files under `dir` with bounded concurrency (creating folders once each). */
export async function writeFiles(dir: string, files: RenderedFile[], concurrency = 64): Promise<number> {
  const folders = new Set(files.map((f) => path.dirname(path.join(dir, f.file))));
  for (const folder of [...folders].sort()) await mkdir(folder, { recursive: true });
  const limit = pLimit(concurrency);
  let bytes = 0;
  await Promise.all(
    files.map((f) =>
      limit(async () => {
        await writeFile(path.join(dir, f.file), f.content);
        bytes += Buffer.byteLength(f.content);
      }),
    ),
  );
  return bytes;
}

/** Copies a folder (client assets into the staging site), skipping `skip` names at its top. */
export async function copyTree(from: string, to: string, skip: string[] = []): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    if (skip.includes(entry.name)) continue;
    await cp(path.join(from, entry.name), path.join(to, entry.name), { recursive: true });
  }
}

/**
 * Recreates a folder tree with hard links (no data copied; falls back to a
 * copy across file systems). Stored builds are never modified after they are
 * complete, so sharing their files with `dist` is safe. Synchronous calls:
 * tens of thousands of links are several times faster without a promise each.
 */
export function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else {
      try {
        linkSync(source, target);
      } catch {
        copyFileSync(source, target);
      }
    }
  }
}

/** A file's path under a tree (`/`-separated, as manifests name them) and its SHA-256. */
export type TreeFiles = ReadonlyMap<string, string>;

const code = (error: unknown) => (error as NodeJS.ErrnoException).code;

/**
 * Hard-links `source` as `target` (a copy across file systems), creating the
 * folder when it is missing. False when `source` is missing: a kept build's
 * unsafe media are deleted after its manifest was written (publish.ts `purgeUnsafeMedia`).
 */
function linkFile(source: string, target: string): boolean {
  try {
    linkSync(source, target);
  } catch (error) {
    if (code(error) === 'EEXIST') {
      // There though the tree's manifest did not list it: replaced.
      unlinkSync(target);
      linkSync(source, target);
    } else if (code(error) === 'ENOENT') {
      if (!existsSync(source)) return false;
      mkdirSync(path.dirname(target), { recursive: true });
      linkSync(source, target);
    } else if (code(error) === 'EXDEV' || code(error) === 'EPERM') copyFileSync(source, target);
    else throw error;
  }
  return true;
}

function unlinkIfThere(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if (code(error) !== 'ENOENT') throw error;
  }
}

/**
 * Turns a tree that holds `have` into one that holds `want`, touching only
 * what differs: a file whose hash differs (or that `have` lacks) is unlinked
 * and hard-linked from `sourceOf(file)`, a file `want` lacks is unlinked (and
 * folders it leaves empty removed). A file is never written: stored builds and
 * `dist` share their files' inodes, so only names change. The cost is one map
 * lookup a file and system calls for the changes only: an edit of one page in
 * a site of 10,000 patches a tree in milliseconds where relinking it took about
 * a second (20,000 links, 10,000 folders). The caller makes the tree's state
 * known again afterwards (its manifest): a patch cut short leaves it unknown.
 */
export function patchTree(tree: string, have: TreeFiles, want: TreeFiles, sourceOf: (file: string) => string): { linked: number; removed: number } {
  let linked = 0;
  let removed = 0;
  // Removals first: a name that was a file may be a folder now.
  for (const file of have.keys()) {
    if (want.has(file)) continue;
    unlinkIfThere(path.join(tree, file));
    removed += 1;
    for (let folder = path.dirname(file); folder !== '.'; folder = path.dirname(folder)) {
      try {
        rmdirSync(path.join(tree, folder));
      } catch {
        break; // not empty (or already gone): its parents are not empty either
      }
    }
  }
  // A file the tree lacks goes into a folder made once, not after a failed link: a copy of a large site (a spare,
  // a standby) links tens of thousands of files into thousands of new folders, and each failure is an exception.
  const made = new Set<string>();
  for (const [file, hash] of want) {
    if (have.get(file) === hash) continue;
    const target = path.join(tree, file);
    if (have.has(file)) unlinkIfThere(target);
    else {
      const folder = path.dirname(target);
      if (!made.has(folder)) mkdirSync(folder, { recursive: true });
      made.add(folder);
    }
    if (linkFile(sourceOf(file), target)) linked += 1;
  }
  return { linked, removed };
}
