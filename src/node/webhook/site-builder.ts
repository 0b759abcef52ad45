import { existsSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { LOCALES } from '../../shared/locales.js';
import { BuildMemo } from '../build/build-memo.js';
import { pageChanges } from '../build/page-index.js';
import type { ProjectPaths } from '../build/paths.js';
import { ContentValidationError, runBuild } from '../build/pipeline.js';
import { readHistory } from '../build/publish.js';
import { loadContent } from '../build/source.js';
import { writeCacheAtomically, writeCacheFilesFrom } from '../cms/cache.js';
import { createCmsClient, type CmsClient } from '../cms/client.js';
import { crawl } from '../cms/crawl.js';
import { wholeCollection, type CollectionResponse } from '../cms/envelope.js';
import { downloadMedia } from '../cms/media-download.js';
import { mediaCachePath } from '../cms/media-path.js';
import { mediaUrlsInResponses } from '../cms/media-urls.js';
import { cacheFileName, ENDPOINTS, type RawSite } from '../cms/raw.js';
import { rawSite } from '../cms/raw-site.js';
import type { Config } from '../config/env.js';
import type { Change, ChangeSet } from './events.js';
import { BuildFailure, heldBackStatus, statusIssue, type BuildOutcome } from './queue.js';

/** A stored response, as in `content-cache/api/`. */
type Stored = CollectionResponse | { data: unknown; meta: Record<string, unknown> };

export interface SiteBuilderOptions {
  readonly config: Config & { readonly cmsUrl: string };
  readonly paths: ProjectPaths;
  readonly log?: (line: string) => void;
  /** The day dated content is rendered for (tests); default today. */
  readonly now?: () => Date;
  /** Render threads (see runBuild). */
  readonly threads?: number;
}

const documentIdOf = (item: unknown) => (typeof item === 'object' && item !== null && 'documentId' in item ? (item as { documentId: unknown }).documentId : undefined);

/**
 * The webhook service's builder: it lives as long as the service and keeps
 * the CMS's content as the crawl stored it, the build memo (normalised
 * objects, payload keys) and the media downloaded so far. The first build,
 * and any build after a failure, crawls the whole CMS; after that an event
 * fetches only what it names (one page in one locale, or one small
 * endpoint), and the incremental engine re-renders only the pages whose
 * output depends on it. Every build publishes atomically or not at all.
 * What it published is kept in its working copy of the content
 * (`.marea/webhook-content/`, content-cache/ layout, seeded from
 * content-cache/ once), never in the git-tracked content-cache/, which only
 * `npm run content:pull` writes.
 */
export class SiteBuilder {
  private responses: Map<string, Stored> | null = null;
  /** The files changes were applied to since the working copy was last written, each with the entries that changed (cache.ts `writeCacheFilesFrom`). */
  private unwritten = new Map<string, { from: number; through: number }>();
  /** Kept between builds (build-memo.ts); the preview normalises with it too. */
  readonly memo = new BuildMemo();
  /** Each raw entry's newest update, while it is the same object (rule 13's timestamp: newest-update.ts). */
  private readonly newest = new WeakMap<object, number>();
  private readonly client: CmsClient;
  private readonly mediaDir: string;
  /** The working copy: the content of the last published build and its media, outside git. */
  readonly contentDir: string;
  private readonly cmsLocales: Set<string>;

  constructor(private readonly options: SiteBuilderOptions) {
    this.client = createCmsClient({ url: options.config.cmsUrl, token: options.config.cmsToken, maxBytes: options.config.cmsMaxBytes });
    this.mediaDir = path.join(options.paths.work, 'webhook-media');
    this.contentDir = path.join(options.paths.work, 'webhook-content');
    this.cmsLocales = new Set(LOCALES.map((locale) => options.config.cmsLocales[locale]));
  }

  /** The content of the last successful fetch, as `normaliseSite` reads it (the preview renders drafts into it). */
  raw(): RawSite | null {
    const responses = this.responses;
    return responses ? rawSite('cms', this.options.config.cmsLocales, (endpoint, cmsLocale) => responses.get(cacheFileName(endpoint, cmsLocale))?.data, this.newest) : null;
  }

  /** The published content the builder holds, or, before its first build, a fresh read of the CMS (not kept: its media are not downloaded). */
  async content(): Promise<RawSite> {
    return this.raw() ?? (await crawl(this.options.config, this.client)).raw;
  }

  /** The CMS client (token, limits) the builder reads with. */
  get cms(): CmsClient {
    return this.client;
  }

  async build(changes: ChangeSet): Promise<BuildOutcome> {
    const { config, paths } = this.options;
    const before = (await readHistory(paths))[0]?.id ?? null;
    const full = this.responses ? changes.full : 'first build of this service: the whole CMS is read';
    let reason: string | undefined;
    try {
      // Seeded once from the bundled content, whose media then need no download.
      if (!existsSync(path.join(this.contentDir, 'api'))) await cp(paths.contentCache, this.contentDir, { recursive: true });
      if (full) {
        reason = full;
        const crawled = await crawl(config, this.client);
        this.responses = crawled.responses;
        await this.download(crawled.media);
      } else {
        const skipped = await this.apply(changes.changes);
        if (skipped.length > 0) reason = skipped.join('; ');
      }
      const written = full ? null : this.unwritten;
      this.unwritten = new Map();
      const raw = this.raw()!;
      const result = await runBuild({
        config,
        paths,
        memo: this.memo,
        log: () => {},
        ...(this.options.now ? { now: this.options.now() } : {}),
        ...(this.options.threads === undefined ? {} : { threads: this.options.threads }),
        load: (phases) =>
          loadContent({ config, paths, strict: config.strict, log: () => {}, raw, contentDir: this.contentDir, memo: this.memo.normalise, mediaDir: this.mediaDir }, phases),
      });
      // The working copy follows what was published (its media are what later builds reuse): after a full build, all
      // of it, media placed; after an incremental one, the parts of the files the changes touched (media stay where
      // they were downloaded, which `resolveMedia` and `download` read too), so a publish costs its page, not the site.
      if (written) for (const [file, { from, through }] of written) await writeCacheFilesFrom(this.contentDir, file, this.responses!.get(file), from, through);
      else await writeCacheAtomically(this.contentDir, this.responses!, this.mediaDir, { cmsUrl: config.cmsUrl });
      return {
        buildId: result.buildId,
        mode: full ? 'full' : 'incremental',
        ...(reason ? { reason } : {}),
        pages: await pageChanges(paths, before, result.buildId),
        // Warnings and what was held back reach /status, the service log and the CMS's Publishing page (docs/publishing.md).
        warnings: result.warnings.map(statusIssue),
        heldBack: result.heldBack.map(heldBackStatus),
      };
    } catch (error) {
      // What was fetched may be half applied: the next build reads the whole CMS again.
      this.responses = null;
      if (error instanceof ContentValidationError) {
        throw new BuildFailure(error.message, error.issues.filter((i) => i.severity === 'error').map(statusIssue));
      }
      throw new BuildFailure(`${(error as Error).message ?? String(error)}`);
    }
  }

  /** Fetches what the changes name into a copy of the stored responses; returns what was not for this site. */
  private async apply(changes: Change[]): Promise<string[]> {
    const next = new Map(this.responses);
    const skipped: string[] = [];
    const fetched: unknown[] = [];
    const touched = (file: string, from: number, through = Infinity) => {
      const known = this.unwritten.get(file);
      this.unwritten.set(file, { from: Math.min(from, known?.from ?? from), through: Math.max(through, known?.through ?? through) });
    };
    await Promise.all(
      changes.map(async (change) => {
        const { endpoint, cmsLocale, documentId } = change;
        const localized = ENDPOINTS[endpoint].localized;
        if (localized && (!cmsLocale || !this.cmsLocales.has(cmsLocale))) {
          skipped.push(`${endpoint} in locale ${cmsLocale ?? '(none)'} is not one of the site's (CMS_LOCALES)`);
          return;
        }
        const locale = localized ? cmsLocale! : undefined;
        const file = cacheFileName(endpoint, locale);
        if (documentId) {
          const item = change.action === 'remove' ? null : await this.client.fetchDocument(endpoint, locale, documentId);
          if (item) fetched.push(item);
          // Read at the time of the write: two changes of one collection apply one after the other.
          const stored = next.get(file) as CollectionResponse | undefined;
          const data = (stored?.data ?? []).filter((entry) => documentIdOf(entry) !== documentId);
          const at = (stored?.data ?? []).findIndex((entry) => documentIdOf(entry) === documentId);
          if (item) data.splice(at < 0 ? data.length : at, 0, item);
          next.set(file, wholeCollection(data));
          // Edited in its place: its part alone; added at the end, or removed: the parts from there on.
          if (item && at >= 0) touched(file, at, at);
          else touched(file, at < 0 ? data.length - 1 : at);
        } else if (ENDPOINTS[endpoint].collection) {
          const response = await this.client.fetchCollection(endpoint, locale);
          fetched.push(response.data);
          next.set(file, response);
          touched(file, 0);
        } else {
          const data = await this.client.fetchSingle(endpoint, locale);
          fetched.push(data);
          next.set(file, { data, meta: {} });
          touched(file, 0);
        }
      }),
    );
    await this.download(mediaUrlsInResponses(fetched));
    this.responses = next;
    return skipped;
  }

  /** Downloads the media not yet here or in the working copy. */
  private async download(urls: string[]): Promise<void> {
    const { config } = this.options;
    const missing = urls.filter((url) => {
      const relative = mediaCachePath(url, config.cmsUrl);
      return !existsSync(path.join(this.mediaDir, relative)) && !existsSync(path.join(this.contentDir, relative));
    });
    if (missing.length > 0)
      await downloadMedia(missing, this.mediaDir, {
        ...this.client.requestOptions,
        cmsUrl: config.cmsUrl,
        reuseDir: this.contentDir,
        mediaHosts: config.mediaHosts,
        maxBytes: config.mediaMaxBytes,
      });
  }
}
