import { copyFileSync, statSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';

let fills = 0;

/**
 * Fills one entry (a folder) of the build's encoding cache: `fill` writes it
 * into a temporary folder, which is then renamed into place, so a reader never
 * sees half an entry. A parallel build (another test, say) may finish the same
 * entry first: same bytes and settings, so its entry is kept and returned.
 * `read` gives an entry's value, or null when it is missing or incomplete.
 */
export async function fillCacheEntry<T>(entry: string, fill: (tmp: string) => Promise<T>, read: (entry: string) => T | null | Promise<T | null>): Promise<T> {
  const tmp = `${entry}.tmp-${process.pid}-${(fills += 1)}`;
  await mkdir(tmp, { recursive: true });
  try {
    const value = await fill(tmp);
    const existing = await read(entry);
    if (existing) return existing;
    await rm(entry, { recursive: true, force: true });
    await rename(tmp, entry).catch(async (error: unknown) => {
      if (!(await read(entry))) throw error;
    });
    return value;
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

/**
 * Copies a cached file into the build and gives its size. Synchronous: a
 * rebuild copies hundreds of small cached files, and a promise per call
 * (a thread-pool round trip each) cost several times the copies themselves.
 */
export function copyFromCache(from: string, to: string): number {
  copyFileSync(from, to);
  return statSync(to).size;
}
