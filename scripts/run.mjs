#!/usr/bin/env node
// `node scripts/run.mjs <script> [args…]`: runs `scripts/<script>.ts` as one
// JavaScript file made by esbuild (`.marea/bin/<script>.mjs`), in plain Node,
// instead of through tsx. tsx transforms each TypeScript module as it is
// loaded and hooks every import after it, the SSR bundle's included: an
// unchanged build of the bundled site took 1.40 s as a process through tsx,
// 0.86 s this way (docs/performance.md, "Start-up"). The bundle is made
// again when any file it was made from (as esbuild's metafile lists them), the
// TypeScript settings or this launcher changed, by size, time and inode (0.2 s);
// the pure-JavaScript packages of the build's start are bundled too (`BUNDLED`),
// the others Node loads from node_modules as tsx did.
import * as nodeModule from 'node:module';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Read by esbuild besides the modules (TypeScript settings), and this launcher, whose options make the bundle. */
const SETTINGS = ['tsconfig.json', 'tsconfig.base.json', 'scripts/run.mjs'];

/** A file's size, modification time and inode, or null when it is gone: what says it may have changed. */
function stamp(file) {
  try {
    const stat = statSync(file);
    return `${stat.size} ${stat.mtimeMs} ${stat.ino}`;
  } catch {
    return null;
  }
}

/** Where a script's bundle and its record of inputs are kept under `root`. */
function bundleFiles(root, script) {
  const dir = path.join(root, '.marea', 'bin');
  return { dir, bundle: path.join(dir, `${script}.mjs`), inputs: path.join(dir, `${script}.inputs.json`) };
}

/** Whether the script's bundle was made from the files as they are now (each input's stamp recorded when it was made). */
function bundleIsCurrent(root, script) {
  const { bundle, inputs } = bundleFiles(root, script);
  try {
    const recorded = JSON.parse(readFileSync(inputs, 'utf8'));
    return stamp(bundle) !== null && Object.entries(recorded).every(([file, was]) => stamp(path.join(root, file)) === was);
  } catch {
    return false;
  }
}

/**
 * npm packages bundled into a script's bundle, with what they import: pure JavaScript, many files each, whose ES
 * modules Node otherwise resolves one by one (a package.json lookup each): loading the build script took 0.58–0.64 s
 * with them in node_modules, 0.27–0.28 s bundled (docs/performance.md, "Start-up"). Every other package stays in
 * node_modules, loaded by Node: native addons (sharp, esbuild), packages that start workers from their own files
 * (piscina, recheck), Vite and what the site's bundles share with the build (React, i18next).
 */
const BUNDLED = new Set(['date-fns', 'zod', 'p-limit', 'ky', 'file-type', 'webvtt-parser', 'sanitize-html', 'mp4box', 'marked', 'ipaddr.js', 'i18n-iso-countries']);

/** The package a bare import names (`@scope/name/sub` → `@scope/name`). */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** esbuild resolves a `BUNDLED` package the project imports, and whatever a bundled package imports; every other package is external. */
const npmPackages = {
  name: 'npm-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || args.importer.includes(`${path.sep}node_modules${path.sep}`) || BUNDLED.has(packageOf(args.path))) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** Bundles `scripts/<script>.ts` and what it imports of the project into `.marea/bin/<script>.mjs`, written whole (beside, then renamed). */
async function bundleScript(root, script) {
  const { dir, bundle, inputs } = bundleFiles(root, script);
  mkdirSync(dir, { recursive: true });
  // Loaded only to bundle (25 ms of every start otherwise).
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: root,
    entryPoints: [path.join(root, 'scripts', `${script}.ts`)],
    // Kept in memory, under the final names: the bundle's sourceMappingURL names the map as it is called in place.
    outfile: bundle,
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [npmPackages],
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'error',
    // The CMS's preview-token module is CommonJS (cms/), and requires Node's modules.
    banner: { js: "import { createRequire as __mareaRequire } from 'node:module'; const require = __mareaRequire(import.meta.url);" },
  });
  const record = Object.fromEntries([...Object.keys(result.metafile.inputs), ...SETTINGS].map((file) => [file, stamp(path.join(root, file))]));
  // Each file written beside its name, then renamed into place: the map first, the bundle that names it last.
  for (const output of [...result.outputFiles].sort((a, b) => Number(a.path === bundle) - Number(b.path === bundle))) {
    writeFileSync(`${output.path}.${process.pid}.tmp`, output.contents);
    renameSync(`${output.path}.${process.pid}.tmp`, output.path);
  }
  writeFileSync(`${inputs}.${process.pid}.tmp`, JSON.stringify(record));
  renameSync(`${inputs}.${process.pid}.tmp`, inputs);
  return bundle;
}

const invoked = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invoked) {
  const [script, ...args] = process.argv.slice(2);
  if (!script || !/^[a-z][a-z-]*$/.test(script)) {
    console.error('usage: node scripts/run.mjs <script> [args…]   (runs scripts/<script>.ts)');
    process.exit(2);
  }
  let bundle = bundleFiles(ROOT, script).bundle;
  if (!bundleIsCurrent(ROOT, script)) {
    try {
      bundle = await bundleScript(ROOT, script);
    } catch (error) {
      // esbuild has printed where the code does not compile.
      console.error(`✗ could not bundle scripts/${script}.ts: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      process.exit(1);
    }
  }
  // Stack traces name the TypeScript files and lines, as under tsx; the maps of packages loaded from node_modules are
  // not read (each module's map parsed at load: 40 ms of the start).
  if (nodeModule.setSourceMapsSupport) nodeModule.setSourceMapsSupport(true, { nodeModules: false, generatedCode: false });
  else process.setSourceMapsEnabled(true);
  process.argv = [process.argv[0], bundle, ...args];
  // V8's compiled code of the bundle, the packages it loads and the SSR bundle, kept between runs (Node checks each
  // entry against its source's hash): 0.1 s less start-up for a build in a new process (docs/performance.md, "Start-up").
  nodeModule.enableCompileCache?.(path.join(ROOT, '.marea', 'compile-cache'));
  await import(pathToFileURL(bundle).href);
}
