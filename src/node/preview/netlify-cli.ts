import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../build/paths.js';
import { freePort } from '../platform/free-port.js';
import { withDeno } from '../platform/deno.js';
import { PREVIEW_BUNDLE_DIR } from '../preview-render/bundle-files.js';

/**
 * `netlify dev --offline` (netlify-cli, the command Netlify documents for
 * local development) serving a built `dist/` with this repo's netlify.toml:
 * its own static server, redirect and header handling and edge functions
 * proxy, as a separate process, with the edge function running in Deno.
 *
 * Offline needs two things netlify-cli does not do by itself (see
 * docs/deploying.md): it imports its edge bootstrap from Netlify's servers at run
 * time (`https://v3-2-0--edge.netlify.com/bootstrap/index-combined.ts`), so
 * `NETLIFY_EDGE_BOOTSTRAP` points it at the same bootstrap as shipped on npm
 * inside `@netlify/edge-functions-dev`; and its config reader
 * (`@netlify/edge-bundler/deno/config.ts`) imports a type module from
 * `https://edge.netlify.com/bootstrap/globals/types.ts`, which an import map
 * (netlify.toml `[functions] deno_import_map`) sends to an empty local module.
 * Telemetry and error reports off through `CI=1` (netlify-cli 27 reads no
 * telemetry variable: only `ci-info`'s CI detection and its global config),
 * mock geolocation (`--country`), no .gitignore edit.
 *
 * The project folder it serves holds copies of netlify.toml and `netlify/`,
 * links to `src/`, `cms/` and `node_modules/`, and the site as `dist`. The
 * functions folder must be a real one: zip-it-and-ship-it (the CLI's function
 * bundler) writes a function's transpiled entry at the function's own path in
 * `.netlify/functions-serve/<name>/`, then recreates each symbolic link it
 * traced on that path, and a linked `netlify/` is then a link over a folder
 * it already wrote (EEXIST). Links elsewhere are harmless: `src/` and `cms/`
 * are bundled into the entry by esbuild, `node_modules/` stays a link.
 */
export interface NetlifyCli {
  origin: string;
  output: () => string;
  close(): Promise<void>;
}

/** Netlify's edge bootstrap as published on npm (the one Netlify's local runtime runs). */
const LOCAL_BOOTSTRAP = path.join(ROOT, 'node_modules/@netlify/edge-functions-dev/dist/deno/bootstrap.mjs');
const REMOTE_TYPES = 'https://edge.netlify.com/bootstrap/globals/types.ts';

export interface NetlifyCliOptions {
  /** The edge's country (`--country`), US by default. */
  country?: string;
  /**
   * Serve netlify/functions too (off by default: the site's CDN behaviour
   * needs none, and bundling them costs seconds): `env` is the functions'
   * environment (the site's variables on Netlify), `previewBundle` the
   * `.marea/preview-bundle/` a build wrote, shipped like netlify.toml's
   * `included_files` ships it.
   */
  functions?: { env: Record<string, string>; previewBundle?: string };
}

export async function startNetlifyCli(dist: string, options: NetlifyCliOptions = {}): Promise<NetlifyCli> {
  // Ports are picked free, then handed to netlify-cli, which fails ("Could not
  // acquire required 'port'", EADDRINUSE) if something took one in between: try others.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(dist, options);
    } catch (error) {
      if (attempt >= 3 || !/Could not acquire|EADDRINUSE/.test(String(error))) throw error;
    }
  }
}

async function startOnce(dist: string, options: NetlifyCliOptions): Promise<NetlifyCli> {
  const root = await mkdtemp(path.join(tmpdir(), 'marea-netlify-cli-'));
  const toml = await readFile(path.join(ROOT, 'netlify.toml'), 'utf8');
  // Its static server's port too (default 3999), so several can run at once.
  const staticPort = await freePort();
  // Into netlify.toml's own `[functions]` table (a second one would not parse); without functions, an empty folder.
  if (!options.functions) await mkdir(path.join(root, 'no-functions'));
  const functions = `[functions]\n${options.functions ? '' : '  directory = "no-functions"\n'}  deno_import_map = "./import_map.json"\n`;
  const merged = /^\[functions\]\s*$/m.test(toml) ? toml.replace(/^\[functions\]\s*\n/m, functions) : `${toml}\n${functions}`;
  await writeFile(path.join(root, 'netlify.toml'), `${merged}\n[dev]\n  staticServerPort = ${staticPort}\n`);
  await writeFile(path.join(root, 'import_map.json'), JSON.stringify({ imports: { [REMOTE_TYPES]: './offline-types.ts' } }));
  await writeFile(path.join(root, 'offline-types.ts'), 'export {};\n');
  await cp(path.join(ROOT, 'package.json'), path.join(root, 'package.json'));
  await cp(path.join(ROOT, 'netlify'), path.join(root, 'netlify'), { recursive: true });
  for (const name of ['src', 'cms', 'node_modules']) await symlink(path.join(ROOT, name), path.join(root, name));
  await symlink(path.resolve(dist), path.join(root, 'dist'));
  if (options.functions?.previewBundle) await cp(options.functions.previewBundle, path.join(root, PREVIEW_BUNDLE_DIR), { recursive: true });
  const port = await freePort();
  const cli = path.join(ROOT, 'node_modules/netlify-cli/bin/run.js');
  const args = ['dev', '--offline', '--dir', 'dist', '--port', String(port), '--no-open', '--skip-gitignore', '--country', options.country ?? 'US'];
  const child = spawn(process.execPath, [cli, ...args], {
    cwd: root,
    // The functions' environment as on Netlify: the site's variables (`functions.env`), no NODE_ENV (vitest's `test`)
    // and no NODE_OPTIONS of the caller's, so the CLI runs them as Lambda does, without require() of ES modules
    // (docs/deploying.md, "Draft preview").
    env: {
      ...withDeno(),
      NODE_ENV: undefined,
      NODE_OPTIONS: undefined,
      ...options.functions?.env,
      NETLIFY_EDGE_BOOTSTRAP: pathToFileURL(LOCAL_BOOTSTRAP).href,
      BROWSER: 'none',
      CI: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const origin = `http://127.0.0.1:${port}`;
  const close = async () => {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    }
    await rm(root, { recursive: true, force: true });
  };
  // Bundling the functions takes the CLI a minute on a busy 2-core machine: give it three.
  const deadline = Date.now() + (options.functions ? 180_000 : 90_000);
  // Functions are bundled after the server answers: wait for them too.
  const ready = async () => (await answers(origin)) && (!options.functions || /Loaded function preview/.test(output));
  while (!(await ready())) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await close();
      throw new Error(`netlify dev did not start (exit ${child.exitCode}):\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { origin, output: () => output, close };
}

async function answers(origin: string): Promise<boolean> {
  try {
    await fetch(`${origin}/robots.txt`, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}
