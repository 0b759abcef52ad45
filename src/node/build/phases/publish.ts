import path from 'node:path';
import { writePreviewBundle } from '../../preview-render/bundle-files.js';
import { buildWorkerBundle, type Bundle } from '../bundle.js';
import { prepareSpare, publishBuild, storeBuild } from '../publish.js';
import type { Rendered } from './render.js';
import type { BuildRun, HeldContent } from './run.js';

/**
 * The store and publish phases: the staging folder becomes `builds/<id>` (with the unchanged pages' files taken from
 * the previous build), its page index is saved for the next build, and `dist` moves to it (unless told not to publish);
 * then the draft preview's bundle when asked for, and a spare copy for the next build (publish.ts).
 */
export async function storeAndPublish(
  run: BuildRun,
  input: { staging: string; buildId: string; loaded: HeldContent; rendered: Rendered; manifest: Map<string, string>; bundle: Bundle; release: string },
): Promise<string> {
  const { options, paths, phases, config } = run;
  const { staging, buildId, loaded, rendered, bundle } = input;
  const { previous, fromPrevious } = rendered;
  const entry = { id: buildId, timestamp: loaded.timestamp, builtAt: new Date().toISOString() };
  const taken = previous && fromPrevious.size > 0 ? { dir: previous.dir, files: fromPrevious, manifest: input.manifest } : undefined;
  const buildDir = await phases.run(
    'store',
    () => storeBuild(paths, staging, entry, taken),
    () => `builds/${buildId}${taken ? `, ${taken.files.size} files from ${previous!.buildId}` : ''}`,
  );
  await rendered.index.save(paths, buildId);
  if (options.publish !== false) {
    await phases.run(
      'publish',
      () => publishBuild(paths, buildId, run.log),
      () => `${path.relative(paths.root, paths.dist) || paths.dist} ← builds/${buildId}`,
    );
    await loaded.commit?.();
  }
  // What the Netlify Function's draft preview renders with: this build's code and settings (preview-render/bundle-files.ts).
  if (options.previewBundle) {
    const dir = options.previewBundle;
    const site = { siteUrl: config.siteUrl, defaultCountry: config.defaultCountry, cmsLocales: config.cmsLocales };
    const { html, chunks, messages } = rendered.template;
    await phases.run(
      'preview bundle',
      async () => {
        const handler = await buildWorkerBundle(paths, 'preview');
        await writePreviewBundle(dir, { bundle, handlerFile: handler.file, template: html, chunks, messages, release: input.release, site });
      },
      () => path.relative(paths.root, dir) || dir,
    );
  }
  // A copy for the next build to be stored in, made in the background once this one is live (publish.ts).
  await prepareSpare(paths);
  return buildDir;
}
