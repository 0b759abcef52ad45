import { existsSync } from 'node:fs';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import type { ContentIssue, Page, SiteContent } from '../../shared/model.js';
import type { Config } from '../config/env.js';
import { ISSUES } from '../content/issues.js';
import { carryRaised } from '../content/raised-with.js';
import { buildBundles, CODE_INPUTS, markBundleUsed, readTemplate } from './bundle.js';
import { writeChecksums } from './checksums.js';
import { formActionOrigins, headersFile, splitFormActions, unlistedFormActions } from './headers.js';
import { hashInputs, sha256 } from './hash.js';
import { manifestFiles } from './manifests.js';
import { copyMedia, mediaUsers, rewriteMediaUrls } from './media.js';
import { mediaUrlsInContent, rasterImages } from './media-walks.js';
import { checkCaptions } from './captions.js';
import { formatIssue } from '../content/report.js';
import { encodeImages } from './media-encode.js';
import { encodeShareImages, shareField, shareSources } from './share-image.js';
import { MAX_IMAGE_PIXELS } from './media-pixels.js';
import type { ProjectPaths } from './paths.js';
import { notFoundPayloads, pagePayload, payloadContext } from './payloads.js';
import { copyTree, writeFiles } from './files.js';
import { builtPages, type BuiltPage } from './list-pages.js';
import { carryOverAssets, createStaging, prepareSpare, publishBuild, recoverInterrupted, storeBuild } from './publish.js';
import { writePreviewBundle } from '../preview-render/bundle-files.js';
import { localeMessages, pageFiles, pageJob, type PageFiles, type PageJob, type RenderedFile } from './render.js';
import { BuildMemo, payloadDeps } from './build-memo.js';
import { startRenderPool } from './render-pool.js';
import { formStubsFile } from './forms.js';
import { LOCALES } from '../../shared/locales.js';
import { wireJson } from '../../shared/payload.js';
import { modalsFile } from '../../shared/routes.js';
import { formatBytes, PhaseRecorder, type Logger, type PhaseTiming } from './task.js';
import { PageIndex } from './page-index.js';
import type { SetAsideBlocks } from './spill.js';
import { documentKey, heldForMedia, linksLeftDead, LiveBuild, restoreLive, triage, withoutHeld, type HeldBack } from './held-back.js';
import { copyFile, mkdir } from 'node:fs/promises';

/** Content as the source phase hands it over: normalised, with its issues and where media files are. */
export interface LoadedContent {
  content: SiteContent;
  issues: ContentIssue[];
  /** Newest content update (rule 13's `timestamp`). */
  timestamp: string;
  /** Maps a CMS media url to the local file holding it. */
  resolveMedia: (url: string) => string;
  /** A large site's blocks, set aside by the normalise threads: `content.pages` keep those read across pages (spill.ts). */
  setAside?: SetAsideBlocks;
  /** Called when the build ends, published or not: removes what loading left on disk (a crawl's downloads, blocks set aside). */
  release?: () => void;
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
  /** Render threads (default: one per core; 0 renders in the main thread). */
  threads?: number;
  /** Pages to render from which the render threads start (default 300, render-pool.ts); fewer render in the main thread. */
  workersFrom?: number;
  /** Render every page even when the last build has it unchanged (default false). */
  full?: boolean;
  /** Kept by a long-running builder between its builds (same output, less work): see build-memo.ts. */
  memo?: BuildMemo;
  /** Where to write the draft preview's bundle (`npm run build`: `.marea/preview-bundle`); default none. */
  previewBundle?: string;
}

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
}

/** Thrown when content has errors in what every page carries (held-back.ts `triage`): the build stops before anything is published. */
export class ContentValidationError extends Error {
  constructor(readonly issues: ContentIssue[]) {
    const errors = issues.filter((i) => i.severity === 'error').length;
    super(`Content has ${errors} error${errors === 1 ? '' : 's'}: nothing was published, the previous site is unchanged.`);
    this.name = 'ContentValidationError';
  }
}

/**
 * Rules 13 and 18: the release is what every page depends on besides its
 * own content: the code (sources and lockfile) and the public configuration.
 * Pages and payloads carry it; the build id adds the content and the day.
 */
export async function releaseId(config: Config, paths: ProjectPaths): Promise<string> {
  const codeHash = await hashInputs(paths.root, CODE_INPUTS);
  return sha256(codeHash, JSON.stringify(config.public), config.siteUrl, JSON.stringify(config.defaultCountry)).slice(0, 12);
}

/**
 * The build: crawl → normalise → bundle → render and write → manifests →
 * publish. Pages stream from render to disk (worker threads, back-pressure),
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

  // `loaded.content` is let go once its media urls are rewritten (below): only the rewritten content is kept through render.
  const loaded: Omit<LoadedContent, 'content'> & { content: SiteContent | null } = await options.load(phases);
  // A large site (its blocks set aside): V8 allocates objects from a site whose objects lived long straight in the old
  // generation, and the sites that make the content (the media rewrite) make each page's payload too, which dies at
  // once: that garbage piled up to 1.1 GB between full collections at 50,000 pages. Without pretenuring it dies young.
  // A small build keeps it: its long-lived objects (Vite's, the content) are then copied less (docs/performance.md,
  // "Blocks set aside").
  if (loaded.setAside) setFlagsFromString('--no-allocation-site-pretenuring');
  try {
    return await buildLoaded(options, loaded, phases, log);
  } finally {
    loaded.release?.();
  }
}

async function buildLoaded(
  options: BuildOptions,
  loaded: Omit<LoadedContent, 'content'> & { content: SiteContent | null },
  phases: PhaseRecorder,
  log: Logger,
): Promise<BuildResult> {
  const { config, paths } = options;
  // Errors in one page or modal hold it back (held-back.ts); errors in what every page carries stop the build.
  const { fatal, held } = triage(loaded.issues);
  if (fatal.length > 0) throw new ContentValidationError(loaded.issues);
  let live = held.length > 0 ? await LiveBuild.open(paths) : null;
  if (held.length > 0) loaded.content = withoutHeld(loaded.content!, held);

  // Videos the visitor can hear, without captions: warnings from the videos' bytes (captions.ts).
  const captions = await phases.run(
    'captions',
    () => checkCaptions(loaded.content!, loaded.resolveMedia),
    (c) => `${c.videos} videos without captions read, ${c.issues.length} with sound`,
  );
  for (const issue of captions.issues) log(`    ${formatIssue(issue).replace(/\n/g, '\n    ')}`);

  const memo = options.memo ?? null;
  const setAside = loaded.setAside;
  // A walk over the whole content; a long-running builder walks only the parts that changed (build-memo.ts). Blocks set
  // aside (spill.ts) were walked by the threads that set them aside: `also` is what they found.
  const walk = (content: SiteContent, over: (part: object) => readonly string[], also?: ReadonlySet<string>) => {
    const found = memo ? memo.collect(content, over) : [...over(content)];
    return also?.size ? [...new Set([...found, ...also])].sort() : found;
  };
  const bundle = await phases.run(
    'bundle',
    () => (memo ? memo.once('bundle', () => buildBundles(paths, config.public)) : buildBundles(paths, config.public)),
    (b) => (b.cached ? `reused ${b.hash}` : `built ${b.hash}`),
  );
  // A long-running builder built its bundles once: they are in use all the same (bundle.ts `pruneBundles`).
  if (memo) await markBundleUsed(bundle);

  const release = await (memo ? memo.once('release', () => releaseId(config, paths)) : releaseId(config, paths));
  const staging = await createStaging(paths);

  // Media that cannot be published (missing, undecodable, refused) and are only used by pages hold those pages back.
  const skipped = new Set<string>();
  const mediaPhase = () =>
    phases.run(
      'media',
      async () => {
        const cache = path.join(paths.work, 'media');
        const usable = (urls: string[]) => (skipped.size ? urls.filter((url) => !skipped.has(url)) : urls);
        const copied = await copyMedia(usable(walk(loaded.content!, mediaUrlsInContent, setAside?.media)), loaded.resolveMedia, staging, memo?.media, captions.files);
        const encoded = await encodeImages(copied, usable(walk(loaded.content!, rasterImages, setAside?.raster)), staging, cache);
        // The share-card images (docs/search-and-sharing.md, "Share cards"), after the copies they are made from.
        const share = await encodeShareImages(encoded, shareSources(loaded.content!.pages), staging, cache);
        return { ...encoded, files: encoded.files + share.renditions.size, bytes: encoded.bytes + share.bytes, share };
      },
      (m) =>
        `${m.files} files, ${formatBytes(m.bytes)}; AVIF and WebP: ${m.encoded} encoded, ${m.reused} from cache; share images: ${m.share.renditions.size} (${m.share.encoded} encoded)`,
    );
  let media = await mediaPhase();
  const oversized = [...media.oversized, ...media.share.oversized];
  const undecodable = [...media.undecodable, ...media.share.undecodable];
  if (media.missing.length > 0 || undecodable.length > 0 || oversized.length > 0 || media.refused.length > 0) {
    const whole = setAside && ((page: Page) => setAside.withBlocks(page));
    const problems = [
      ...media.missing.map((url) => ({ url, body: () => ISSUES.mediaMissing(url, loaded.resolveMedia(url)) })),
      ...undecodable.map(({ url, reason }) => ({ url, body: () => ISSUES.imageUndecodable(url, reason) })),
      ...oversized.map(({ url, width, height }) => ({
        url,
        body: () => ISSUES.imageTooLarge(url, width, height, MAX_IMAGE_PIXELS),
        field: (page: Page) => shareField(page, url),
      })),
      ...media.refused.map(({ url, reason }) => ({ url, body: (users?: string) => ISSUES.mediaRefused(url, reason, users ?? mediaUsers(loaded.content!.pages, url, whole)) })),
    ];
    const byMedia = heldForMedia(loaded.content!, problems, whole);
    if (!byMedia) {
      const issues = problems.map(({ body }) => {
        const raised = body();
        const issue = { severity: raised.severity, code: raised.code, message: raised.message, entity: 'media', hint: raised.hint };
        carryRaised(raised, issue);
        return issue;
      });
      throw new ContentValidationError(issues);
    }
    held.push(...byMedia);
    for (const { url } of problems) skipped.add(url);
    loaded.content = withoutHeld(loaded.content!, byMedia);
    live ??= await LiveBuild.open(paths);
    media = await mediaPhase();
  }
  const rewritten = memo ? memo.rewrite(loaded.content!, media.urls) : rewriteMediaUrls(loaded.content!, media.urls);
  loaded.content = null;
  // What was held back goes back in as it is live: other pages link to it, list it and name it in hreflang.
  const restored = await restoreLive(rewritten, held, live);
  const content = restored.content;
  for (const entry of restored.heldBack) logHeldBack(entry, log);
  const leftDead = linksLeftDead(content, restored.heldBack, loaded.issues);

  const { html, chunks } = await readTemplate(bundle);
  // Rule 11: every page embeds its locale's messages (data, not JavaScript).
  const messages = { en: await localeMessages(paths.root, 'en'), es: await localeMessages(paths.root, 'es') };
  const ctx = payloadContext(config, release, options.now ?? new Date(), media.share.renditions);
  const pages = builtPages(content.pages);
  const previous = options.full ? null : await PageIndex.latest(paths, release);
  const index = new PageIndex(release, ctx.day);
  // The files of unchanged pages: taken from the previous build when this one is stored (publish.ts `storeBuild`), never copied.
  const fromPrevious = new Set<string>();
  // Pages held back that the live build does not have (a list page it did not paginate to): not published.
  const missing = new Set<BuiltPage>();

  const rendered = await phases.run(
    'render',
    async () => {
      const pool = startRenderPool(
        { serverFile: bundle.serverFile, workerFile: bundle.workerFile, template: html, messages, chunks: [...chunks], dir: staging },
        options.threads,
        options.workersFrom,
      );
      let reused = 0;
      let kept = 0;
      const take = async (files: PageFiles, key: string, job: () => PageJob, document?: string) => {
        index.record(files.htmlFile, key, document);
        const unchanged = previous?.get(files.htmlFile) === key ? previous.filesOf(files) : null;
        if (!unchanged) return pool.add(job());
        reused += 1;
        for (const file of unchanged) fromPrevious.add(file);
      };
      try {
        for (const built of pages) {
          const files = pageFiles({ kind: 'page', locale: built.page.locale, path: built.page.path });
          const document = built.n === 1 && built.page.documentId ? documentKey(built.page.locale, built.page.documentId) : undefined;
          // A page held back keeps the live build's files, byte for byte: never rendered again.
          if (restored.pages.has(built.source)) {
            const key = live!.keyOf(files.htmlFile);
            const liveFiles = [files.htmlFile, files.payloadFile!];
            if (key === undefined || !liveFiles.every((file) => existsSync(path.join(live!.dir, file)))) {
              missing.add(built);
              continue;
            }
            index.record(files.htmlFile, key, document);
            kept += 1;
            if (previous?.dir === live!.dir && previous.get(files.htmlFile) === key) for (const file of liveFiles) fromPrevious.add(file);
            else for (const file of liveFiles) await copyInto(staging, live!.dir, file);
            continue;
          }
          const deps = memo ? payloadDeps(content, built, ctx) : null;
          const known = deps && memo!.knownKey(files.htmlFile, deps);
          let job: PageJob | null = null;
          const make = () => (job ??= pageJob(pagePayload(content, setAside ? setAside.restore(built, (blocks) => rewriteMediaUrls(blocks, media.urls)) : built, ctx)));
          const key = known ?? index.keyOf(make());
          if (deps) memo!.remember(files.htmlFile, deps, key);
          await take(files, key, make, document);
        }
        for (const payload of notFoundPayloads(content, ctx)) {
          const job = pageJob(payload);
          await take(job, index.keyOf(job), () => job);
        }
        return { ...(await pool.finish()), total: pages.length + LOCALES.length - missing.size, reused, kept, threads: pool.threads };
      } finally {
        await pool.close();
      }
    },
    (r) =>
      `${r.total - r.reused - r.kept} of ${r.total} pages rendered${r.reused ? ` (${r.reused} unchanged since ${previous!.buildId})` : ''}${r.kept ? `, ${r.kept} held back as live` : ''}, ${r.threads ? `${r.threads} threads` : 'main thread'}, ${formatBytes(r.bytes)}`,
  );

  const extra: RenderedFile[] = [];
  const stubs = formStubsFile(bundle.server.renderFormStubs(Object.values(content.modals).flat()));
  if (stubs) extra.push(stubs);
  // Every modal of each locale, for shared `#modal=` URLs on pages that do not link them; written as
  // the payloads are (media packed; no `</script`, `<!--` or raw U+2028 in any JSON the site serves).
  for (const locale of LOCALES) extra.push({ file: modalsFile(locale), content: wireJson(content.modals[locale]) });
  // The Content-Security-Policy follows the configuration and the content (headers.ts).
  // Forms posting off the site widen it only for FORM_HOSTS; the others are named (the browser refuses their posts).
  const forms = splitFormActions(walk(content, formActionOrigins), config.formHosts);
  for (const line of unlistedFormActions(content, forms.unlisted)) log(`  ${line}`);
  extra.push(headersFile({ public: config.public, formActions: forms.listed, noindex: config.deploy === 'preview' }));
  for (const file of extra) index.addFile(file);
  // Rule 13: the id follows from what the build publishes (every page's key, the other files, media names) and the day.
  const buildId = index.buildId([...media.urls.values()]);

  const written = await phases.run(
    'write',
    async () => {
      await copyTree(bundle.clientDir, staging, ['index.html', 'complete', '.vite']);
      const carried = await carryOverAssets(paths, staging, buildId, log);
      return { bytes: await writeFiles(staging, extra), files: extra.length, carried };
    },
    (w) => `${w.files} files, ${formatBytes(w.bytes)}, ${w.carried} assets kept from earlier builds`,
  );

  const manifest = { id: buildId, timestamp: loaded.timestamp };
  const published = missing.size > 0 ? pages.filter((p) => !missing.has(p)) : pages;
  const manifests = manifestFiles(
    manifest,
    published.map((p) => p.page),
    config.siteUrl,
    config.deploy === 'preview',
  );
  await phases.run(
    'manifests',
    () => writeFiles(staging, manifests),
    () => `build ${buildId}, sitemap ${published.length} urls`,
  );

  // SHA256SUMS (checksums.ts): the pages' hashes come from the render workers, which hashed the bytes they wrote;
  // those of the files taken unchanged from the previous build from its manifest; the rest are read.
  const sums = await phases.run(
    'checksums',
    () => writeChecksums(staging, previous?.dir, rendered.hashes, fromPrevious),
    (c) => `SHA256SUMS: ${c.files} files, ${c.written} hashed as written${c.reused ? `, ${c.reused} hashes reused from ${previous!.buildId}` : ''}`,
  );

  const entry = { id: buildId, timestamp: loaded.timestamp, builtAt: new Date().toISOString() };
  const taken = previous && fromPrevious.size > 0 ? { dir: previous.dir, files: fromPrevious, manifest: sums.manifest } : undefined;
  const buildDir = await phases.run(
    'store',
    () => storeBuild(paths, staging, entry, taken),
    () => `builds/${buildId}${taken ? `, ${taken.files.size} files from ${previous!.buildId}` : ''}`,
  );
  await index.save(paths, buildId);
  if (options.publish !== false) {
    await phases.run(
      'publish',
      () => publishBuild(paths, buildId, log),
      () => `${path.relative(paths.root, paths.dist) || paths.dist} ← builds/${buildId}`,
    );
    await loaded.commit?.();
  }
  // What the Netlify Function's draft preview renders with: this build's code and settings (preview-render/bundle-files.ts).
  if (options.previewBundle) {
    const dir = options.previewBundle;
    const site = { siteUrl: config.siteUrl, defaultCountry: config.defaultCountry, cmsLocales: config.cmsLocales };
    await phases.run(
      'preview bundle',
      () => writePreviewBundle(dir, { bundle, template: html, chunks, messages, release, site }),
      () => path.relative(paths.root, dir) || dir,
    );
  }
  // A copy for the next build to be stored in, made in the background once this one is live (publish.ts).
  await prepareSpare(paths);
  return {
    buildId,
    timestamp: loaded.timestamp,
    pages: published.length,
    rendered: rendered.total - rendered.reused - rendered.kept,
    files: rendered.total * 2 - LOCALES.length + extra.length + manifests.length + media.files,
    bytes: rendered.bytes + written.bytes,
    mediaFiles: media.files,
    bundleCached: bundle.cached,
    timings: phases.timings,
    warnings: [...loaded.issues.filter((i) => i.severity === 'warning'), ...leftDead, ...captions.issues],
    heldBack: restored.heldBack,
    buildDir,
  };
}

/** A file of the live build, copied into the staging folder (a page held back by another release's build). */
async function copyInto(staging: string, from: string, file: string): Promise<void> {
  await mkdir(path.dirname(path.join(staging, file)), { recursive: true });
  await copyFile(path.join(from, file), path.join(staging, file));
}

function logHeldBack(entry: HeldBack, log: Logger): void {
  const name = `${entry.entity}${entry.locale ? ` [${entry.locale}]` : ''}${entry.slug !== undefined ? ` "${entry.slug}"` : ''}`;
  const outcome = entry.kept === null ? 'never published: left out' : `its last published version stays live (${entry.kept})`;
  log(`  ⚠ held back: ${name}, ${entry.issues.length} error${entry.issues.length === 1 ? '' : 's'}; ${outcome}`);
  for (const issue of entry.issues) log(`    ${formatIssue(issue).replace(/\n/g, '\n    ')}`);
}
