import type { ContentIssue, SiteContent } from '../../../shared/model.js';
import type { Config } from '../../config/env.js';
import type { BuildMemo } from '../build-memo.js';
import type { ProjectPaths } from '../paths.js';
import type { SetAsideBlocks } from '../spill.js';
import type { Logger, PhaseRecorder } from '../task.js';

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

/** `LoadedContent` while the build holds it: its content is let go (null) once its media urls are rewritten (content.ts). */
export type HeldContent = Omit<LoadedContent, 'content'> & { content: SiteContent | null };

export interface BuildOptions {
  config: Config;
  paths: ProjectPaths;
  /** The crawl/normalise phases: content from the CMS or a cache. */
  load: (phases: PhaseRecorder) => Promise<LoadedContent>;
  /**
   * The key of everything the build reads, for the UTC day `day` (inputs.ts), when it can be known before any work (a
   * content folder's build: source.ts `contentSource`). A build whose key is the last published build's builds nothing.
   */
  inputs?: (day: string) => Promise<string>;
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

/** What every phase of one build shares: its options, its log and phase timings, and how it walks the content. */
export interface BuildRun {
  options: BuildOptions;
  config: Config;
  paths: ProjectPaths;
  phases: PhaseRecorder;
  log: Logger;
  memo: BuildMemo | null;
  /**
   * A walk over the whole content; a long-running builder walks only the parts that changed (build-memo.ts). Blocks
   * set aside (spill.ts) were walked by the threads that set them aside: `also` is what they found.
   */
  walk: (content: SiteContent, over: (part: object) => readonly string[], also?: ReadonlySet<string>) => string[];
}

export function buildRun(options: BuildOptions, phases: PhaseRecorder, log: Logger): BuildRun {
  const memo = options.memo ?? null;
  return {
    options,
    config: options.config,
    paths: options.paths,
    phases,
    log,
    memo,
    walk: (content, over, also) => {
      const found = memo ? memo.collect(content, over) : [...over(content)];
      return also?.size ? [...new Set([...found, ...also])].sort() : found;
    },
  };
}
