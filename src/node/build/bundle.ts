import { existsSync } from 'node:fs';
import { cp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { InlineConfig, Rolldown } from 'vite';
import type { ServerBundle } from '../../shared/render-contract.js';
import { PUBLIC_CONFIG_GLOBALS, type PublicConfig } from '../../shared/public-config.js';
import { hashInputs, recordedDigests, sha256 } from './hash.js';
import type { ProjectPaths } from './paths.js';
import { blockChunks, type BlockChunkManifest, type ManifestChunk } from './hints.js';
import { SCRIPTS_TEMPLATE_OPEN } from './boot-script.js';
import { fillCacheEntry } from './cache-entry.js';

/** What the browser and server bundles are built from (rule 13: "code"). */
const BUNDLE_INPUTS = [
  'src/client',
  'src/shared',
  'locales',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'src/node/build/bundle.ts',
  'src/node/build/message-files.ts',
  'src/node/build/class-names.ts',
  // Its selectors keep their classes' names (class-names.ts, SERVER_SELECTORS).
  'src/node/webhook/preview.ts',
];
/** Everything that can change the output: bundle inputs plus the build-time code. */
export const CODE_INPUTS = [...BUNDLE_INPUTS, 'src/node', 'scripts'];
/**
 * The worker threads' bundles: each entry and every module it imports
 * (checked at each build: `outsideInputs`), npm packages by the lockfile.
 */
export const WORKERS = {
  /** The render workers (render-pool.ts). */
  render: { entry: 'src/node/build/render-task.ts', inputs: ['src/node/build', 'src/shared', 'package-lock.json'] },
  /** The normalise workers (normalise-pool.ts): a large cache's pages, read and normalised. */
  normalise: {
    entry: 'src/node/build/normalise-task.ts',
    inputs: [
      'src/node/build/normalise-task.ts',
      'src/node/build/page-cache.ts',
      'src/node/build/hash.ts',
      'src/node/build/spill.ts',
      'src/node/build/media-walks.ts',
      'src/node/platform/leftovers.ts',
      'src/node/platform/failures.ts',
      'src/node/platform/whole-file.ts',
      'src/node/content',
      'src/node/cms',
      'src/shared',
      'package-lock.json',
    ],
    // recheck finds its own files from its module's URL (synckit): imported from node_modules, by absolute URL, not bundled.
    external: ['recheck'],
  },
  /**
   * The draft preview's Netlify Function (preview-render/netlify-handler.ts), copied into the preview bundle:
   * Lambda's Node has no require() of ES modules, which sanitize-html needs unbundled (docs/deploying.md).
   */
  preview: {
    entry: 'src/node/preview-render/netlify-handler.ts',
    inputs: ['src/node', 'src/shared', 'cms/src/plugins/marea/server/preview-token.js', 'package-lock.json'],
    // Imported by name: it runs on another machine, from the node_modules the function ships (netlify/functions/preview.ts).
    external: ['recheck'],
    byName: true,
    // jsdom (media-safety/svg.ts) resolves its sync-XHR worker beside its code when it loads (never run here).
    beside: [['jsdom', 'jsdom/living/xhr/xhr-sync-worker.js']],
  },
} as const satisfies Record<string, WorkerBundleSpec>;

interface WorkerBundleSpec {
  entry: string;
  inputs: readonly string[];
  external?: readonly string[];
  /** Externals imported by name, not by this machine's absolute URL. */
  byName?: boolean;
  /** Package files copied beside the bundle: [package, path from the folder of its resolved entry]. */
  beside?: readonly (readonly [string, string])[];
}

export interface Bundle {
  hash: string;
  /** Client build output: index.html (the template) and assets/. */
  clientDir: string;
  server: ServerBundle;
  /** The server bundle's file, for render workers to import. */
  serverFile: string;
  /** The render workers' own code (render-task.ts and what it imports) as one JavaScript file: what each worker thread loads. */
  workerFile: string;
  /** Whether the bundles came from the cache. */
  cached: boolean;
}

/**
 * Builds the client bundle (vite-react-ssg's app entry, hydrating the static
 * HTML) and the server bundle (src/client/entry-server.tsx), once per code
 * hash: an unchanged codebase reuses the cached bundles, which keeps content
 * rebuilds fast and byte-identical.
 */
/**
 * The browser-visible configuration as typed values (src/shared/public-config.ts),
 * from the parsed config (not from process.env), so a bundle always matches
 * the configuration its hash was computed from, and the browser parses nothing.
 */
export function publicDefines(publicConfig: PublicConfig): Record<string, string> {
  return {
    [PUBLIC_CONFIG_GLOBALS.gtmId]: JSON.stringify(publicConfig.gtmId),
    [PUBLIC_CONFIG_GLOBALS.datadog]: JSON.stringify(publicConfig.datadog),
  };
}

export async function buildBundles(paths: ProjectPaths, publicConfig: PublicConfig): Promise<Bundle> {
  // The public configuration is compiled in (publicDefines): part of the bundle's identity.
  const hash = sha256(await hashInputs(paths.root, BUNDLE_INPUTS, recordedDigests(paths.work)), JSON.stringify(publicConfig)).slice(0, 16);
  const dir = path.join(paths.work, 'bundle', hash);
  const clientDir = path.join(dir, 'client');
  const serverFile = path.join(dir, 'server', 'entry-server.js');
  const cached = existsSync(path.join(dir, 'complete'));
  if (!cached) {
    await fillBundle(dir, hash, async (tmp) => {
      const common = { root: paths.root, configFile: path.join(paths.root, 'vite.config.ts'), logLevel: 'warn' as const, mode: 'production', define: publicDefines(publicConfig) };
      await viteBuild({ ...common, build: { outDir: path.join(tmp, 'client'), emptyOutDir: true } });
      await viteBuild({
        ...common,
        // React's production server renderer (Vite leaves process.env alone in SSR builds).
        define: { ...common.define, 'process.env.NODE_ENV': JSON.stringify('production') },
        build: {
          outDir: path.join(tmp, 'server'),
          emptyOutDir: true,
          ssr: path.join(paths.root, 'src/client/entry-server.tsx'),
          copyPublicDir: false,
          rolldownOptions: { output: { entryFileNames: 'entry-server.js' } },
        },
      });
    });
  }
  const worker = await buildWorkerBundle(paths, 'render');
  const bundle = { hash, clientDir, serverFile, workerFile: worker.file, cached: cached && worker.cached };
  await markBundleUsed(bundle);
  await pruneBundles(path.join(paths.work, 'bundle'));
  return { ...bundle, server: (await import(pathToFileURL(serverFile).href)) as ServerBundle };
}

/**
 * A worker thread's code (its entry and the build, content and shared
 * modules it imports, npm packages included) as one ES module of plain
 * JavaScript, cached by the hash of its inputs: a worker thread loads it with
 * Node alone, without tsx resolving and transforming each TypeScript module
 * in every worker at every build. The render workers' task imports the SSR
 * bundle by path (`RenderSetup.serverFile`).
 */
export async function buildWorkerBundle(paths: ProjectPaths, kind: keyof typeof WORKERS): Promise<{ file: string; cached: boolean }> {
  const worker: WorkerBundleSpec = WORKERS[kind];
  const { entry, inputs, external = [] } = worker;
  const require = createRequire(path.join(paths.root, 'package.json'));
  const externalPaths = worker.byName ? {} : Object.fromEntries(external.map((name) => [name, pathToFileURL(require.resolve(name)).href]));
  // Where the external packages are is part of the bundle (their absolute URLs).
  const hash = sha256(await hashInputs(paths.root, [...inputs], recordedDigests(paths.work)), JSON.stringify(externalPaths)).slice(0, 16);
  const dir = path.join(paths.work, 'bundle', `${kind}-${hash}`);
  const name = `${path.basename(entry, '.ts')}.js`;
  const file = path.join(dir, name);
  const cached = existsSync(path.join(dir, 'complete'));
  if (!cached) {
    await fillBundle(dir, hash, async (tmp) => {
      const output = await viteBuild({
        root: paths.root,
        configFile: false,
        logLevel: 'warn',
        mode: 'production',
        publicDir: false,
        // npm packages (date-fns, zod, sanitize-html) bundled in: the file imports Node's modules only, wherever the cache folder is.
        ssr: { noExternal: true },
        build: {
          outDir: tmp,
          ssr: path.join(paths.root, entry),
          target: 'node20',
          minify: false,
          rolldownOptions: { external: [...external], output: { entryFileNames: name, codeSplitting: false, paths: externalPaths } },
        },
      });
      const outside = outsideInputs(paths.root, [...inputs], builtModules(output));
      if (outside.length > 0)
        throw new Error(`The ${kind} worker bundle imports modules outside its inputs (bundle.ts WORKERS), so its cache would go stale when they change: ${outside.join(', ')}`);
      for (const [name, file] of worker.beside ?? []) await cp(path.join(path.dirname(require.resolve(name)), file), path.join(tmp, path.basename(file)));
    });
  }
  // Used now, by this build (`pruneBundles`).
  if (cached) await utimes(path.join(dir, 'complete'), new Date(), new Date());
  return { file, cached };
}

/** How long a bundle no build used is kept: every code or public configuration change leaves one behind (about 4 MB). */
export const UNUSED_BUNDLE_DAYS = 7;

/**
 * Marks a bundle as used now (the time of its folders' `complete` files):
 * every build does, a long-running builder too, whose bundles were built once.
 */
export async function markBundleUsed(bundle: Pick<Bundle, 'clientDir' | 'workerFile'>, now = new Date()): Promise<void> {
  for (const dir of [path.dirname(bundle.clientDir), path.dirname(bundle.workerFile)]) await utimes(path.join(dir, 'complete'), now, now);
}

/**
 * Deletes the folders under `bundleDir` no build used for UNUSED_BUNDLE_DAYS,
 * finished or not (a fill cut short leaves a temporary folder, dated by its
 * own time). A bundle another build is using (a parallel test, a webhook
 * service) was marked when that build started, so it is never that old; one
 * that disappears while this runs is skipped.
 */
export async function pruneBundles(bundleDir: string, now = Date.now()): Promise<string[]> {
  const pruned: string[] = [];
  for (const name of await readdir(bundleDir)) {
    const dir = path.join(bundleDir, name);
    const mark = existsSync(path.join(dir, 'complete')) ? path.join(dir, 'complete') : dir;
    const used = await stat(mark).then(
      (s) => s.mtimeMs,
      () => now,
    );
    if (now - used < UNUSED_BUNDLE_DAYS * 86_400_000) continue;
    await rm(dir, { recursive: true, force: true });
    pruned.push(name);
  }
  return pruned.sort();
}

/** The modules of a build's chunks. */
function builtModules(output: Awaited<ReturnType<typeof viteBuild>>): string[] {
  const outputs = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[];
  return outputs.flatMap((o) => o.output.flatMap((chunk) => (chunk.type === 'chunk' ? chunk.moduleIds : [])));
}

/** The bundled modules of the project (not npm packages, not virtual modules) that none of `inputs` covers, relative to `root`. */
export function outsideInputs(root: string, inputs: string[], moduleIds: string[]): string[] {
  return moduleIds
    .filter((id) => path.isAbsolute(id) && !id.split(path.sep).includes('node_modules'))
    .map((id) => path.relative(root, id.replace(/\?.*$/, '')).split(path.sep).join('/'))
    .filter((file) => !inputs.some((input) => file === input || file.startsWith(`${input}/`)));
}

/**
 * Fills a bundle's cache folder (cache-entry.ts: built in a temporary folder,
 * renamed into place, a parallel build's folder kept); its `complete` marker,
 * written last, is what tells a finished bundle.
 */
async function fillBundle(dir: string, hash: string, build: (tmp: string) => Promise<void>): Promise<void> {
  const complete = (entry: string) => existsSync(path.join(entry, 'complete')) || null;
  await fillCacheEntry(
    dir,
    async (tmp) => {
      await build(tmp);
      await writeFile(path.join(tmp, 'complete'), hash);
      return true;
    },
    complete,
  );
}

/**
 * Vite's build, always for production: Vite follows NODE_ENV over `mode`
 * (vitest sets it to "test", which would compile JSX for React's development
 * runtime).
 */
async function viteBuild(config: InlineConfig) {
  const { build } = await import('vite');
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    return await build(config);
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

/**
 * The client build's index.html, with `modulepreload` hints for the chunks
 * hydration imports lazily (react-dom/client, via vite-react-ssg), so the
 * browser fetches them in parallel instead of after the entry; the entry and
 * every hint wait for the first paint (boot-script.ts).
 */
export async function readTemplate(bundle: Bundle): Promise<{ html: string; chunks: Map<string, string[]> }> {
  const html = await readFile(path.join(bundle.clientDir, 'index.html'), 'utf8');
  const manifest = JSON.parse(await readFile(path.join(bundle.clientDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest['index.html'];
  // Vendor chunks only (react-dom/client): the app's own lazy modules (locale
  // messages, the Datadog loader) stay lazy so they never weigh on first load.
  const chunks = blockChunks(JSON.parse(await readFile(path.join(bundle.clientDir, '.vite/blocks.json'), 'utf8')) as BlockChunkManifest);
  // Block chunks are hinted per page, by the blocks each page renders (hints.ts).
  const perPage = new Set([...chunks.values()].flat());
  const lazy = [...new Set(entry?.dynamicImports ?? [])].filter((key) => !key.endsWith('.json') && !key.startsWith('src/')).map((key) => manifest[key]?.file);
  const hints = lazy.filter((file): file is string => !!file && !perPage.has(file)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  // The stylesheet first: it blocks rendering, so it must not queue behind the scripts.
  const stylesheets = html.match(/\s*<link rel="stylesheet"[^>]*>/g) ?? [];
  // The entry and its modulepreloads wait for the first paint (boot-script.ts): into the template
  // that ends <head>, where each page adds its blocks' hints and closes it (hints.ts).
  const scripts = [...(html.match(/\s*<script type="module"[^>]*><\/script>/g) ?? []), ...(html.match(/\s*<link rel="modulepreload"[^>]*>/g) ?? [])];
  let ordered = html;
  for (const tag of [...stylesheets, ...scripts]) ordered = ordered.replace(tag, '');
  ordered = ordered.replace('<!--marea-head-->', `<!--marea-head-->${stylesheets.join('')}`);
  const deferred = [...scripts.map((tag) => tag.trim()), ...hints];
  return { html: ordered.replace('</head>', `  ${SCRIPTS_TEMPLATE_OPEN}\n    ${deferred.join('\n    ')}\n  </head>`), chunks };
}
