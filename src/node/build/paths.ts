import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

/**
 * The repository root: the nearest folder above this module with a package.json (src/node/build is three levels
 * down; a script bundled by scripts/run.mjs runs from .marea/bin, two levels down).
 */
export const ROOT = projectRoot(path.dirname(fileURLToPath(import.meta.url)));

function projectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json in ${from} or any folder above it: the project's root is not found`);
  }
}

/** Where things live; every path can be overridden (tests build into temp folders). */
export interface ProjectPaths {
  root: string;
  /** The published site (what the CDN serves). */
  dist: string;
  /** Local store of the last builds, for rollback (rule 13: git-ignored). */
  builds: string;
  /** The embedded default content, in git: written only by `npm run content:pull`. */
  contentCache: string;
  /**
   * The last crawl a build from the CMS validated (git-ignored, under `work`): what a build
   * reads when the CMS cannot be reached, before the bundled `contentCache`.
   */
  lastCrawl: string;
  /** Bundles cached by code hash, reports and other work files. */
  work: string;
}

export function projectPaths(overrides: Partial<ProjectPaths> = {}): ProjectPaths {
  const root = overrides.root ?? ROOT;
  const work = overrides.work ?? path.join(root, '.marea');
  return {
    root,
    dist: overrides.dist ?? path.join(root, 'dist'),
    builds: overrides.builds ?? path.join(root, 'builds'),
    contentCache: overrides.contentCache ?? path.join(root, 'content-cache'),
    work,
    lastCrawl: overrides.lastCrawl ?? path.join(work, 'last-crawl'),
  };
}
