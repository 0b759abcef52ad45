/**
 * `npm run bench:build -- --pages N [--touch K] [--verify] [--cold]`: builds
 * N synthetic slugs × 2 locales (+ a home page each, 20 blocks a page in the
 * peers' block mix, src/node/bench/synthetic.ts) with the real pipeline into
 * a temporary folder and prints pages/s, wall time, peak RSS and the bytes
 * written per page; writes reports/bench-<N>.json.
 *
 * `--touch K` then edits one page K times, one after another, the way a
 * long-running builder sees a CMS edit (the changed entry replaces the old
 * one in the content in hand; nothing is read again), and times each
 * incremental build up to the atomic publish. `--verify` builds the edited
 * content again from scratch into another folder and fails unless both
 * sites are byte-identical. The first run builds the Vite bundles (cached by
 * code hash); `--cold` clears that cache first so the bundle time is included.
 * `--warm` then builds the same content again as a new process would (no
 * memo, `builds/` kept, as CI and Netlify restore it), then again after one
 * page's title changed in the content files, and prints each one's wall and
 * CPU time (docs/performance.md, "Warm builds and the webhook at scale").
 * `--floor` then measures, on the site built, the least a page costs under
 * the specification whatever the engine (src/node/bench/floor.ts): its bytes
 * with no markup, and React's render and the sanitiser's pass on one thread.
 */
import '../src/node/platform/require-project-node.js';
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readCache } from '../src/node/cms/cache.js';
import type { RawSite } from '../src/node/cms/raw.js';
import { loadConfig } from '../src/node/config/env.js';
import { measureFloor, type Floor } from '../src/node/bench/floor.js';
import { BuildMemo } from '../src/node/build/build-memo.js';
import { buildBundles } from '../src/node/build/bundle.js';
import { listFiles } from '../src/node/build/hash.js';
import { projectPaths, ROOT, type ProjectPaths } from '../src/node/build/paths.js';
import { settleBackgroundWork } from '../src/node/build/publish.js';
import { runBuild, type BuildResult } from '../src/node/build/pipeline.js';
import { contentSource } from '../src/node/build/source.js';
import { formatBytes, formatMs } from '../src/node/build/task.js';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '1000' },
    touch: { type: 'string', default: '0' },
    verify: { type: 'boolean', default: false },
    cold: { type: 'boolean', default: false },
    floor: { type: 'boolean', default: false },
    warm: { type: 'boolean', default: false },
  },
});
const slugs = Number(values.pages);
const touches = Number(values.touch);
if (!Number.isInteger(slugs) || slugs < 1 || !Number.isInteger(touches) || touches < 0) {
  console.error(`--pages must be a positive integer and --touch a whole number, got "${values.pages}" and "${values.touch}"`);
  process.exit(1);
}
const dir = await mkdtemp(path.join(tmpdir(), 'marea-bench-'));
const contentDir = path.join(dir, 'content');
const generating = performance.now();
// In a child process (scripts/synthetic-content.ts): this process's peak RSS is then the build's alone.
const writer = spawnSync(process.execPath, [...process.execArgv, path.join(ROOT, 'scripts/synthetic-content.ts'), contentDir, String(slugs)], { stdio: 'inherit' });
if (writer.status !== 0) {
  console.error(`Writing the synthetic content failed (${writer.error?.message ?? `exit ${writer.status ?? writer.signal}`})`);
  process.exit(1);
}
// Reported beside the build's own wall time: writing the synthetic content is not part of a build.
const generateMs = performance.now() - generating;
const sitePaths = (name: string) => projectPaths({ dist: path.join(dir, name, 'dist'), builds: path.join(dir, name, 'builds') });
const paths = sitePaths('site');
if (values.cold) await rm(path.join(paths.work, 'bundle'), { recursive: true, force: true });
const config = loadConfig({ SITE_URL: 'https://bench.example' });
const now = new Date();

/** Output bytes of a published site (pages, payloads, manifests, assets and media), per page. */
async function siteBytes(site: ProjectPaths): Promise<{ total: number; pagesOnly: number }> {
  let total = 0;
  let pagesOnly = 0;
  for (const file of await listFiles(site.dist)) {
    const size = (await readFile(path.join(site.dist, file))).length;
    total += size;
    if (file.endsWith('.html') || file.endsWith('_payload.json')) pagesOnly += size;
  }
  return { total, pagesOnly };
}

const build = (site: ProjectPaths, raw: RawSite | null, memo: BuildMemo | null, log: (line: string) => void): Promise<BuildResult> =>
  runBuild({
    config,
    paths: site,
    log,
    now,
    ...(memo ? { memo } : {}),
    // A content folder's build has its inputs' key (source.ts `contentSource`): a warm build of unchanged content builds nothing.
    ...contentSource({ config, paths: site, strict: false, log: () => {}, contentDir, ...(raw ? { raw } : {}), ...(memo ? { memo: memo.normalise } : {}) }),
  });

// Peak RSS by phase (the whole process, render threads included): sampled every 50 ms, reported on each phase's line and reset.
let phasePeak = 0;
const sampler = setInterval(() => (phasePeak = Math.max(phasePeak, process.memoryUsage.rss())), 50);
sampler.unref();
const phasePeaks: { line: string; peakRssMb: number; cpuMs: number; mainCpuMs: number }[] = [];
// CPU by phase: the process's (every thread: process.cpuUsage) and the main thread's own (process.threadCpuUsage), from one phase's line to the next.
const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;
let cpuMark = { process: process.cpuUsage(), main: process.threadCpuUsage() };
const withPeak = (line: string) => {
  if (!/^ {2}[✓✗] /.test(line)) return line;
  const peakRssMb = Math.round(Math.max(phasePeak, process.memoryUsage.rss()) / 1024 / 1024);
  phasePeak = 0;
  const cpu = { process: cpuMs(process.cpuUsage(cpuMark.process)), main: cpuMs(process.threadCpuUsage(cpuMark.main)) };
  cpuMark = { process: process.cpuUsage(), main: process.threadCpuUsage() };
  phasePeaks.push({ line: line.slice(4, 14).trim(), peakRssMb, cpuMs: cpu.process, mainCpuMs: cpu.main });
  return `${line}  [peak RSS ${peakRssMb} MB, CPU ${formatMs(cpu.process)}, main thread ${formatMs(cpu.main)}]`;
};

console.log(`Benchmark: ${slugs} slugs × 2 locales + 2 home pages (${slugs * 2 + 2} pages), ${cpus().length} CPUs, Node ${process.version}`);
const started = performance.now();
cpuMark = { process: process.cpuUsage(), main: process.threadCpuUsage() };
// With --touch the content stays in hand for the edits (as a long-running builder keeps it); without, the build reads it and lets it go.
const raw = touches > 0 ? await readCache(contentDir, config.cmsLocales) : null;
if (raw) console.log(`  ✓ read       ${formatMs(performance.now() - started).padStart(8)}  ${contentDir}`);
const memo = touches > 0 ? new BuildMemo() : null;
const result = await build(paths, raw, memo, (line) => console.log(withPeak(line)));
const wallMs = performance.now() - started;
const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
const pagesPerSecond = result.pages / (wallMs / 1000);
const bytes = await siteBytes(paths);
console.log(
  `\n${result.pages} pages in ${formatMs(wallMs)}: ${pagesPerSecond.toFixed(0)} pages/s, peak RSS ${peakRssMb} MB (bundle ${result.bundleCached ? 'cached' : 'built'}); ` +
    `${formatBytes(bytes.total)} published, ${formatBytes(bytes.total / result.pages)} a page (${formatBytes(bytes.pagesOnly / result.pages)} of HTML and payload)`,
);
const perPage = (ms: number) => `${(ms / result.pages).toFixed(2)} ms`;
const cpuTotal = phasePeaks.reduce((sum, p) => sum + p.cpuMs, 0);
console.log(
  `CPU a page, every thread (the main thread's own in brackets): ${phasePeaks
    .filter((p) => p.cpuMs / result.pages >= 0.005)
    .map((p) => `${p.line} ${perPage(p.cpuMs)} (${perPage(p.mainCpuMs)})`)
    .join(', ')}; total ${perPage(cpuTotal)}`,
);

// --touch: one page edited at a time, each edit built and published incrementally.
const incremental: { ms: number; rendered: number }[] = [];
let edited = raw!;
for (let i = 1; i <= touches; i++) {
  const pages = edited.pages.en as { title: string }[];
  const at = Math.floor(pages.length / 2);
  const changed = [...pages];
  changed[at] = { ...pages[at]!, title: `${pages[at]!.title} (edit ${i})` };
  edited = { ...edited, pages: { ...edited.pages, en: changed } };
  // What a build leaves running in the background (a replaced site deleted, a spare copy made): an isolated edit does not compete with it.
  await settleBackgroundWork();
  const t0 = performance.now();
  const next = await build(paths, edited, memo, process.env.BENCH_VERBOSE ? (line) => console.log(line) : () => {});
  const ms = performance.now() - t0;
  incremental.push({ ms, rendered: next.rendered });
  console.log(`  edit ${i}: ${next.rendered} of ${next.pages + 2} pages rendered, published in ${formatMs(ms)} (build ${next.buildId})`);
}
if (touches > 0) {
  const sorted = incremental.map((r) => r.ms).sort((a, b) => a - b);
  console.log(
    `incremental: median ${formatMs(sorted[Math.floor(sorted.length / 2)]!)}, max ${formatMs(sorted[sorted.length - 1]!)} over ${touches} edit${touches === 1 ? '' : 's'}`,
  );
}

// --warm: one-shot rebuilds with builds/ kept: unchanged, then one page changed in the content files.
const warm: { name: string; ms: number; cpuMs: number; rendered: number }[] = [];
if (values.warm) {
  const rebuild = async (name: string) => {
    await settleBackgroundWork();
    const [t0, cpu0] = [performance.now(), process.cpuUsage()];
    const next = await build(paths, null, null, process.env.BENCH_VERBOSE ? (line) => console.log(line) : () => {});
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    warm.push({ name, ms, cpuMs: (cpu.user + cpu.system) / 1000, rendered: next.rendered });
    console.log(
      `  warm, ${name}: ${next.rendered} of ${next.pages + 2} pages rendered in ${formatMs(ms)} (CPU ${formatMs((cpu.user + cpu.system) / 1000)}, build ${next.buildId})`,
    );
  };
  await rebuild('unchanged');
  const file = path.join(contentDir, 'api', 'pages.en.json');
  const json = JSON.parse(await readFile(file, 'utf8')) as { data: { title: string }[] };
  json.data[1]!.title = `${json.data[1]!.title} (warm edit)`;
  await writeFile(file, JSON.stringify(json));
  await rebuild('one page changed');
}

let verified: boolean | null = null;
if (values.verify) {
  const fresh = sitePaths('fresh');
  await build(fresh, touches > 0 ? edited : null, null, () => {});
  const [a, b] = [await listFiles(paths.dist), await listFiles(fresh.dist)];
  const differing = a.length !== b.length ? ['(file lists differ)'] : [];
  for (const file of a) {
    if (differing.length >= 5) break;
    const [x, y] = [await readFile(path.join(paths.dist, file)), await readFile(path.join(fresh.dist, file)).catch(() => null)];
    if (!y || !x.equals(y)) differing.push(file);
  }
  verified = differing.length === 0;
  console.log(verified ? `verify: the incremental site is byte-identical to a fresh build (${a.length} files)` : `✗ verify: differs from a fresh build: ${differing.join(', ')}`);
}

let floor: Floor | null = null;
if (values.floor) {
  // The bundles the build used (cached by code hash): the SSR bundle's own render.
  const { server } = await buildBundles(paths, config.public);
  floor = await measureFloor(paths.dist, server.render);
  const threads = availableParallelism();
  const best = threads / (floor.ms.total / 1000);
  console.log(
    `floor a page (${floor.pages} pages; no markup but the images'): ${formatBytes(floor.bytes.total)} = text ${formatBytes(floor.bytes.text)} + its <main>'s text again in the payload ${formatBytes(floor.bytes.payloadText)} (rule 18; the payload as written: ${formatBytes(floor.bytes.payload)}) ` +
      `+ messages ${formatBytes(floor.bytes.messages)} (rule 11) + lang, title, canonical and hreflang ${formatBytes(floor.bytes.head)} (rule 12) + images, one modern format ${formatBytes(floor.bytes.images)}\n` +
      `floor CPU a page (${floor.timedPages} pages, one thread): React's render ${floor.ms.render.toFixed(2)} ms + sanitising its rich text ${floor.ms.sanitise.toFixed(2)} ms ` +
      `= ${floor.ms.total.toFixed(2)} ms: at most ${best.toFixed(0)} pages/s on ${threads} threads, ${((result.pages / best) * 1000).toFixed(0)} ms for these ${result.pages} pages`,
  );
}

const report = {
  slugs,
  pages: result.pages,
  wallMs: Math.round(wallMs),
  generateMs: Math.round(generateMs),
  pagesPerSecond: Math.round(pagesPerSecond),
  peakRssMb,
  bundleCached: result.bundleCached,
  bytes: bytes.total,
  bytesPerPage: Math.round(bytes.total / result.pages),
  pageBytesPerPage: Math.round(bytes.pagesOnly / result.pages),
  phases: result.timings.map((t) => {
    const seen = phasePeaks.find((p) => p.line === t.name);
    return {
      name: t.name,
      ms: Math.round(t.ms),
      peakRssMb: seen?.peakRssMb ?? null,
      cpuMsPerPage: seen ? Number((seen.cpuMs / result.pages).toFixed(3)) : null,
      mainThreadCpuMsPerPage: seen ? Number((seen.mainCpuMs / result.pages).toFixed(3)) : null,
    };
  }),
  incremental: incremental.map((r) => ({ ms: Math.round(r.ms), rendered: r.rendered })),
  warm: warm.map((r) => ({ name: r.name, ms: Math.round(r.ms), cpuMs: Math.round(r.cpuMs), rendered: r.rendered })),
  verified,
  floor,
  cpus: cpus().length,
  node: process.version,
};
await mkdir(path.join(ROOT, 'reports'), { recursive: true });
const file = path.join(ROOT, 'reports', `bench-${slugs}.json`);
await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
console.log(`report: ${path.relative(ROOT, file)}`);
if (process.env.BENCH_KEEP) console.log(`kept ${dir}`);
else {
  // A publish leaves its spare copy being made in the background (publish.ts `prepareSpare`): removing the folder under it fails.
  await settleBackgroundWork();
  await rm(dir, { recursive: true, force: true });
}
if (verified === false) process.exit(1);
