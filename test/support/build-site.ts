import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, type BuildOptions } from '../../src/node/config/env.js';
import { projectPaths, type ProjectPaths } from '../../src/node/build/paths.js';
import { runBuild, type BuildResult } from '../../src/node/build/pipeline.js';
import { contentSource } from '../../src/node/build/source.js';

export interface TestBuild {
  paths: ProjectPaths;
  result: BuildResult;
  log: string[];
}

/**
 * Builds a content folder (content-cache/ layout), or with `contentDir` null
 * the CMS at `env.CMS_URL` (falling back to `paths.contentCache`), into a temporary dist/ and
 * builds/ with the real pipeline. Bundles are shared with normal builds
 * through the .marea/ cache, so only the first build pays for Vite.
 */
export async function buildSite(
  contentDir: string | null,
  options: {
    paths?: ProjectPaths;
    env?: Record<string, string>;
    /** As scripts/build.ts passes them: with them, `--production` and Netlify's CONTEXT count (src/node/config/env.ts). */
    build?: BuildOptions;
    now?: Date;
    echo?: boolean;
    strict?: boolean;
    threads?: number;
    workersFrom?: number;
    /** With its inputs' key, as `npm run build` builds (inputs.ts): a build of the last build's inputs builds nothing. */
    inputs?: boolean;
    previewBundle?: string;
  } = {},
): Promise<TestBuild> {
  const paths = options.paths ?? (await tempPaths());
  const config = loadConfig({ SITE_URL: 'https://marea.example', ...options.env }, options.build);
  const log: string[] = [];
  const logger = (line: string) => {
    log.push(line);
    if (options.echo) console.log(line);
  };
  const result = await runBuild({
    config,
    paths,
    log: logger,
    now: options.now,
    ...(options.threads === undefined ? {} : { threads: options.threads }),
    ...(options.workersFrom === undefined ? {} : { workersFrom: options.workersFrom }),
    ...(options.previewBundle ? { previewBundle: options.previewBundle } : {}),
    ...pick(contentSource({ config, paths, strict: options.strict ?? false, log: logger, ...(contentDir ? { contentDir } : {}) }), options.inputs ?? false),
  });
  return { paths, result, log };
}

/** The source's loader, and its inputs' key when asked for. */
const pick = ({ load, inputs }: ReturnType<typeof contentSource>, withInputs: boolean) => (withInputs && inputs ? { load, inputs } : { load });

/** Temporary dist/ and builds/ (and content cache and last crawl, for CMS builds). */
export async function tempPaths(): Promise<ProjectPaths> {
  const dir = await mkdtemp(path.join(tmpdir(), 'marea-test-'));
  return projectPaths({ dist: path.join(dir, 'dist'), builds: path.join(dir, 'builds'), contentCache: path.join(dir, 'content-cache'), lastCrawl: path.join(dir, 'last-crawl') });
}
