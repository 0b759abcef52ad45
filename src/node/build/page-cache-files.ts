import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Locale } from '../../shared/model.js';
import { WORKERS } from './bundle.js';
import { hashInputs, recordedDigests, sha256 } from './hash.js';
import type { ProjectPaths } from './paths.js';

/* Where the normalised pages cache (page-cache.ts) keeps its files, and under which names. */

/** The cache's folder in `builds/`, beside the builds, which CI and Netlify restore. */
export const PAGE_CACHE_DIR = '.normalised';
const cacheDir = (paths: ProjectPaths) => path.join(paths.builds, PAGE_CACHE_DIR);

/** The cache files of one build's options: the folder and the prefix of their names. */
export interface PageCacheScope {
  dir: string;
  /** The hash of the normaliser's code and the options a draft follows from. */
  version: string;
}

/**
 * The scope of a build: the normalise workers' inputs (bundle.ts `WORKERS`,
 * the code a draft is made with, in a thread or not) and the options. Files
 * of other scopes are removed: a code or option change starts the cache over.
 */
export async function pageCacheScope(paths: ProjectPaths, options: { strict: boolean; fromCms: boolean; cmsLocales: Record<Locale, string> }): Promise<PageCacheScope> {
  const code = await hashInputs(paths.root, [...WORKERS.normalise.inputs], recordedDigests(paths.work));
  const version = sha256(code, JSON.stringify([options.strict, options.fromCms, options.cmsLocales])).slice(0, 16);
  const dir = cacheDir(paths);
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(dir)) if (!name.startsWith(`${version}-`)) rmSync(path.join(dir, name), { recursive: true, force: true });
  return { dir, version };
}

/** The cache file of a locale's pages (`part`: the cache part, 1 when not in parts). */
export const pageCacheFile = (scope: PageCacheScope, locale: Locale, part: number) => path.join(scope.dir, `${scope.version}-${locale}-${part}.bin`);
