import { createHash } from 'node:crypto';
import { createReadStream, readdirSync, type Stats } from 'node:fs';
import { readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';

/** The manifest's name, at the top of the site (CI runs `sha256sum -c SHA256SUMS` in `dist/`). */
export const CHECKSUMS_FILE = 'SHA256SUMS';

/** Files hashed at once: enough to keep the disk busy, few enough open descriptors. */
const CONCURRENCY = 16;

/**
 * Every regular file under `dir` (relative, `/`-separated, in code-unit
 * order), the manifest itself left out. Symbolic links are neither listed
 * nor followed: `readdir`'s entries are not resolved. Synchronous, like the
 * publish phase's links: a site of 10,000 pages has 10,000 folders, and a
 * promise per call cost several times the calls themselves.
 */
function regularFiles(dir: string): string[] {
  const out: string[] = [];
  function walk(relative: string): void {
    for (const entry of readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const file = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(file);
      else if (entry.isFile() && file !== CHECKSUMS_FILE) out.push(file);
    }
  }
  walk('');
  // Plain code-unit order (not localeCompare): the same on every machine.
  return out.sort();
}

/** A file's SHA-256, streamed (media files can be large). */
async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * One manifest line as GNU `sha256sum` writes it (text mode: two spaces). A
 * name with a backslash or a newline is escaped and the line starts with a
 * backslash, as `sha256sum` does, so `sha256sum -c` reads it back.
 */
function manifestLine(hash: string, file: string): string {
  if (!/[\\\n]/.test(file)) return `${hash}  ${file}\n`;
  return `\\${hash}  ${file.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')}\n`;
}

/** A manifest's entries by path (lines that are not `sha256sum` lines are skipped); empty when it cannot be read. */
export async function readChecksums(dir: string): Promise<Map<string, string>> {
  const entries = new Map<string, string>();
  const file = path.join(dir, CHECKSUMS_FILE);
  let text: string;
  let stats: Stats;
  try {
    stats = await stat(file);
    // A manifest read or written before, the same file (a stored build's is never rewritten, a new one is a new
    // inode; `dist`'s is a hard link of its build's): its entries again. A pruned build's inode reused for a new
    // manifest of the very same size within the same modification time would be taken for it: a new manifest is
    // written by this process (`writeChecksums` remembers it first), so only another process could do that.
    const known = readBefore.get(`${stats.dev}:${stats.ino}`);
    if (known && known.size === stats.size && known.mtimeMs === stats.mtimeMs) return new Map(known.entries);
    text = await readFile(file, 'utf8');
  } catch {
    return entries;
  }
  for (const line of text.split('\n')) {
    const match = /^(\\?)([0-9a-fA-F]{64}) [ *](.+)$/.exec(line);
    if (!match) continue;
    const name = match[1] ? match[3]!.replace(/\\(\\|n)/g, (_, c: string) => (c === 'n' ? '\n' : '\\')) : match[3]!;
    entries.set(name, match[2]!.toLowerCase());
  }
  remember(stats, entries);
  return entries;
}

/** Manifests read or written in this process, by device and inode, with the size and time they had then. */
const readBefore = new Map<string, { size: number; mtimeMs: number; entries: ReadonlyMap<string, string> }>();

function remember(stats: Stats, entries: ReadonlyMap<string, string>): void {
  readBefore.set(`${stats.dev}:${stats.ino}`, { size: stats.size, mtimeMs: stats.mtimeMs, entries: new Map(entries) });
  // A long-running builder reads the last few builds' manifests; older ones are let go.
  if (readBefore.size > 4) readBefore.delete(readBefore.keys().next().value!);
}

/**
 * Writes `<dir>/SHA256SUMS`, the manifest of every regular file of the site
 * in the format of GNU `sha256sum` (`<hash>  <path>`, sorted by path), so
 * anyone holding the published folder (CI, before a deploy) can check it
 * with `sha256sum -c`.
 *
 * `written` holds the hashes of files this build wrote itself, taken from
 * the bytes as they were written (the render workers hash each page and
 * payload before writing it): those files are not read back. At 10,000
 * pages reading back 20,000 files cost more than rendering half of them.
 *
 * `fromPrevious` names files of the site that are not in `dir` yet: an
 * incremental build takes its unchanged pages from the previous build
 * (`previous`, its stored folder) when it is stored (publish.ts
 * `storeBuild`). Their hashes come from that build's manifest (stored builds
 * are never written after they are complete); one it does not list is read
 * there. Returns the manifest's entries too, for `storeBuild` to patch a tree by.
 */
export async function writeChecksums(
  dir: string,
  previous?: string | null,
  written: ReadonlyMap<string, string> = new Map(),
  fromPrevious: ReadonlySet<string> = new Set(),
): Promise<{ files: number; reused: number; written: number; manifest: Map<string, string> }> {
  const files = [...regularFiles(dir), ...fromPrevious].sort();
  const known = previous && fromPrevious.size > 0 ? await readChecksums(previous) : new Map<string, string>();
  const limit = pLimit(CONCURRENCY);
  let reused = 0;
  const hashOf = (file: string): string | Promise<string> => {
    const given = written.get(file);
    if (given) return given;
    if (!fromPrevious.has(file)) return limit(() => hashFile(path.join(dir, file)));
    const hash = known.get(file);
    if (hash) reused += 1;
    return hash ?? limit(() => hashFile(path.join(previous!, file)));
  };
  const hashes = await Promise.all(files.map(hashOf));
  // Written beside and renamed over: never through a manifest hard-linked from another build.
  const temporary = path.join(dir, `.${CHECKSUMS_FILE}.${process.pid}.tmp`);
  await writeFile(temporary, files.map((file, i) => manifestLine(hashes[i]!, file)).join(''));
  await rename(temporary, path.join(dir, CHECKSUMS_FILE));
  const manifest = new Map(files.map((file, i) => [file, hashes[i]!]));
  remember(await stat(path.join(dir, CHECKSUMS_FILE)), manifest);
  return { files: files.length, reused, written: files.filter((file) => written.has(file)).length, manifest };
}

/**
 * Checks a folder against its `SHA256SUMS` (what `sha256sum -c` does, plus
 * the files the manifest does not list): `bad` files differ, `missing` ones
 * are listed but gone, `extra` ones are present but not listed. Throws when
 * the folder has no manifest.
 */
export async function verifyChecksums(dir: string): Promise<{ ok: number; bad: string[]; missing: string[]; extra: string[] }> {
  // Read first: a folder without a manifest is an error, not a folder of extra files.
  await readFile(path.join(dir, CHECKSUMS_FILE));
  const expected = await readChecksums(dir);
  const present = regularFiles(dir);
  const listed = new Set(present);
  const limit = pLimit(CONCURRENCY);
  const bad: string[] = [];
  const missing: string[] = [];
  let ok = 0;
  await Promise.all(
    [...expected].map(([file, hash]) =>
      limit(async () => {
        if (!listed.has(file)) missing.push(file);
        else if ((await hashFile(path.join(dir, file))) === hash) ok += 1;
        else bad.push(file);
      }),
    ),
  );
  return { ok, bad: bad.sort(), missing: missing.sort(), extra: present.filter((file) => !expected.has(file)) };
}
