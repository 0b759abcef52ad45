import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { formatIssue } from '../content/report.js';
import { previewRelease } from '../preview-render/bundle-files.js';
import type { ContentIssue } from '../../shared/model.js';
import { LOCALES } from '../../shared/locales.js';
import { createStaging, liveBuildId, prepareSpare, publishBuild, recoverInterrupted } from './publish.js';
import type { HeldBack } from './held-back.js';
import { PhaseRecorder, type Logger, type PhaseTiming } from './task.js';
import { buildRun, type BuildOptions, type HeldContent } from './phases/run.js';
import { checkContent } from './phases/check.js';
import { buildCode } from './phases/code.js';
import { publishMedia } from './phases/media.js';
import { logHeldBack, settleContent } from './phases/content.js';
import { renderPages } from './phases/render.js';
import { siteFiles, writeSiteFiles } from './phases/site-files.js';
import { writeManifests } from './phases/manifests.js';
import { writeSums } from './phases/checksums.js';
import { storeAndPublish } from './phases/publish.js';
import { builtWith, recordInputs, type RecordedResult } from './inputs.js';
import { buildDay } from './payloads.js';
import { recordedDigests } from './hash.js';

export { ContentValidationError } from './content-validation-error.js';
export { releaseId } from './phases/code.js';
export type { BuildOptions } from './phases/run.js';

export interface BuildResult {
  buildId: string;
  timestamp: string;
  pages: number;
  /** Pages rendered by this build; the rest were unchanged and taken from the previous build. */
  rendered: number;
  files: number;
  bytes: number;
  mediaFiles: number;
  bundleCached: boolean;
  timings: PhaseTiming[];
  warnings: ContentIssue[];
  /**
   * Pages, modals and promo codes with content errors, held back: each keeps its last published version, or stays
   * out when it was never published (rule 13; content contract, "Validation"). Empty when the content had no errors.
   */
  heldBack: HeldBack[];
  buildDir: string;
  /** The release (rule 13: the code and public configuration) the pages carry. */
  release: string;
}

/**
 * The build: crawl and normalise (`options.load`, source.ts) → check →
 * bundle → media → content → render → write → manifests → checksums →
 * store and publish, one function per phase in phases/. Pages stream from render to disk (worker threads, back-pressure),
 * so memory does not grow with the site. A page whose payload is the same
 * as in the last build (same release, same content) is not rendered again:
 * its files are linked from that build (byte-identical by construction).
 * Everything is written to a staging folder; `dist` changes only in the
 * last phase, and only when every earlier one succeeded.
 */
export async function runBuild(options: BuildOptions): Promise<BuildResult> {
  const { paths } = options;
  const log = options.log ?? ((line: string) => console.log(line));
  const phases = new PhaseRecorder(log);
  await recoverInterrupted(paths);

  // A build of a content folder whose inputs are the last build's has nothing to do (inputs.ts).
  // Only a build that publishes records its inputs, so only one that publishes looks them up.
  const day = buildDay(options.now ?? new Date());
  const key =
    options.inputs && !options.full && !options.memo && options.publish !== false
      ? await phases.run(
          'inputs',
          () => options.inputs!(day),
          (k) => `key ${k.slice(0, 12)}`,
        )
      : null;
  const same = key ? await builtWith(paths, key) : null;
  if (same && (await unchanged(options, same))) return republish(options, same, phases, log);

  // `loaded.content` is let go once its media urls are rewritten (below): only the rewritten content is kept through render.
  const loaded: HeldContent = await options.load(phases);
  // A large site (its blocks set aside) turns off V8's allocation-site pretenuring, so its payloads die young (docs/performance.md, "V8 tuning").
  if (loaded.setAside) setFlagsFromString('--no-allocation-site-pretenuring');
  try {
    const result = await buildLoaded(options, loaded, phases, log);
    if (key) await recordInputs(paths, key, result);
    // What the bundles' and the release's hashes read too, for the next build in a new process (hash.ts `recordedDigests`).
    recordedDigests(paths.work).save();
    return result;
  } finally {
    loaded.release?.();
  }
}

/** The phases, in order, each in its file (phases/): what one hands the next is named here. */
async function buildLoaded(options: BuildOptions, loaded: HeldContent, phases: PhaseRecorder, log: Logger): Promise<BuildResult> {
  const run = buildRun(options, phases, log);
  const checked = await checkContent(run, loaded);
  const { bundle, release } = await buildCode(run);
  const staging = await createStaging(run.paths);
  const media = await publishMedia(run, loaded, checked, staging);
  const restored = await settleContent(run, loaded, media, checked);
  const rendered = await renderPages(run, { bundle, release, media, restored, setAside: loaded.setAside, live: checked.live, staging });
  const extra = siteFiles(run, bundle, restored, loaded.setAside);
  for (const file of extra) rendered.index.addFile(file);
  // Rule 13: the id follows from what the build publishes (every page's key, the other files, media names) and the day.
  const buildId = rendered.index.buildId([...media.urls.values()]);
  const written = await writeSiteFiles(run, bundle, staging, buildId, extra);
  const manifests = await writeManifests(run, staging, buildId, loaded.timestamp, rendered.published);
  const sums = await writeSums(run, staging, rendered);
  const buildDir = await storeAndPublish(run, { staging, buildId, loaded, rendered, manifest: sums.manifest, bundle, release });
  const { totals } = rendered;
  return {
    buildId,
    timestamp: loaded.timestamp,
    pages: rendered.published.length,
    rendered: totals.total - totals.reused - totals.kept,
    files: totals.total * 2 - LOCALES.length + extra.length + manifests.length + media.files,
    bytes: totals.bytes + written.bytes,
    mediaFiles: media.files,
    bundleCached: bundle.cached,
    timings: phases.timings,
    warnings: [...loaded.issues.filter((i) => i.severity === 'warning'), ...restored.leftDead, ...checked.captions.issues],
    heldBack: restored.heldBack,
    buildDir,
    release,
  };
}

/** Whether what the build is asked for besides the site is there too: the draft preview's bundle, of this release. */
async function unchanged(options: BuildOptions, same: RecordedResult): Promise<boolean> {
  return !options.previewBundle || (await previewRelease(options.previewBundle)) === same.release;
}

/**
 * A build with the inputs of the last one: that build is published again when `dist` is not it (a rollback since, a
 * fresh checkout with `builds/` restored), and its outcome is reported again, each warning and page held back.
 */
async function republish(options: BuildOptions, same: RecordedResult, phases: PhaseRecorder, log: Logger): Promise<BuildResult> {
  const { paths } = options;
  const buildDir = path.join(paths.builds, same.buildId);
  log(`  ✓ unchanged: content, code, settings and day are those of build ${same.buildId}; nothing to build`);
  for (const issue of same.warnings) log(`    ${formatIssue(issue).replace(/\n/g, '\n    ')}`);
  for (const held of same.heldBack) logHeldBack(held, log);
  if ((await liveBuildId(paths)) !== same.buildId) {
    await phases.run(
      'publish',
      () => publishBuild(paths, same.buildId, log),
      () => `${path.relative(paths.root, paths.dist) || paths.dist} ← builds/${same.buildId}`,
    );
    await prepareSpare(paths);
  }
  return { ...same, rendered: 0, bundleCached: true, timings: phases.timings, buildDir };
}
