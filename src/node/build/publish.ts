import { existsSync, linkSync, lstatSync, mkdirSync, readFileSync, readlinkSync, rmSync, statSync } from 'node:fs';
import { copyFile, readdir, readFile, rename, rm, symlink, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { writeWholeSync } from '../platform/whole-file.js';
import { isPublishableFile } from '../media-safety/judge.js';
import { isAlive } from '../platform/leftovers.js';
import { CHECKSUMS_FILE, readChecksums } from './checksums.js';
import { linkTree, patchTree, type TreeFiles } from './files.js';
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
/** Where a real-folder `dist` waits during a two-rename swap (`swapAsLink` false, or the first link replacing a folder). */
const prevDir = (paths: ProjectPaths) => `${paths.dist}.prev`;
/** The id of the build live in dist/, or null when none is. */
export async function liveBuildId(paths: ProjectPaths): Promise<string | null> {
  try {
    return (JSON.parse(await readFile(path.join(paths.dist, 'builds/latest.json'), 'utf8')) as { id: string }).id;
  } catch {
    return null;
  }
}
/** The live site's folders: `dist` is a symbolic link to one of them (`publishBuild`). */
const livePrefix = (paths: ProjectPaths) => `${path.basename(paths.dist)}.live-`;
/** The new link, made beside `dist` and renamed over it. */
const linkPrefix = (paths: ProjectPaths) => `${path.basename(paths.dist)}.link-`;
/** The site published before `dist`, kept to be patched into the next one (`publishBuild`). */
const standbyDir = (paths: ProjectPaths) => `${paths.dist}.standby`;
/** The standby copy being made after a first publish (`publishBuild` waits for it). */
let standbyMade: Promise<unknown> = Promise.resolve();
/** A copy of a stored build, for the next build to patch while fewer than KEEP_BUILDS are kept (none drops out to recycle). */
const SPARE_PREFIX = '.spare-';
/** Replaced sites wait here to be deleted (a site of 10,000 pages takes a second or two to delete). */
const trashPrefix = (paths: ProjectPaths) => `${path.basename(paths.dist)}.trash-`;
/** Numbers the folders this process names (trash, spares): unique with its pid. */
let named = 0;

/** Work a build leaves running after it returns: deleting replaced sites, preparing trees to patch. */
const background = new Set<Promise<unknown>>();

function inBackground(work: Promise<unknown>): Promise<unknown> {
  const settled = work.catch(() => {});
  background.add(settled);
  void settled.finally(() => background.delete(settled));
  return settled;
}

/** Waits for the work builds left running (tests, benchmarks, and before a process exits on purpose). */
export async function settleBackgroundWork(): Promise<void> {
  while (background.size > 0) await Promise.allSettled([...background]);
}

/**
 * Deletes a replaced site or a dropped build without making the build wait
 * (tens of thousands of files take a second or two): it is renamed aside at
 * once and deleted in the background; an unfinished deletion is finished by
 * the next `recoverInterrupted`.
 */
async function discard(dir: string, trash: string): Promise<void> {
  await rename(dir, trash);
  inBackground(rm(trash, { recursive: true, force: true }));
}

/** Files linked between two pauses of `linkInBackground`: about 25 ms of work. */
const LINKS_A_TURN = 500;

/**
 * A hard-linked copy of the tree `from` (the files its manifest lists, the
 * manifest last: a copy without one is unfinished and never trusted), made in
 * the background a few hundred links at a time, so a long-running builder
 * keeps answering while it is made.
 */
function linkInBackground(from: string, to: string): Promise<unknown> {
  // There at once: a second caller sees the copy under way.
  mkdirSync(to, { recursive: true });
  return inBackground(
    (async () => {
      const files = [...(await readChecksums(from))];
      // Nothing to copy from: the empty folder goes rather than pass for a copy under way.
      if (files.length === 0) throw new Error(`${from} has no ${CHECKSUMS_FILE} to copy by`);
      const none = new Map<string, string>();
      for (let i = 0; i < files.length; i += LINKS_A_TURN) {
        await new Promise((resolve) => setImmediate(resolve));
        patchTree(to, none, new Map(files.slice(i, i + LINKS_A_TURN)), (file) => path.join(from, file));
      }
      linkSync(path.join(from, CHECKSUMS_FILE), path.join(to, CHECKSUMS_FILE));
    })().catch(async (error: unknown) => {
      await rm(to, { recursive: true, force: true });
      throw error;
    }),
  );
}

export async function readHistory(paths: ProjectPaths): Promise<HistoryEntry[]> {
  try {
    return JSON.parse(await readFile(historyFile(paths), 'utf8')) as HistoryEntry[];
  } catch {
    return [];
  }
}

/** The folder `dist` links to (its name beside `dist`), or null when `dist` is a folder or missing. */
function liveTarget(paths: ProjectPaths): string | null {
  const stat = lstatSync(paths.dist, { throwIfNoEntry: false });
  return stat?.isSymbolicLink() ? readlinkSync(paths.dist) : null;
}

/**
 * Finishes what an interrupted publish left. With `dist` a link (the usual
 * case), no moment of a publish leaves it missing: what is left are folders
 * no one serves, a live folder the link no longer names (it was being
 * renamed to stand by) or a link not yet renamed over `dist`; they go. With
 * a real folder (a Netlify build, or the first link replacing a folder), if
 * `dist` is missing but the previous site was moved aside, it goes back.
 * Also removes unfinished staging folders. Run at the start of every build,
 * publish and preview.
 */
export async function recoverInterrupted(paths: ProjectPaths): Promise<void> {
  const parent = path.dirname(paths.dist);
  if (!existsSync(paths.dist) && existsSync(prevDir(paths))) {
    // A link to nothing (never made by a publish, but possible by hand) would refuse the folder's rename.
    await rm(paths.dist, { force: true });
    await rename(prevDir(paths), paths.dist);
  }
  await rm(nextDir(paths), { recursive: true, force: true });
  await rm(prevDir(paths), { recursive: true, force: true });
  if (existsSync(parent)) {
    const ownTrash = `${trashPrefix(paths)}${process.pid}-`;
    const live = liveTarget(paths);
    for (const name of await readdir(parent)) {
      // Another process's trash is left over from an interrupted deletion; this process's own is still being deleted.
      const trash = name.startsWith(trashPrefix(paths)) && !name.startsWith(ownTrash);
      // A live folder `dist` does not name, or a link that was never renamed over it, unless the
      // process named in it still runs: another publish between its two steps (`npm run preview` starting meanwhile).
      const prefix = [livePrefix(paths), linkPrefix(paths)].find((p) => name.startsWith(p));
      const unserved = prefix !== undefined && name !== live && !isAlive(Number(name.slice(prefix.length).split('-')[0]));
      if (trash || unserved) await rm(path.join(parent, name), { recursive: true, force: true });
    }
  }
  if (existsSync(paths.builds)) {
    for (const name of await readdir(paths.builds)) {
      const unfinishedSpare = name.startsWith(SPARE_PREFIX) && !name.startsWith(`${SPARE_PREFIX}${process.pid}-`) && !existsSync(path.join(paths.builds, name, CHECKSUMS_FILE));
      const leftover = name.startsWith('.staging-') || (name.startsWith('.trash-') && !name.startsWith(`.trash-${process.pid}-`)) || unfinishedSpare;
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
  readJudged(paths.work);
  const judged = new Set<string>();
  const purged: string[] = [];
  for (const build of await readdir(paths.builds, { withFileTypes: true })) {
    if (!build.isDirectory() || build.name.startsWith('.')) continue;
    const media = path.join(paths.builds, build.name, 'assets', 'media');
    if (!existsSync(media)) continue;
    for (const file of await readdir(media, { recursive: true, withFileTypes: true })) {
      if (file.isDirectory()) continue;
      const full = path.join(file.parentPath, file.name);
      // Not a plain file (a link) or not publishable: either way it goes.
      if (file.isFile() && (await judgedPublishable(full, judged))) continue;
      await rm(full, { force: true });
      purged.push(path.relative(paths.builds, full).split(path.sep).join('/'));
    }
  }
  if (purged.length > 0) {
    log(`  ⚠ removed ${purged.length} media file${purged.length === 1 ? '' : 's'} of kept builds that are not a safe image or video (never carried or rolled back to):`);
    for (const file of purged) log(`      builds/${file}`);
  }
  writeJudged(paths.work, judged);
  return purged;
}

/** Where the files judged publishable are recorded, by identity (`judgedPublishable`), for the next build in a new process. */
const judgedRecord = (work: string) => path.join(work, 'judged-media.json');
const recordsRead = new Set<string>();

/** Takes the record of an earlier process in, once a process: a build in a new process judges only media it has not seen. */
function readJudged(work: string): void {
  if (recordsRead.has(work)) return;
  recordsRead.add(work);
  try {
    const read = JSON.parse(readFileSync(judgedRecord(work), 'utf8')) as unknown;
    if (Array.isArray(read)) for (const identity of read) if (typeof identity === 'string') publishable.add(identity);
  } catch {
    // No record, or one that does not read back: every file is judged.
  }
}

/** Records the files of the kept builds judged publishable now (those of pruned builds drop out), beside and renamed over. */
function writeJudged(work: string, judged: ReadonlySet<string>): void {
  writeWholeSync(judgedRecord(work), JSON.stringify([...judged].sort()));
}

/**
 * Files judged publishable, by identity: kept builds share most media (hard links), a long-running builder keeps them,
 * and a build in a new process takes the last one's record (`readJudged`).
 */
const publishable = new Set<string>();

/** `isPublishableFile`, once for each file (its device, inode, size and times: a file changed since is judged again); `judged` collects those that are. */
async function judgedPublishable(file: string, judged: Set<string>): Promise<boolean> {
  const stat = statSync(file, { bigint: true });
  const identity = `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.birthtimeNs}`;
  if (!publishable.has(identity)) {
    if (!(await isPublishableFile(file))) return false;
    publishable.add(identity);
  }
  judged.add(identity);
  return true;
}

/** A fresh staging folder for a build; nothing published reads it. */
export async function createStaging(paths: ProjectPaths): Promise<string> {
  const dir = path.join(paths.builds, `.staging-${process.pid}`);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  return dir;
}

/** The files an incremental build takes from the build before it instead of writing them (its unchanged pages). */
export interface TakenFromPrevious {
  /** That build's stored folder. */
  dir: string;
  files: ReadonlySet<string>;
  /** The new build's manifest (checksums.ts `writeChecksums`): every file, with its hash. */
  manifest: TreeFiles;
}

/**
 * Stores a complete staging folder as `builds/<id>` and records it in the
 * history (newest first, last 5 kept).
 *
 * An incremental build's staging holds only what it wrote; the files it
 * takes from the previous build are hard-linked in here. When a build drops
 * out of the history, its folder is not deleted but recycled: patched into
 * the new build by its manifest (files.ts `patchTree`), so storing an edit
 * of one page costs system calls for what differs from that build, not
 * 20,000 links and 10,000 folders. Otherwise the files are linked into the
 * staging folder.
 */
export async function storeBuild(paths: ProjectPaths, staging: string, entry: HistoryEntry, taken?: TakenFromPrevious): Promise<string> {
  const dir = path.join(paths.builds, entry.id);
  const history = [entry, ...(await readHistory(paths)).filter((h) => h.id !== entry.id)];
  const kept = history.slice(0, KEEP_BUILDS);
  const dropped = history.slice(KEEP_BUILDS);
  let tree = staging;
  let recycled: string | null = null;
  if (taken) {
    const sourceOf = (file: string) => path.join(taken.files.has(file) ? taken.dir : staging, file);
    const base = await recyclable(paths, dropped, [taken.dir, dir]);
    if (base) {
      // A `.staging-` name: an interrupted patch is removed by the next `recoverInterrupted`.
      tree = `${staging}-base`;
      await rename(base.dir, tree);
      recycled = base.dir;
      patchTree(tree, base.have, taken.manifest, sourceOf);
      rmSync(path.join(tree, CHECKSUMS_FILE), { force: true });
      linkSync(path.join(staging, CHECKSUMS_FILE), path.join(tree, CHECKSUMS_FILE));
      await rm(staging, { recursive: true, force: true });
    } else {
      const written = new Map([...taken.manifest].filter(([file]) => !taken.files.has(file)));
      patchTree(staging, written, taken.manifest, sourceOf);
    }
  }
  await rm(dir, { recursive: true, force: true });
  await rename(tree, dir);
  for (const old of dropped) {
    await rm(pageIndexFile(paths, old.id), { force: true });
    const dir = path.join(paths.builds, old.id);
    if (dir !== recycled && existsSync(dir)) await discard(dir, path.join(paths.builds, `.trash-${process.pid}-${(named += 1)}`));
  }
  // Written beside and renamed over: a build killed mid-write leaves the old history whole, never a truncated one (read as empty).
  const temporary = path.join(paths.builds, `.staging-history-${process.pid}.json`); // a `.staging-` leftover is removed by `recoverInterrupted`
  await writeFile(temporary, `${JSON.stringify(kept, null, 2)}\n`);
  await rename(temporary, historyFile(paths));
  return dir;
}

/**
 * While fewer than KEEP_BUILDS builds are kept, none drops out of the history
 * for the next build to be stored in (`storeBuild`): a copy of the newest one
 * is made in the background to take its place. Called once a build is
 * published, so the copy does not slow the publish down.
 */
export async function prepareSpare(paths: ProjectPaths): Promise<void> {
  const history = await readHistory(paths);
  // One spare at a time: a build that comes before it is complete links its files as before.
  if (history.length === 0 || history.length >= KEEP_BUILDS || (await spares(paths)).length > 0) return;
  linkInBackground(path.join(paths.builds, history[0]!.id), path.join(paths.builds, `${SPARE_PREFIX}${process.pid}-${(named += 1)}`));
}

/** The spare copies in `builds/`; one without its manifest is still being made (or was cut short). */
async function spares(paths: ProjectPaths): Promise<{ dir: string; complete: boolean }[]> {
  const names = existsSync(paths.builds) ? await readdir(paths.builds) : [];
  return names
    .filter((name) => name.startsWith(SPARE_PREFIX))
    .map((name) => path.join(paths.builds, name))
    .map((dir) => ({ dir, complete: existsSync(path.join(dir, CHECKSUMS_FILE)) }));
}

/** A folder that can be patched into the next build: a dropped build or a complete spare, with its manifest (none of `avoid`). */
async function recyclable(paths: ProjectPaths, dropped: HistoryEntry[], avoid: string[]): Promise<{ dir: string; have: TreeFiles } | null> {
  const candidates = [...dropped.map((build) => path.join(paths.builds, build.id)), ...(await spares(paths)).filter((s) => s.complete).map((s) => s.dir)];
  for (const dir of candidates) {
    if (avoid.includes(dir) || !existsSync(dir)) continue;
    const have = await readChecksums(dir);
    if (have.size > 0) return { dir, have };
  }
  return null;
}

/**
 * Whether `dist` is published as a symbolic link (true) or a real folder.
 * A link everywhere a reader may open `dist` while it is replaced (`npm run
 * preview`, `npm run webhook`'s site, CI's artifact and checks follow it);
 * a real folder in a Netlify build (`NETLIFY=true` on Netlify,
 * `NETLIFY_LOCAL=true` in `netlify build` on a machine): Netlify uploads the
 * publish folder after the command exits, so no one reads it during the
 * swap, and its upload does not follow a link standing for the folder.
 */
export const swapAsLink = (env: NodeJS.ProcessEnv = process.env): boolean => env.NETLIFY !== 'true' && env.NETLIFY_LOCAL !== 'true';

/**
 * Publishes a stored build as `dist`: the new site is assembled beside it
 * (`dist.next`), moved to a folder of its own (`dist.live-…`), and `dist`,
 * a symbolic link, is switched to it in one step: a new link is made beside
 * it and renamed over it (rename(2) replaces a link atomically). A reader
 * opening `dist/…` gets the old site or the new one, never no site; a crash
 * at any moment leaves `dist` naming a complete site (`recoverInterrupted`
 * removes the rest). Where `swapAsLink` is false (Netlify) `dist` is a real
 * folder and the swap takes two renames, a crash between them repaired by
 * `recoverInterrupted` (the previous site waits in `dist.prev`); the first
 * link replacing a real folder takes that way once. The replaced site is kept as
 * `dist.standby`, and the next publish assembles its site by patching that
 * one (its manifest says what it holds; files.ts `patchTree`), so publishing
 * an edit costs what changed, not a link per file. Unsafe media of kept
 * builds are deleted first (`purgeUnsafeMedia`); a standby holding one loses
 * it in the patch, since no build publishes it any more.
 */
export async function publishBuild(paths: ProjectPaths, buildId: string, log: (line: string) => void = console.log, asLink = swapAsLink()): Promise<void> {
  const source = path.join(paths.builds, buildId);
  if (!existsSync(path.join(source, 'builds', 'latest.json'))) {
    const known = (await readHistory(paths)).map((h) => h.id).join(', ') || 'none';
    throw new Error(`No complete build "${buildId}" in ${paths.builds} (kept builds: ${known})`);
  }
  await recoverInterrupted(paths);
  // A rollback to a build made before the media judgement (or restored from Netlify's cache) publishes none of what it refuses.
  await purgeUnsafeMedia(paths, log);
  const standby = standbyDir(paths);
  await standbyMade;
  const [have, want] = existsSync(standby) ? await Promise.all([readChecksums(standby), readChecksums(source)]) : [new Map(), new Map()];
  if (have.size > 0 && want.size > 0) {
    // The standby's manifest goes first: a patch cut short leaves a tree no later publish trusts.
    rmSync(path.join(standby, CHECKSUMS_FILE));
    patchTree(standby, have, want, (file) => path.join(source, file));
    linkSync(path.join(source, CHECKSUMS_FILE), path.join(standby, CHECKSUMS_FILE));
    await rename(standby, nextDir(paths));
  } else {
    if (existsSync(standby)) await discard(standby, path.join(path.dirname(paths.dist), `${trashPrefix(paths)}${process.pid}-${(named += 1)}`));
    linkTree(source, nextDir(paths));
  }
  const replaced = asLink ? await swapLink(paths) : await swapFolders(paths);
  if (replaced) await rename(replaced, standby);
  // The first site published here: a copy is made to stand by, so the next publish patches it too.
  else if (!existsSync(standby)) standbyMade = linkInBackground(paths.dist, standby);
}

/** `dist.next` becomes `dist` with two renames (`dist` a real folder); returns where the replaced site is, if any. */
async function swapFolders(paths: ProjectPaths): Promise<string | null> {
  const previous = lstatSync(paths.dist, { throwIfNoEntry: false });
  const replaced = previous ? (previous.isSymbolicLink() ? path.join(path.dirname(paths.dist), readlinkSync(paths.dist)) : prevDir(paths)) : null;
  if (previous?.isSymbolicLink()) await rm(paths.dist);
  else if (previous) await rename(paths.dist, prevDir(paths));
  await rename(nextDir(paths), paths.dist);
  return replaced;
}

/**
 * `dist.next` becomes `dist.live-<id>` and `dist` a link to it, renamed over
 * the old link in one step; returns the folder the old link named, if any.
 * A real folder `dist` (published before links) is moved aside first: the
 * only publish with a moment without `dist`, repaired by `recoverInterrupted`.
 */
async function swapLink(paths: ProjectPaths): Promise<string | null> {
  const parent = path.dirname(paths.dist);
  // The pid first: `recoverInterrupted` leaves a running process's folders alone.
  const unique = `${process.pid}-${Date.now().toString(36)}-${(named += 1)}`;
  const live = `${livePrefix(paths)}${unique}`;
  await rename(nextDir(paths), path.join(parent, live));
  const previous = lstatSync(paths.dist, { throwIfNoEntry: false });
  let replaced: string | null = null;
  if (previous?.isSymbolicLink()) replaced = path.join(parent, readlinkSync(paths.dist));
  else if (previous) {
    await rename(paths.dist, prevDir(paths));
    replaced = prevDir(paths);
  }
  // Relative to its folder: the project can be moved or mounted elsewhere.
  const link = path.join(parent, `${linkPrefix(paths)}${unique}`);
  await symlink(live, link, 'dir');
  await rename(link, paths.dist);
  return replaced;
}
