import { copyFileSync, linkSync, mkdirSync, readdirSync } from 'node:fs';
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
