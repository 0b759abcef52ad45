/**
 * `npm run bench:build -- --pages N`: builds N synthetic slugs × 2 locales
 * (about 20 blocks each) with the real pipeline into a temporary folder and
 * prints pages/s, wall time and peak RSS; writes reports/bench-<N>.json.
 * The first run builds the Vite bundles (cached by code hash); `--cold`
 * clears that cache first so the bundle time is included.
 */
import '../src/node/platform/require-project-node.js';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/node/config/env.js';
import { projectPaths, ROOT } from '../src/node/build/paths.js';
import { runBuild } from '../src/node/build/pipeline.js';
import { loadContent } from '../src/node/build/source.js';
import { formatMs } from '../src/node/build/task.js';
import { writeSyntheticContent } from '../src/node/bench/synthetic.js';

const { values } = parseArgs({ options: { pages: { type: 'string', default: '1000' }, cold: { type: 'boolean', default: false } } });
const slugs = Number(values.pages);
if (!Number.isInteger(slugs) || slugs < 1) {
  console.error(`--pages must be a positive integer, got "${values.pages}"`);
  process.exit(1);
}
const dir = await mkdtemp(path.join(tmpdir(), 'marea-bench-'));
const contentDir = path.join(dir, 'content');
await writeSyntheticContent(contentDir, slugs);
const paths = projectPaths({ dist: path.join(dir, 'dist'), builds: path.join(dir, 'builds') });
if (values.cold) await rm(path.join(paths.work, 'bundle'), { recursive: true, force: true });
const config = loadConfig({ SITE_URL: 'https://bench.example' });
const log = (line: string) => console.log(line);

console.log(`Benchmark: ${slugs} slugs × 2 locales (${slugs * 2} pages), ${cpus().length} CPUs, Node ${process.version}`);
const started = performance.now();
const result = await runBuild({ config, paths, log, load: (phases) => loadContent({ config, paths, strict: false, log: () => {}, contentDir }, phases) });
const wallMs = performance.now() - started;
const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
const pagesPerSecond = result.pages / (wallMs / 1000);
const report = {
  slugs,
  pages: result.pages,
  wallMs: Math.round(wallMs),
  pagesPerSecond: Math.round(pagesPerSecond),
  peakRssMb,
  bundleCached: result.bundleCached,
  bytes: result.bytes,
  phases: result.timings.map((t) => ({ name: t.name, ms: Math.round(t.ms) })),
  cpus: cpus().length,
  node: process.version,
};
console.log(`\n${result.pages} pages in ${formatMs(wallMs)}: ${pagesPerSecond.toFixed(0)} pages/s, peak RSS ${peakRssMb} MB (bundle ${result.bundleCached ? 'cached' : 'built'})`);
await mkdir(path.join(ROOT, 'reports'), { recursive: true });
const file = path.join(ROOT, 'reports', `bench-${slugs}.json`);
await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
console.log(`report: ${path.relative(ROOT, file)}`);
await rm(dir, { recursive: true, force: true });
