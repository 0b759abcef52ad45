import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBundle } from '../../shared/render-contract.js';
import { PUBLIC_CONFIG_GLOBALS, type PublicConfig } from '../../shared/public-config.js';
import { hashInputs, sha256 } from './hash.js';
import type { ProjectPaths } from './paths.js';
import { blockChunks, type BlockChunkManifest, type ManifestChunk } from './hints.js';
import { SCRIPTS_TEMPLATE_OPEN } from './boot-script.js';

/** What the browser and server bundles are built from (rule 13: "code"). */
const BUNDLE_INPUTS = ['src/client', 'src/shared', 'locales', 'public', 'index.html', 'vite.config.ts', 'package-lock.json', 'src/node/build/bundle.ts'];
/** Everything that can change the output: bundle inputs plus the build-time code. */
export const CODE_INPUTS = [...BUNDLE_INPUTS, 'src/node', 'scripts'];

export interface Bundle {
  hash: string;
  /** Client build output: index.html (the template) and assets/. */
  clientDir: string;
  server: ServerBundle;
  /** The server bundle's file, for render workers to import. */
  serverFile: string;
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
  const hash = sha256(await hashInputs(paths.root, BUNDLE_INPUTS), JSON.stringify(publicConfig)).slice(0, 16);
  const dir = path.join(paths.work, 'bundle', hash);
  const clientDir = path.join(dir, 'client');
  const serverFile = path.join(dir, 'server', 'entry-server.js');
  const cached = existsSync(path.join(dir, 'complete'));
  if (!cached) {
    const tmp = `${dir}.tmp-${process.pid}`;
    await rm(tmp, { recursive: true, force: true });
    const { build } = await import('vite');
    // Vite follows NODE_ENV over `mode` (vitest sets it to "test", which would
    // compile JSX for React's development runtime): a bundle is always production.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    const common = { root: paths.root, configFile: path.join(paths.root, 'vite.config.ts'), logLevel: 'warn' as const, mode: 'production', define: publicDefines(publicConfig) };
    try {
      await build({ ...common, build: { outDir: path.join(tmp, 'client'), emptyOutDir: true } });
      await build({
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
    } finally {
      if (nodeEnv === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = nodeEnv;
    }
    await writeFile(path.join(tmp, 'complete'), hash);
    await mkdir(path.dirname(dir), { recursive: true });
    // Another build (a parallel test, say) may have finished the same bundle
    // first: same hash, same bytes, so keep theirs and drop ours.
    if (existsSync(path.join(dir, 'complete'))) await rm(tmp, { recursive: true, force: true });
    else {
      await rm(dir, { recursive: true, force: true });
      await rename(tmp, dir).catch(async (error: unknown) => {
        if (!existsSync(path.join(dir, 'complete'))) throw error;
        await rm(tmp, { recursive: true, force: true });
      });
    }
  }
  const server = (await import(pathToFileURL(serverFile).href)) as ServerBundle;
  return { hash, clientDir, server, serverFile, cached };
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
