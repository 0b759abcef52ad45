/**
 * `npm run bench:warm -- --site <folder> [--runs N]`: one changed page in a
 * warm build, each in a new process as CI, Netlify or an editor's rebuild
 * runs it. `<folder>` is a bench site kept by
 * `BENCH_KEEP=1 npm run bench:build -- --pages N` (its `content/` and `site/`,
 * `builds/` kept). Each run writes a title no earlier run wrote into the
 * second page of `pages.en.json` (so no build is one kept before), then runs
 * the build in a new process (`node scripts/run.mjs bench-warm --one`, the
 * script bundled as `npm run build` runs) once the disk has the last run's
 * writes (`sync`), and prints the whole process's
 * wall time, `runBuild`'s own and its phases; then the medians
 * (docs/performance.md, "Warm builds and the webhook at scale"). After a
 * code change the first run renders every page (a new release) and the next
 * four store slowly (each patches a kept build of the old code into the new
 * one): run it six times before timing.
 * `BENCH_MARKS=1` with `--one`: the build prints on stderr, as each phase
 * ends, the monotonic clock in µs, the clock a V8 CPU profile
 * (`node --cpu-prof`) stamps its samples with, to see where a profile's time
 * falls between phases.
 */
import '../src/node/platform/require-project-node.js';
import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/node/config/env.js';
import { projectPaths, ROOT } from '../src/node/build/paths.js';
import { runBuild } from '../src/node/build/pipeline.js';
import { contentSource } from '../src/node/build/source.js';
import { formatMs } from '../src/node/build/task.js';

const { values } = parseArgs({ options: { site: { type: 'string' }, runs: { type: 'string', default: '7' }, one: { type: 'boolean', default: false } } });
if (!values.site) {
  console.error('--site <folder> is required: a bench site kept by `BENCH_KEEP=1 npm run bench:build -- --pages N`');
  process.exit(1);
}
const site = path.resolve(values.site);
const contentDir = path.join(site, 'content');

/** What one build in this process reports to the parent: `runBuild`'s wall and CPU time and each phase's. */
interface OneBuild {
  ms: number;
  cpuMs: number;
  rendered: number;
  phases: Record<string, number>;
}

if (values.one) {
  const config = loadConfig({ SITE_URL: 'https://bench.example' });
  const paths = projectPaths({ dist: path.join(site, 'site', 'dist'), builds: path.join(site, 'site', 'builds') });
  const [t0, cpu0] = [performance.now(), process.cpuUsage()];
  const result = await runBuild({
    config,
    paths,
    log: process.env.BENCH_MARKS ? (line) => console.error(`${process.hrtime.bigint() / 1000n} ${line}`) : () => {},
    ...contentSource({ config, paths, strict: false, log: () => {}, contentDir }),
  });
  const cpu = process.cpuUsage(cpu0);
  const one: OneBuild = {
    ms: performance.now() - t0,
    cpuMs: (cpu.user + cpu.system) / 1000,
    rendered: result.rendered,
    phases: Object.fromEntries(result.timings.map((t) => [t.name, Math.round(t.ms)])),
  };
  console.log(JSON.stringify(one));
  process.exit(0);
}

const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`--runs must be a positive integer, got "${values.runs}"`);
  process.exit(1);
}
const file = path.join(contentDir, 'api', 'pages.en.json');
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
const results: (OneBuild & { processMs: number })[] = [];
for (let run = 1; run <= runs; run++) {
  const json = JSON.parse(await readFile(file, 'utf8')) as { data: { title: string }[] };
  const page = json.data[1]!;
  page.title = `${page.title.replace(/ \(warm \d+-\d+\)$/, '')} (warm ${Date.now()}-${run})`;
  await writeFile(file, JSON.stringify(json));
  // The last run's writes on disk first: an editor's next publish comes seconds or minutes later, not while they flush.
  spawnSync('sync');
  const t0 = performance.now();
  const child = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'run.mjs'), 'bench-warm', '--one', '--site', site], { encoding: 'utf8' });
  const processMs = performance.now() - t0;
  if (child.status !== 0) {
    console.error(`Run ${run} failed (exit ${child.status ?? child.signal}):\n${child.stderr}`);
    process.exit(1);
  }
  const one = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as OneBuild;
  results.push({ ...one, processMs });
  const phases = Object.entries(one.phases)
    .map(([name, ms]) => `${name} ${ms}`)
    .join(', ');
  console.log(`run ${run}: process ${formatMs(processMs)}, runBuild ${formatMs(one.ms)} (CPU ${formatMs(one.cpuMs)}, ${one.rendered} rendered): ${phases}`);
}
const names = Object.keys(results[0]!.phases);
console.log(
  `\none page changed, ${runs} runs, medians: process ${formatMs(median(results.map((r) => r.processMs)))}, runBuild ${formatMs(median(results.map((r) => r.ms)))}, CPU ${formatMs(median(results.map((r) => r.cpuMs)))}\n` +
    `phases (ms): ${names.map((name) => `${name} ${median(results.map((r) => r.phases[name] ?? 0))}`).join(', ')}`,
);
