import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ProjectPaths } from '../build/paths.js';
import { readHistory, type HistoryEntry } from '../build/publish.js';

/** A kept build (docs/architecture.md, "Atomic publish") and whether it is the one live in dist/. */
export interface KeptBuild extends HistoryEntry {
  readonly live: boolean;
}

/** The id of the build live in dist/, or null when none is. */
async function liveBuildId(paths: ProjectPaths): Promise<string | null> {
  try {
    return (JSON.parse(await readFile(path.join(paths.dist, 'builds/latest.json'), 'utf8')) as { id: string }).id;
  } catch {
    return null;
  }
}

/** The kept builds, newest first, the live one marked: what `npm run rollback` and the Publishing page offer. */
export async function keptBuilds(paths: ProjectPaths): Promise<KeptBuild[]> {
  const [history, live] = await Promise.all([readHistory(paths), liveBuildId(paths)]);
  return history.map((entry) => ({ ...entry, live: entry.id === live }));
}
