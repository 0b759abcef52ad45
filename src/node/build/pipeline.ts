import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ContentIssue, SiteContent } from '../../shared/model.js';
import type { Config } from '../config/env.js';
import { ISSUES } from '../content/issues.js';
import { buildBundles, CODE_INPUTS, readTemplate } from './bundle.js';
import { hashInputs, sha256 } from './hash.js';
import { manifestFiles } from './manifests.js';
import { copyMedia, mediaUrlsInContent, rewriteMediaUrls } from './media.js';
import type { ProjectPaths } from './paths.js';
import { notFoundPayloads, pagePayloads } from './payloads.js';
import { copyTree, writeFiles } from './files.js';
import { carryOverAssets, createStaging, publishBuild, recoverInterrupted, storeBuild } from './publish.js';
import { pageInputs, renderPages } from './render.js';
import { formStubsFile } from './forms.js';
import { LOCALES } from '../../shared/locales.js';
import { modalsFile } from '../../shared/routes.js';
import { formatBytes, PhaseRecorder, type Logger, type PhaseTiming } from './task.js';
import { compileTemplate } from './template.js';

/** Content as the source phase hands it over: normalised, with its issues and where media files are. */
export interface LoadedContent {
  content: SiteContent;
  issues: ContentIssue[];
  /** Newest content update (rule 13's `timestamp`). */
  timestamp: string;
  /** Maps a CMS media url to the local file holding it. */
  resolveMedia: (url: string) => string;
  /** Called once the build has validated, e.g. to refresh `content-cache/` from a crawl. */
  commit?: () => Promise<void>;
  describe: string;
}

export interface BuildOptions {
  config: Config;
  paths: ProjectPaths;
  /** The crawl/normalise phases: content from the CMS or a cache. */
  load: (phases: PhaseRecorder) => Promise<LoadedContent>;
  /** The UTC day the build renders dated content for (rule 13); defaults to today. */
  now?: Date;
  log?: Logger;
  /** Publish into `dist` (default true). */
  publish?: boolean;
}

export interface BuildResult {
  buildId: string;
  timestamp: string;
  pages: number;
  files: number;
  bytes: number;
  mediaFiles: number;
  bundleCached: boolean;
  timings: PhaseTiming[];
  warnings: ContentIssue[];
  buildDir: string;
}

/** Thrown when content has errors: the build stops before anything is published. */
export class ContentValidationError extends Error {
  constructor(readonly issues: ContentIssue[]) {
    const errors = issues.filter((i) => i.severity === 'error').length;
    super(`Content has ${errors} error${errors === 1 ? '' : 's'}: nothing was published, the previous site is unchanged.`);
    this.name = 'ContentValidationError';
  }
}

/**
 * The build: crawl → normalise → bundle → render → write → manifests →
 * publish. Everything is written to a staging folder; `dist` changes only in
 * the last phase, and only when every earlier one succeeded.
 */
export async function runBuild(options: BuildOptions): Promise<BuildResult> {
  const { config, paths } = options;
  const log = options.log ?? ((line: string) => console.log(line));
  const phases = new PhaseRecorder(log);
  await recoverInterrupted(paths);

  const loaded = await options.load(phases);
  const errors = loaded.issues.filter((i) => i.severity === 'error');
  if (errors.length > 0) throw new ContentValidationError(loaded.issues);

  const bundle = await phases.run(
    'bundle',
    () => buildBundles(paths, config.public),
    (b) => (b.cached ? `reused ${b.hash}` : `built ${b.hash}`),
  );

  const day = (options.now ?? new Date()).toISOString().slice(0, 10);
  const contentJson = JSON.stringify(loaded.content);
  const codeHash = await hashInputs(paths.root, CODE_INPUTS);
  const buildId = sha256(contentJson, codeHash, JSON.stringify(config.public), config.siteUrl, JSON.stringify(config.defaultCountry), day).slice(0, 12);
  const staging = await createStaging(paths);

  const media = await phases.run(
    'media',
    () => copyMedia(mediaUrlsInContent(loaded.content), loaded.resolveMedia, staging),
    (m) => `${m.files} files, ${formatBytes(m.bytes)}`,
  );
  if (media.missing.length > 0) {
    throw new ContentValidationError(
      media.missing.map((url) => {
        const { severity, code, message, hint } = ISSUES.mediaMissing(url, loaded.resolveMedia(url));
        return { severity, code, message, entity: 'media', hint };
      }),
    );
  }
  const content = rewriteMediaUrls(loaded.content, media.urls);

  const { html, chunks } = await readTemplate(bundle);
  const template = compileTemplate(html);
  // Rule 11: every page embeds its locale's messages (data, not JavaScript).
  const readMessages = async (locale: string) => JSON.stringify(JSON.parse(await readFile(path.join(paths.root, `locales/${locale}.json`), 'utf8'))).replace(/</g, '\\u003c');
  const messages = { en: await readMessages('en'), es: await readMessages('es') };
  const ctx = { buildId, siteUrl: config.siteUrl, countries: { ...config.defaultCountry }, day };
  const pages = pagePayloads(content, ctx);
  const payloads = [...pages, ...notFoundPayloads(content, ctx)];
  const rendered = await phases.run(
    'render',
    () => renderPages(pageInputs(payloads), bundle.server.render, template, messages, chunks),
    () => `${pages.length} pages + ${payloads.length - pages.length} error pages`,
  );

  const stubs = formStubsFile(bundle.server.renderFormStubs(Object.values(content.modals).flat()));
  if (stubs) rendered.push(stubs);
  // Every modal of each locale, for shared `#modal=` URLs on pages that do not link them.
  for (const locale of LOCALES) rendered.push({ file: modalsFile(locale), content: JSON.stringify(content.modals[locale]) });

  const written = await phases.run(
    'write',
    async () => {
      await copyTree(bundle.clientDir, staging, ['index.html', 'complete', '.vite']);
      const carried = await carryOverAssets(paths, staging, buildId);
      return { bytes: await writeFiles(staging, rendered), files: rendered.length, carried };
    },
    (w) => `${w.files} files, ${formatBytes(w.bytes)}, ${w.carried} assets kept from earlier builds`,
  );

  const manifest = { id: buildId, timestamp: loaded.timestamp };
  const manifests = manifestFiles(
    manifest,
    pages.map((p) => p.page),
    config.siteUrl,
  );
  await phases.run(
    'manifests',
    () => writeFiles(staging, manifests),
    () => `build ${buildId}, sitemap ${pages.length} urls`,
  );

  const buildDir = await storeBuild(paths, staging, { id: buildId, timestamp: loaded.timestamp, builtAt: new Date().toISOString() });
  if (options.publish !== false) {
    await phases.run(
      'publish',
      () => publishBuild(paths, buildId),
      () => `${path.relative(paths.root, paths.dist) || paths.dist} ← builds/${buildId}`,
    );
    await loaded.commit?.();
  }
  return {
    buildId,
    timestamp: loaded.timestamp,
    pages: pages.length,
    files: rendered.length + manifests.length + media.files,
    bytes: written.bytes,
    mediaFiles: media.files,
    bundleCached: bundle.cached,
    timings: phases.timings,
    warnings: loaded.issues.filter((i) => i.severity === 'warning'),
    buildDir,
  };
}
