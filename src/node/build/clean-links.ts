import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { CleanLinks } from '../content/link-targets.js';
import { writeWholeSync } from '../platform/whole-file.js';
import type { PageCacheScope } from './page-cache-files.js';

/** Bumped when what the file holds changes meaning: an older file is then read as empty. */
const FORMAT = 1;

/**
 * The set-aside blocks an earlier build found with every internal link leading somewhere (link-targets.ts
 * `CleanLinks`), by locale and signature, kept beside the normalised pages cache (same scope: the link check's code is
 * among its inputs). A build in a new process checks again only the pages whose blocks are not in it: at 10,002 pages
 * the check of every page took 0.2–0.25 s of a one-page build. A page with a finding is never recorded, so its
 * warning is reported by every build. What a build did not look up is dropped when it saves.
 */
export class CleanLinksRecord implements CleanLinks {
  private readonly kept: Map<string, Set<string>>;
  private readonly seen = new Map<string, Set<string>>();
  private changed = false;

  private constructor(
    private readonly file: string,
    kept: Record<string, string[]>,
  ) {
    this.kept = new Map(Object.entries(kept).map(([key, hashes]) => [key, new Set(hashes)]));
  }

  static read(scope: PageCacheScope): CleanLinksRecord {
    const file = path.join(scope.dir, `${scope.version}-clean-links.json`);
    let kept: Record<string, string[]> = {};
    try {
      const saved = JSON.parse(readFileSync(file, 'utf8')) as { format?: number; clean?: Record<string, string[]> };
      if (saved.format === FORMAT && saved.clean) kept = saved.clean;
    } catch {
      // Missing or unreadable: every page is checked, and the record written again.
    }
    return new CleanLinksRecord(file, kept);
  }

  has(key: string, hash: string): boolean {
    if (!this.kept.get(key)?.has(hash)) return false;
    this.note(key, hash);
    return true;
  }

  add(key: string, hash: string): void {
    this.note(key, hash);
    this.changed = true;
  }

  /** Writes what this build looked up or added, when that is not what was read. */
  save(): void {
    const lookedUp = [...this.seen.values()].reduce((sum, hashes) => sum + hashes.size, 0);
    const read = [...this.kept.values()].reduce((sum, hashes) => sum + hashes.size, 0);
    if (!this.changed && lookedUp === read) return;
    const clean = Object.fromEntries([...this.seen].map(([key, hashes]) => [key, [...hashes]]));
    writeWholeSync(this.file, JSON.stringify({ format: FORMAT, clean }));
  }

  private note(key: string, hash: string): void {
    let hashes = this.seen.get(key);
    if (!hashes) this.seen.set(key, (hashes = new Set()));
    hashes.add(hash);
  }
}
