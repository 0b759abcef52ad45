import { existsSync } from 'node:fs';
import { copyFile, readdir, readFile, rename, rm, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { isPublishableFile } from '../media-safety/judge.js';
import { linkTree } from './files.js';
import type { ProjectPaths } from './paths.js';

/** How many builds `builds/` keeps for rollback. */
export const KEEP_BUILDS = 5;

export interface HistoryEntry {
  id: string;
  timestamp: string;
  /** Wall-clock time of the build (history only; never part of the site). */
  builtAt: string;
}

const historyFile = (paths: ProjectPaths) => path.join(paths.builds, 'history.json');
/** Beside each kept build (never published): its pages' keys, for the next build to reuse what did not change (page-index.ts). */
export const pageIndexFile = (paths: ProjectPaths, id: string) => path.join(paths.builds, `${id}.pages.json`);
const nextDir = (paths: ProjectPaths) => `${paths.dist}.next`;
const prevDir = (paths: ProjectPaths) => `${paths.dist}.prev`;
/** Replaced sites wait here to be deleted (a site of 10,000 pages takes a second or two to delete). */
const trashPrefix = (paths: ProjectPaths) => `${path.basename(paths.dist)}.trash-`;
let trashed = 0;

/**
 * Deletes a replaced site or a dropped build without making the build wait
 * (tens of thousands of files take a second or two): it is renamed aside at
 * once and deleted in the background; an unfinished deletion is finished by
 * the next `recoverInterrupted`.
 */
function discard(dir: string, trash: string): Promise<void> {
  const removal = rename(dir, trash).then(() => rm(trash, { recursive: true, force: true }));
  pendingRemovals.add(removal);
  return removal.finally(() => pendingRemovals.delete(removal));
}
const pendingRemovals = new Set<Promise<void>>();

/** Waits for replaced sites still being deleted (tests, and before a process exits on purpose). */
export async function settleRemovals(): Promise<void> {
  await Promise.allSettled([...pendingRemovals]);
}

export async function readHistory(paths: ProjectPaths): Promise<HistoryEntry[]> {
  try {
    return JSON.parse(await readFile(historyFile(paths), 'utf8')) as HistoryEntry[];
  } catch {
    return [];
  }
}

/**
 * Finishes what an interrupted publish left: if `dist` is missing but the
 * previous site was moved aside, it goes back. Also removes unfinished
 * staging folders. Run at the start of every build, publish and preview.
 */
export async function recoverInterrupted(paths: ProjectPaths): Promise<void> {
  if (!existsSync(paths.dist) && existsSync(prevDir(paths))) await rename(prevDir(paths), paths.dist);
  await rm(nextDir(paths), { recursive: true, force: true });
  await rm(prevDir(paths), { recursive: true, force: true });
  const parent = path.dirname(paths.dist);
  if (existsSync(parent)) {
    const ownTrash = `${trashPrefix(paths)}${process.pid}-`;
    for (const name of await readdir(parent)) {
      // Another process's trash is left over from an interrupted deletion; this process's own is still being deleted.
      if (name.startsWith(trashPrefix(paths)) && !name.startsWith(ownTrash)) await rm(path.join(parent, name), { recursive: true, force: true });
    }
  }
  if (existsSync(paths.builds)) {
    for (const name of await readdir(paths.builds)) {
      const leftover = name.startsWith('.staging-') || (name.startsWith('.trash-') && !name.startsWith(`.trash-${process.pid}-`));
      if (leftover) await rm(path.join(paths.builds, name), { recursive: true, force: true });
    }
  }
}

/** How many earlier builds' assets each new site carries (open tabs on them keep loading their chunks). */
const CARRY_ASSETS_FROM = 2;

/**
 * Copies the hashed `assets/` of the last builds into the new site, without
 * replacing anything: a tab still open on an older build can lazy-load its
 * chunks after the deploy instead of failing (rule 17 is the last resort).
 * Hashed names never collide with different content. First, media that
 * earlier builds published and the judgement of today refuses (`purgeUnsafeMedia`)
 * are deleted from every kept build: never carried, never rolled back to.
 */
export async function carryOverAssets(paths: ProjectPaths, staging: string, buildId: string, log: (line: string) => void = console.log): Promise<number> {
  await purgeUnsafeMedia(paths, log);
  const previous = (await readHistory(paths)).filter((h) => h.id !== buildId).slice(0, CARRY_ASSETS_FROM);
  let carried = 0;
  for (const build of previous) {
    const from = path.join(paths.builds, build.id, 'assets');
    if (!existsSync(from)) continue;
    for (const file of await readdir(from, { recursive: true, withFileTypes: true })) {
      if (!file.isFile()) continue;
      const source = path.join(file.parentPath, file.name);
      const target = path.join(staging, 'assets', path.relative(from, source));
      if (existsSync(target)) continue;
      await mkdir(path.dirname(target), { recursive: true });
      await copyFile(source, target);
      carried += 1;
    }
  }
  return carried;
}

/**
 * Deletes from every kept build (`builds/*` and `builds/.staging-*` excepted)
 * the files under `assets/media/` that the media judgement refuses
 * (media-safety/judge.ts `isPublishableFile`: an `.html`, an SVG sanitising
 * would change, bytes that are not an allowed image or video or not of
 * their extension), with a log line naming them: builds made before the
 * judgement (or a restored Netlify cache, netlify/plugins/keep-builds) may
 * hold them. Returns their paths, relative to `builds/`.
 */
async function purgeUnsafeMedia(paths: ProjectPaths, log: (line: string) => void = console.log): Promise<string[]> {
  if (!existsSync(paths.builds)) return [];
  const purged: string[] = [];
  for (const build of await readdir(paths.builds, { withFileTypes: true })) {
    if (!build.isDirectory() || build.name.startsWith('.')) continue;
    const media = path.join(paths.builds, build.name, 'assets', 'media');
    if (!existsSync(media)) continue;
    for (const file of await readdir(media, { recursive: true, withFileTypes: true })) {
      if (file.isDirectory()) continue;
      const full = path.join(file.parentPath, file.name);
      // Not a plain file (a link) or not publishable: either way it goes.
      if (file.isFile() && (await isPublishableFile(full))) continue;
      await rm(full, { force: true });
      purged.push(path.relative(paths.builds, full).split(path.sep).join('/'));
    }
  }
  if (purged.length > 0) {
    log(`  ⚠ removed ${purged.length} media file${purged.length === 1 ? '' : 's'} of kept builds that are not a safe image or video (never carried or rolled back to):`);
    for (const file of purged) log(`      builds/${file}`);
  }
  return purged;
}

/** A fresh staging folder for a build; nothing published reads it. */
export async function createStaging(paths: ProjectPaths): Promise<string> {
  const dir = path.join(paths.builds, `.staging-${process.pid}`);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  return dir;
}

/** Moves a complete staging folder to `builds/<id>` and records it in the history (newest first, last 5 kept). */
export async function storeBuild(paths: ProjectPaths, staging: string, entry: HistoryEntry): Promise<string> {
  const dir = path.join(paths.builds, entry.id);
  await rm(dir, { recursive: true, force: true });
  await rename(staging, dir);
  const history = [entry, ...(await readHistory(paths)).filter((h) => h.id !== entry.id)];
  const kept = history.slice(0, KEEP_BUILDS);
  for (const old of history.slice(KEEP_BUILDS)) {
    await rm(pageIndexFile(paths, old.id), { force: true });
    const dir = path.join(paths.builds, old.id);
    if (existsSync(dir)) void discard(dir, path.join(paths.builds, `.trash-${process.pid}-${(trashed += 1)}`)).catch(() => {});
  }
  await writeFile(historyFile(paths), `${JSON.stringify(kept, null, 2)}\n`);
  return dir;
}

/**
 * Publishes a stored build as `dist`: the new site is assembled beside it
 * (`dist.next`, hard links), then swapped in with two renames. Until the
 * swap, `dist` is untouched; a crash between the renames is repaired by
 * `recoverInterrupted` (the previous site waits in `dist.prev`). Unsafe
 * media of kept builds are deleted first (`purgeUnsafeMedia`).
 */
export async function publishBuild(paths: ProjectPaths, buildId: string, log: (line: string) => void = console.log): Promise<void> {
  const source = path.join(paths.builds, buildId);
  if (!existsSync(path.join(source, 'builds', 'latest.json'))) {
    const known = (await readHistory(paths)).map((h) => h.id).join(', ') || 'none';
    throw new Error(`No complete build "${buildId}" in ${paths.builds} (kept builds: ${known})`);
  }
  await recoverInterrupted(paths);
  // A rollback to a build made before the media judgement (or restored from Netlify's cache) publishes none of what it refuses.
  await purgeUnsafeMedia(paths, log);
  linkTree(source, nextDir(paths));
  if (existsSync(paths.dist)) await rename(paths.dist, prevDir(paths));
  await rename(nextDir(paths), paths.dist);
  if (existsSync(prevDir(paths))) void discard(prevDir(paths), path.join(path.dirname(paths.dist), `${trashPrefix(paths)}${process.pid}-${(trashed += 1)}`)).catch(() => {});
}
