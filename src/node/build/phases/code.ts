import type { Config } from '../../config/env.js';
import { buildBundles, CODE_INPUTS, markBundleUsed, type Bundle } from '../bundle.js';
import { hashInputs, recordedDigests, sha256 } from '../hash.js';
import type { ProjectPaths } from '../paths.js';
import type { BuildRun } from './run.js';

/**
 * Rules 13 and 18: the release is what every page depends on besides its
 * own content: the code (sources and lockfile) and the public configuration.
 * Pages and payloads carry it; the build id adds the content and the day.
 */
export async function releaseId(config: Config, paths: ProjectPaths): Promise<string> {
  const codeHash = await hashInputs(paths.root, CODE_INPUTS, recordedDigests(paths.work));
  return sha256(codeHash, JSON.stringify(config.public), config.siteUrl, JSON.stringify(config.defaultCountry)).slice(0, 12);
}

/** The bundle phase: the site's bundles (built, or reused by their inputs' hash) and the release id. */
export async function buildCode(run: BuildRun): Promise<{ bundle: Bundle; release: string }> {
  const { config, paths, memo } = run;
  const bundle = await run.phases.run(
    'bundle',
    () => (memo ? memo.once('bundle', () => buildBundles(paths, config.public)) : buildBundles(paths, config.public)),
    (b) => (b.cached ? `reused ${b.hash}` : `built ${b.hash}`),
  );
  // A long-running builder built its bundles once: they are in use all the same (bundle.ts `pruneBundles`).
  if (memo) await markBundleUsed(bundle);
  const release = await (memo ? memo.once('release', () => releaseId(config, paths)) : releaseId(config, paths));
  return { bundle, release };
}
