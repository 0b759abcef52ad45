import { existsSync } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { LOCALES } from '../../../shared/locales.js';
import { payloadDeps } from '../build-memo.js';
import { readTemplate, type Bundle } from '../bundle.js';
import { documentKey, type LiveBuild, type Restored } from '../held-back.js';
import { builtPages, type BuiltPage } from '../list-pages.js';
import { rewriteMediaUrls } from '../media.js';
import { PageIndex, type PreviousBuild } from '../page-index.js';
import { PageInputs } from '../page-inputs.js';
import { notFoundPayloads, pagePayload, payloadContext } from '../payloads.js';
import { localeMessages, pageFiles, pageJob, type PageFiles, type PageJob } from '../render.js';
import { startRenderPool } from '../render-pool.js';
import type { SetAsideBlocks } from '../spill.js';
import { formatBytes } from '../task.js';
import type { PublishedMedia } from './media.js';
import type { BuildRun } from './run.js';

export interface RenderInput {
  bundle: Bundle;
  release: string;
  media: PublishedMedia;
  restored: Restored;
  setAside: SetAsideBlocks | undefined;
  live: LiveBuild | null;
  staging: string;
}

/** What the render phase leaves for the phases after it. */
export interface Rendered {
  /** The pool's totals (bytes written, the pages' hashes) and the phase's counts. */
  totals: Awaited<ReturnType<ReturnType<typeof startRenderPool>['finish']>> & { total: number; reused: number; kept: number; threads: number };
  /** Every page's key, and the other files', for the build id and the next build (page-index.ts). */
  index: PageIndex;
  /** The last build of this release, whose unchanged pages this one takes, or null (a full build, a new release). */
  previous: PreviousBuild | null;
  /** The pages published: those held back that the live build does not have (a list page it did not paginate to) are not. */
  published: BuiltPage[];
  /** The files of unchanged pages: taken from the previous build when this one is stored (publish.ts `storeBuild`), never copied. */
  fromPrevious: Set<string>;
  /** The page template, the code chunks of each route and each locale's messages (also the preview bundle's). */
  template: { html: string; chunks: Map<string, string[]>; messages: { en: string; es: string } };
}

/**
 * The render phase: every page's payload and key; a page whose key is the
 * previous build's is taken from it, a page held back keeps the live build's
 * files byte for byte, and the rest are rendered and written in the render
 * threads (render-pool.ts), streamed to `staging`.
 */
export async function renderPages(run: BuildRun, input: RenderInput): Promise<Rendered> {
  const { options, paths, memo } = run;
  const { bundle, media, restored, setAside, live, staging } = input;
  const content = restored.content;
  const { html, chunks } = await readTemplate(bundle);
  // Rule 11: each locale's message file URL (one content-hashed file a locale; every page preloads its own).
  const messages = { en: await localeMessages(paths.root, 'en'), es: await localeMessages(paths.root, 'es') };
  const ctx = payloadContext(run.config, input.release, options.now ?? new Date(), media.share.renditions);
  const pages = builtPages(content.pages);
  const previous = options.full ? null : await PageIndex.latest(paths, input.release);
  const index = new PageIndex(input.release, ctx.day);
  const fromPrevious = new Set<string>();
  const missing = new Set<BuiltPage>();
  const inputs = setAside && !memo ? new PageInputs(content, setAside, ctx, media.urls) : null;

  const totals = await run.phases.run(
    'render',
    async () => {
      const pool = startRenderPool(
        { serverFile: bundle.serverFile, workerFile: bundle.workerFile, template: html, messages, chunks: [...chunks], dir: staging },
        options.threads,
        options.workersFrom,
      );
      let reused = 0;
      let kept = 0;
      const take = async (files: PageFiles, key: string, job: () => PageJob, document?: string, hashed?: string) => {
        index.record(files.htmlFile, key, document, hashed);
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
          // A large site built anew: a page whose inputs' hash is the last build's keeps its key, its payload unmade.
          const hashed = inputs?.of(built);
          const known = deps ? memo!.knownKey(files.htmlFile, deps) : hashed ? (previous?.keyFor(files.htmlFile, hashed) ?? null) : null;
          let job: PageJob | null = null;
          const make = () => (job ??= pageJob(pagePayload(content, setAside ? setAside.restore(built, (blocks) => rewriteMediaUrls(blocks, media.urls)) : built, ctx)));
          const key = known ?? index.keyOf(make());
          if (deps) memo!.remember(files.htmlFile, deps, key);
          await take(files, key, make, document, hashed);
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
  const published = missing.size > 0 ? pages.filter((p) => !missing.has(p)) : pages;
  return { totals, index, previous, published, fromPrevious, template: { html, chunks, messages } };
}

/** A file of the live build, copied into the staging folder (a page held back by another release's build). */
async function copyInto(staging: string, from: string, file: string): Promise<void> {
  await mkdir(path.dirname(path.join(staging, file)), { recursive: true });
  await copyFile(path.join(from, file), path.join(staging, file));
}
