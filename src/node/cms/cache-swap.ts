import { readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { isAlive } from '../platform/leftovers.js';

/**
 * Directory swap for the content cache. POSIX has no atomic exchange of two
 * directories, so the swap is two renames: `dir` → `dir.old-<pid>`, then
 * `dir.tmp-<pid>` → `dir`. A crash between them leaves no `dir` but a
 * complete `dir.old-<pid>`, which `recoverInterruptedSwap` puts back.
 */

export const tempDirOf = (dir: string) => `${dir}.tmp-${process.pid}`;
const oldDirOf = (dir: string) => `${dir}.old-${process.pid}`;

/** Swaps the complete `temp` in for `dir` (which may not exist yet) and removes the old one. */
export async function swapIn(temp: string, dir: string): Promise<void> {
  const old = oldDirOf(dir);
  const hadOld = await rename(dir, old).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );
  try {
    await rename(temp, dir);
  } catch (error) {
    if (hadOld) await rename(old, dir);
    throw error;
  }
  if (hadOld) await rm(old, { recursive: true, force: true });
}

/**
 * Undoes what a crashed writer left: puts `dir.old-*` back when `dir` is
 * missing, and removes temporary and old directories of processes that no
 * longer run (a live one may be mid-write).
 */
export async function recoverInterruptedSwap(dir: string): Promise<void> {
  const parent = dirname(dir);
  const name = basename(dir);
  const entries = await readdir(parent).catch(() => [] as string[]);
  const leftovers = entries
    .map((entry) => ({ entry, match: new RegExp(`^${escapeRegExp(name)}\\.(tmp|old)-(\\d+)$`).exec(entry) }))
    .filter(({ match }) => match && !isAlive(Number(match[2])));
  const hasDir = entries.includes(name);
  const old = leftovers.find(({ match }) => match?.[1] === 'old');
  if (!hasDir && old) await rename(join(parent, old.entry), dir);
  for (const { entry } of leftovers) {
    if (entry !== old?.entry || hasDir) await rm(join(parent, entry), { recursive: true, force: true });
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
