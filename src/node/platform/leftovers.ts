import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

/** Whether a process runs (this one counts as not: a leftover named with its pid is from an earlier run). */
export function isAlive(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the folders `<dir>/<prefix><pid>` of processes that no longer run:
 * what a build killed, or stopped before its end, left behind (a crawl's
 * downloads, blocks set aside). Another running process's are never
 * touched; this one's are (from an earlier build of it, done by now).
 */
export function removeLeftovers(dir: string, prefix: string): void {
  mkdirSync(dir, { recursive: true });
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const pid = entry.name.startsWith(prefix) ? Number(entry.name.slice(prefix.length)) : NaN;
    if (entry.isDirectory() && Number.isInteger(pid) && !isAlive(pid)) rmSync(path.join(dir, entry.name), { recursive: true, force: true });
  }
}
