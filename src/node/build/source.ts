import { existsSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config/env.js';
import { CACHE_PART_ENTRIES, prepareCache, readCache, writeCacheAtomically, type CacheWriteOptions } from '../cms/cache.js';
import { createCmsClient, type CmsClientOptions } from '../cms/client.js';
import { crawl, type CrawlResult } from '../cms/crawl.js';
import { HttpError } from '../cms/http-error.js';
import { downloadMedia } from '../cms/media-download.js';
import { mediaCachePath } from '../cms/media-path.js';
import { NetworkError } from '../cms/network-error.js';
import { TimeoutError } from '../cms/timeout-error.js';
import { normaliseSite, type NormaliseMemo } from '../content/normalise.js';
import type { Context } from '../content/context.js';
import { unpackWords } from '../content/issue-words.js';
import type { PageEntry } from '../content/pages.js';
import type { Locale } from '../../shared/model.js';
import { PageEntryCache } from './page-cache.js';
import { pageCacheFile, pageCacheScope, type PageCacheScope } from './page-cache-files.js';
import type { RawSite } from '../cms/raw.js';
import { formatIssue } from '../content/report.js';
import type { BuildOptions, LoadedContent } from './phases/run.js';
import { buildInputsKey, fileDigests } from './inputs.js';
import type { FileDigests } from './hash.js';
import { buildWorkerBundle } from './bundle.js';
import { normalisePagesInWorkers, pagesInParts } from './normalise-pool.js';
import { CleanLinksRecord } from './clean-links.js';
import { removeLeftovers } from '../platform/leftovers.js';
import type { ProjectPaths } from './paths.js';
import type { Logger, PhaseRecorder } from './task.js';

export interface SourceOptions {
  config: Config;
  paths: ProjectPaths;
  strict: boolean;
  log: Logger;
  /** Fail when the CMS cannot be reached even without strict (content:pull). */
  requireCms?: boolean;
  /** Build from this folder (same layout as content-cache/) instead of the CMS or the cache; never refreshed. */
  contentDir?: string;
  /** Content already in hand (a long-running builder's, changes applied), read as if from `contentDir`: nothing is crawled or read. */
  raw?: RawSite;
  /** Kept by a long-running builder between builds (normalise.ts). */
  memo?: NormaliseMemo;
  /** Where the media of `raw` were downloaded (laid out like the cache); a file missing there is read from the cache. */
  mediaDir?: string;
  /** The CMS client's time limit, retries and backoff, when not the defaults (the fault tests make them short). */
  cmsClient?: Pick<CmsClientOptions, 'timeoutMs' | 'retries' | 'backoffMs'>;
  /** The files the inputs' key hashed (inputs.ts): a page part hashed there is not read again to find it unchanged. */
  digests?: FileDigests;
}

/**
 * What a build takes of its source (`runBuild`'s options): how to load it and, when it reads a content folder without
 * crawling, the key of its inputs (inputs.ts), so a build of unchanged inputs has nothing to do. A CMS build crawls
 * first; a long-running builder has its content in hand: neither has a key.
 */
export function contentSource(options: SourceOptions): Pick<BuildOptions, 'load' | 'inputs'> {
  const folder = options.raw || options.memo ? null : contentFolder(options);
  const { paths, config, strict } = options;
  const digests = folder ? fileDigests(paths) : undefined;
  return {
    load: (phases) => loadContent({ ...options, ...(digests ? { digests } : {}) }, phases),
    ...(folder && digests ? { inputs: (day: string) => buildInputsKey(paths, { folder, config, strict, day, digests }) } : {}),
  };
}

/** The content folder a build reads instead of crawling: the folder it is given, else content-cache/ without a CMS; null when it crawls. */
function contentFolder(options: Pick<SourceOptions, 'contentDir' | 'config' | 'paths'>): string | null {
  return options.contentDir ?? (options.config.cmsUrl ? null : options.paths.contentCache);
}

/** The folder a crawl downloads media into, `.marea/crawl-<pid>`, until the build ends. */
const CRAWL_PREFIX = 'crawl-';

/** A CMS that cannot be reached (as opposed to one that answers wrongly, which always fails). */
function isUnreachable(error: unknown): boolean {
  const cause = error instanceof AggregateError ? error.errors[0] : error;
  return cause instanceof NetworkError || cause instanceof TimeoutError || (cause instanceof HttpError && cause.status >= 500);
}

/**
 * The crawl and normalise phases. With CMS_URL: crawl the CMS, download its
 * media beside, and keep the crawl as `.marea/last-crawl/` once the build
 * validated (never content-cache/, which is in git: `npm run content:pull`
 * is its only writer). When the CMS is unreachable: build from that last
 * crawl, or content-cache/ when there is none, and say so loudly
 * (BUILD_STRICT=1 makes an unreachable CMS fatal). Without CMS_URL: build
 * from content-cache/, the bundled content.
 */
export async function loadContent(options: SourceOptions, phases: PhaseRecorder): Promise<LoadedContent> {
  const { config, paths, log } = options;
  // A build that crawls falls back on its last crawl, else the bundled content, when the CMS cannot be reached.
  const cacheDir = contentFolder(options) ?? (existsSync(path.join(paths.lastCrawl, 'api')) ? paths.lastCrawl : paths.contentCache);
  let crawled: Crawled | null = null;

  if (config.cmsUrl && !options.contentDir && !options.raw) {
    const cmsUrl = config.cmsUrl;
    // What a build that was killed or failed left of its crawl goes first (platform/leftovers.ts).
    removeLeftovers(paths.work, CRAWL_PREFIX);
    const dir = path.join(paths.work, `${CRAWL_PREFIX}${process.pid}`);
    try {
      crawled = await phases.run(
        'crawl',
        async () => {
          const client = createCmsClient({ url: cmsUrl, token: config.cmsToken, maxBytes: config.cmsMaxBytes, ...options.cmsClient });
          const result = await crawl(config, client);
          await rm(dir, { recursive: true, force: true });
          await downloadMedia(result.media, dir, { ...client.requestOptions, cmsUrl, reuseDir: cacheDir, mediaHosts: config.mediaHosts, maxBytes: config.mediaMaxBytes });
          return crawledSite(result, dir, paths.lastCrawl, { cmsUrl, reusedFrom: cacheDir });
        },
        (c) => `${cmsUrl}: ${c.responses} responses, ${c.media} media${c.pagesDir ? ', pages written as the next content cache for the normalise threads' : ''}`,
      );
    } catch (error) {
      if (options.strict || options.requireCms || !isUnreachable(error)) throw error;
      log('');
      log(`  ⚠⚠⚠ The CMS at ${cmsUrl} cannot be reached: ${(error as Error).message}`);
      log(`  ⚠⚠⚠ Building from ${path.relative(paths.root, cacheDir) || cacheDir}/ instead. Set BUILD_STRICT=1 to fail instead.`);
      log('');
    }
  } else if (!options.contentDir && !options.raw) {
    log(`  ⚠ CMS_URL is not set: building from the bundled content in ${path.relative(paths.root, cacheDir)}/ (set CMS_URL to crawl a CMS).`);
  }

  // A large cache (pages in parts) without a memo to keep, or a large site just crawled: its pages are read and normalised in worker threads (normalise-pool.ts).
  const threadsFrom = crawled ? crawled.pagesDir : !options.raw && !options.memo && pagesInParts(cacheDir, config.cmsLocales) ? cacheDir : null;
  const inWorkers = threadsFrom !== null;
  const raw =
    options.raw ??
    (crawled
      ? crawled.raw
      : await phases.run(
          'crawl',
          () => readCache(cacheDir, config.cmsLocales, { pages: !inWorkers }),
          () => `read ${path.relative(paths.root, cacheDir) || cacheDir}/${inWorkers ? ' (pages: part by part, as they are normalised)' : ''}`,
        ));

  const { content, issues, newestPage, setAside } = await phases.run(
    'normalise',
    async () => {
      const fromCms = raw.source === 'cms';
      // A long-running builder keeps its normalised objects in hand (its memo); a build keeps normalised pages on disk (page-cache.ts).
      const scope = (cmsLocales: Record<Locale, string>) => pageCacheScope(paths, { strict: options.strict, fromCms, cmsLocales });
      if (!inWorkers) {
        const read = options.memo ? undefined : cachedPages(raw, options.strict, await scope(raw.cmsLocales));
        const normalised = normaliseSite(raw, { strict: options.strict }, options.memo, read?.pages);
        return { ...normalised, newestPage: null, threads: 0, setAside: undefined, cached: read?.cached ?? null, parts: null };
      }
      // The threads' bundle is built (or its cache checked) only when threads are started: not for an edit's few parts.
      const worker = async () => (await buildWorkerBundle(paths, 'normalise')).file;
      const cache = await scope(config.cmsLocales);
      const read = await normalisePagesInWorkers(worker, threadsFrom, {
        cmsLocales: config.cmsLocales,
        strict: options.strict,
        fromCms,
        work: paths.work,
        cache,
        ...(options.digests ? { digests: options.digests } : {}),
      });
      // The pages an earlier build found with every link leading somewhere are not checked again (clean-links.ts).
      const clean = CleanLinksRecord.read(cache);
      const normalised = normaliseSite(raw, { strict: options.strict }, undefined, read.pages, read.setAside.linksOf, clean);
      clean.save();
      read.setAside.settle(normalised.content.pages);
      return { ...normalised, newestPage: read.newest, threads: read.threads, setAside: read.setAside, cached: read.cached, parts: read.parts };
    },
    (r) => {
      const errors = r.issues.filter((i) => i.severity === 'error').length;
      const whole = r.parts ? ` (${r.parts.whole} of ${r.parts.total} parts unchanged, taken whole)` : '';
      const cached = r.cached === null ? '' : `, ${r.cached} entries from the normalised pages cache${whole}`;
      return `${r.content.pages.length} pages, ${r.issues.length - errors} warnings, ${errors} errors${r.setAside ? `, pages in ${r.threads ? `${r.threads} threads` : 'the main thread'}, blocks set aside` : ''}${cached}`;
    },
  );
  for (const issue of issues) log(`    ${formatIssue(issue).replace(/\n/g, '\n    ')}`);

  const newest = [raw.newestUpdate, newestPage, ...content.pages.map((p) => p.updatedAt)]
    .filter((d): d is string => !!d)
    .sort()
    .pop();
  const crawlDir = crawled?.dir ?? options.mediaDir;
  return {
    content,
    issues,
    setAside,
    release: () => {
      setAside?.close();
      // The crawl's downloads, and the next cache of a large site when the build stopped before swapping it in.
      for (const dir of [crawled?.dir, crawled?.pagesDir]) if (dir) rmSync(dir, { recursive: true, force: true });
    },
    timestamp: newest ?? '1970-01-01T00:00:00.000Z',
    resolveMedia: (url) => {
      const relative = mediaCachePath(url, config.cmsUrl);
      const fresh = crawlDir ? path.join(crawlDir, relative) : null;
      return fresh && existsSync(fresh) ? fresh : path.join(cacheDir, relative);
    },
    commit: crawled
      ? async () => {
          await crawled.commit();
          log(`  ✓ ${path.relative(paths.root, paths.lastCrawl) || paths.lastCrawl}/ keeps this crawl: the fallback while the CMS is down`);
        }
      : undefined,
    describe: crawled ? `CMS ${config.cmsUrl}` : path.relative(paths.root, cacheDir) || cacheDir,
  };
}

/** Each locale's page entries, those seen before from the normalised pages cache (page-cache.ts), as `normaliseSite` reads them. */
function cachedPages(raw: RawSite, strict: boolean, scope: PageCacheScope): { pages: Record<Locale, PageEntry[]>; cached: number } {
  let cached = 0;
  const read = (locale: Locale) => {
    const cache = new PageEntryCache(pageCacheFile(scope, locale, 1));
    const ctx: Context = { strict, fromCms: raw.source === 'cms', issues: [], entity: 'page', locale };
    const entries = cache.read(raw.pages[locale], ctx, raw.cmsLocales);
    cache.save();
    cached += cache.hits;
    // Worded as a thread's (page-cache.ts): the words go back beside each issue.
    for (const entry of entries) unpackWords(entry.issues);
    return entries;
  };
  const pages = { en: read('en'), es: read('es') };
  return { pages, cached };
}

/** A crawl's result as the build keeps it: the raw content, where its media are, and how to make it the new content cache. */
interface Crawled {
  raw: RawSite;
  dir: string;
  /** Where the normalise threads read the pages from (a large site's), else null. */
  pagesDir: string | null;
  /** Keeps what was crawled as the last crawl, `.marea/last-crawl/` (once the build validated). */
  commit: () => Promise<void>;
  responses: number;
  media: number;
}

/**
 * A large site (a locale with more pages than a cache part holds) is written
 * right away as the next last crawl, beside `lastCrawl` and not yet in its
 * place, and the crawled pages are let go: the normalise threads read them
 * back from there, as from any cache in parts, and the build's commit swaps
 * it in. A smaller site is kept in hand and written at the commit.
 */
async function crawledSite(result: CrawlResult, dir: string, lastCrawl: string, options: CacheWriteOptions): Promise<Crawled> {
  const counts = { responses: result.responses.size, media: result.media.length };
  const large = [...result.responses].some(([name, response]) => name.startsWith('pages.') && Array.isArray(response.data) && response.data.length > CACHE_PART_ENTRIES);
  if (!large) return { raw: result.raw, dir, pagesDir: null, commit: () => writeCacheAtomically(lastCrawl, result.responses, dir, options).then(() => undefined), ...counts };
  const prepared = await prepareCache(lastCrawl, result.responses, dir, options);
  const raw: RawSite = { ...result.raw, pages: { en: [], es: [] } };
  return { raw, dir, pagesDir: prepared.dir, commit: () => prepared.swapIn(), ...counts };
}
