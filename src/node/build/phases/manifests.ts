import { writeFiles } from '../files.js';
import type { BuiltPage } from '../list-pages.js';
import { manifestFiles } from '../manifests.js';
import type { RenderedFile } from '../render.js';
import type { BuildRun } from './run.js';

/** The manifests phase: the build's manifest (rule 13: its id and content timestamp), the sitemap and robots.txt. */
export async function writeManifests(run: BuildRun, staging: string, buildId: string, timestamp: string, published: readonly BuiltPage[]): Promise<RenderedFile[]> {
  const { config } = run;
  const manifests = manifestFiles(
    { id: buildId, timestamp },
    published.map((p) => p.page),
    config.siteUrl,
    config.deploy === 'preview',
  );
  await run.phases.run(
    'manifests',
    () => writeFiles(staging, manifests),
    () => `build ${buildId}, sitemap ${published.length} urls`,
  );
  return manifests;
}
