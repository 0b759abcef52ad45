import type { ProjectPaths } from '../build/paths.js';
import { liveBuildId, readHistory, type HistoryEntry } from '../build/publish.js';

/** A kept build (docs/architecture.md, "Atomic publish") and whether it is the one live in dist/. */
export interface KeptBuild extends HistoryEntry {
  readonly live: boolean;
}

/** The kept builds, newest first, the live one marked: what `npm run rollback` and the Publishing page offer. */
export async function keptBuilds(paths: ProjectPaths): Promise<KeptBuild[]> {
  const [history, live] = await Promise.all([readHistory(paths), liveBuildId(paths)]);
  return history.map((entry) => ({ ...entry, live: entry.id === live }));
}
