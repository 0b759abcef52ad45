/**
 * `npm run bench:lighthouse`: Lighthouse on the built site (`dist/`, run
 * `npm run build` first; this builds nothing). Serves `dist/` with the
 * preview server (the CDN's headers and compression), runs Lighthouse
 * 12.8.2 through npx (not a dependency: docs/dependencies.md) with the
 * machine's Chromium (never a downloaded one), mobile, simulated throttling,
 * each page `--runs` times, and prints the median of the four category
 * scores and of LCP, FCP, TBT and CLS per page. A benchmark: it prints
 * numbers and asserts nothing. Run it on a quiet machine (the load average is
 * printed): simulated metrics still depend on the CPU the trace was taken on.
 *
 * `--templates`: one page of every template (home, content page, room, blog
 * list, blog post, contact, site map, 404) in each language, picked from the
 * build (src/node/perf/templates.ts); accessibility, best practices and SEO
 * only (their audits do not depend on timing: one run a page), and each audit
 * that kept a category below 100 is named under the table. `--templates
 * --performance` audits those pages for performance too (5 runs a page unless
 * `--runs` says otherwise): the template table of docs/performance.md.
 *
 * `--cpu`: no Lighthouse; the main thread's CPU time (thread time, so less
 * at the mercy of a busy machine than Lighthouse's timings) in the 8 s after
 * each page starts loading, in Chromium at the Lighthouse phone's size,
 * traced with playwright-core, and the blocking time those tasks would make
 * on a CPU 4× slower (Lighthouse's mobile setting: each task × 4, less 50
 * ms). With `--dist a,b` the sites take turns, run by run (a before and
 * after on the same load).
 *
 *   npm run bench:lighthouse [-- --runs 5] [--pages /,/rooms] [--templates [--performance]] [--dist path] [--json]
 *   npm run bench:lighthouse -- --cpu [--runs 5] [--pages /] [--dist before,after]
 */
import '../src/node/platform/require-project-node.js';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { projectPaths } from '../src/node/build/paths.js';
import { templatePages } from '../src/node/perf/templates.js';
import { createPreviewServer, listen } from '../src/node/preview/server.js';
import { findChromium } from './chromium-path.mjs';

/** The Lighthouse the numbers in docs/performance.md come from. */
const LIGHTHOUSE = 'lighthouse@12.8.2';
const DEFAULT_PAGES = ['/', '/rooms', '/es/contacto', '/rooms/garden-villa'];
const ALL_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof ALL_CATEGORIES)[number];
const METRICS = { lcp: 'largest-contentful-paint', fcp: 'first-contentful-paint', tbt: 'total-blocking-time', cls: 'cumulative-layout-shift' } as const;

type Run = Record<Category, number> & Record<keyof typeof METRICS, number> & { failing: string[] };
interface LighthouseResult {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { numericValue?: number; score: number | null; title: string }>;
}

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const templates = args.includes('--templates');
/** Performance is timing: audited unless `--templates` asks only for the timing-free categories. */
const performance = !templates || args.includes('--performance');
const runs = Number(option('--runs') ?? (performance ? (templates ? 5 : 3) : 1));
const dists = (option('--dist') ?? projectPaths().dist).split(',').map((d) => path.resolve(d));
const dist = dists[0]!;
const CATEGORIES: readonly Category[] = performance ? ALL_CATEGORIES : ALL_CATEGORIES.filter((c) => c !== 'performance');
const chrome = findChromium();
for (const site of dists) {
  if (existsSync(path.join(site, 'index.html'))) continue;
  console.error(`No site in ${site}: run \`npm run build\` first.`);
  process.exit(1);
}
if (dists.length > 1 && !args.includes('--cpu')) {
  console.error('Several --dist sites only with --cpu.');
  process.exit(1);
}
/** Page path → what it stands for (`--templates`), else the path itself. */
const pages = new Map<string, string>();
if (templates) {
  const { found, missing } = templatePages(dist);
  if (missing.length > 0) console.log(`No page of these templates in ${dist}: ${missing.join(', ')}`);
  for (const page of found) pages.set(page.path, `${page.template} (${page.locale})`);
} else for (const page of option('--pages')?.split(',') ?? DEFAULT_PAGES) pages.set(page, page);
if (!chrome) {
  console.error('No Chromium: set CHROME_PATH or install one (apt-get install -y chromium).');
  process.exit(1);
}

if (args.includes('--cpu')) {
  await cpuBench(chrome);
  process.exit(0);
}

const server = createPreviewServer(dist);
const origin = await listen(server, 0);
const out = await mkdtemp(path.join(tmpdir(), 'marea-lighthouse-'));
const load = loadavg()[0]!.toFixed(2);
console.log(`${LIGHTHOUSE} (npx), ${chrome}, mobile, simulated throttling, ${runs} run(s) a page; load average ${load} on ${dist}`);
const results = new Map<string, Run[]>();
try {
  for (const page of pages.keys()) {
    const list: Run[] = [];
    for (let i = 0; i < runs; i++) list.push(await withRetries(() => lighthouse(`${origin}${page}`, path.join(out, 'run.json')), page));
    results.set(page, list);
    // As each page is done: a long run (16 pages × 5 runs is about 25 minutes) shows its progress.
    console.log(`  ${page}: ${CATEGORIES.map((c) => `${c} ${list.map((r) => r[c]).join(' ')}`).join('; ')}`);
  }
} finally {
  server.close();
  await rm(out, { recursive: true, force: true });
}

if (args.includes('--json')) console.log(JSON.stringify(Object.fromEntries(results), null, 1));
else printTable(results);

/**
 * A run again when Lighthouse itself fails to record the page (it sometimes
 * says NO_NAVSTART or NO_FCP on a busy machine): twice at most, each failure
 * named; the third failure stops the benchmark.
 */
async function withRetries(run: () => Promise<Run>, page: string): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const reason = ((error as { stderr?: string }).stderr ?? (error as Error).message).trim().split('\n').pop();
      if (attempt === 3) throw error;
      console.log(`  ${page}: Lighthouse failed (${reason}); running it again`);
    }
  }
}

async function lighthouse(url: string, file: string): Promise<Run> {
  // Chromium refuses its sandbox as root (CI containers).
  const flags = ['--headless=new', ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])].join(' ');
  await promisify(execFile)(
    'npx',
    [
      '--yes',
      LIGHTHOUSE,
      url,
      `--chrome-path=${chrome}`,
      `--chrome-flags=${flags}`,
      '--form-factor=mobile',
      '--throttling-method=simulate',
      `--only-categories=${CATEGORIES.join(',')}`,
      '--output=json',
      `--output-path=${file}`,
      '--quiet',
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const report = JSON.parse(await readFile(file, 'utf8')) as LighthouseResult;
  const run = { failing: [] as string[] } as Run;
  for (const category of CATEGORIES) {
    run[category] = Math.round((report.categories[category]?.score ?? 0) * 100);
    // The audits that cost the category points (weighted, scored below 1).
    for (const ref of report.categories[category]?.auditRefs ?? []) {
      const audit = report.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) run.failing.push(`${category}: ${ref.id} (${audit.title})`);
    }
  }
  for (const [key, audit] of Object.entries(METRICS)) run[key as keyof typeof METRICS] = report.audits[audit]?.numericValue ?? NaN;
  return run;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function printTable(all: Map<string, Run[]>): void {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const label = templates ? ['template', 'page'] : ['page'];
  const head = performance ? [...label, 'perf', 'a11y', 'best', 'seo', 'LCP', 'FCP', 'TBT', 'CLS', 'perf of each run'] : [...label, 'a11y', 'best', 'seo'];
  const rows = [...all].map(([page, list]) => {
    const m = (key: Category | keyof typeof METRICS) => median(list.map((run) => run[key]));
    const scores = [m('accessibility'), m('best-practices'), m('seo')];
    const names = templates ? [pages.get(page)!, page] : [page];
    if (!performance) return [...names, ...scores].map(String);
    return [
      ...names,
      m('performance'),
      ...scores,
      seconds(m('lcp')),
      seconds(m('fcp')),
      `${Math.round(m('tbt'))} ms`,
      m('cls').toFixed(3),
      list.map((r) => r.performance).join(' '),
    ].map(String);
  });
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const text = label.length;
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i < text || (performance && i === cells.length - 1) ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  console.log(`\nmedians of ${runs} run(s):\n${line(head)}`);
  for (const row of rows) console.log(line(row));
  const failing = [...all].flatMap(([page, list]) => [...new Set(list.flatMap((run) => run.failing))].map((audit) => `  ${page}: ${audit}`));
  console.log(failing.length > 0 ? `\nAudits below full marks:\n${failing.join('\n')}` : `\nEvery weighted audit of ${CATEGORIES.join(', ')} passed on every page.`);
}

/** `--cpu`: main-thread CPU time and 4× blocking time of each page on each site, turn by turn (see the header). */
async function cpuBench(executablePath: string): Promise<void> {
  const { chromium } = await import('playwright-core');
  const sites = await Promise.all(
    dists.map(async (site) => {
      const server = createPreviewServer(site);
      return { site, server, origin: await listen(server, 0) };
    }),
  );
  const browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  const runsOf = new Map<string, { cpu: number; blocking: number }[]>();
  console.log(`main-thread CPU in the 8 s after navigation, ${runs} run(s) a page; load average ${loadavg()[0]!.toFixed(2)}`);
  try {
    for (let run = 0; run < runs; run++)
      for (const page of pages.keys())
        for (const { site, origin } of sites) {
          const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
          const tab = await context.newPage();
          await browser.startTracing(tab, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
          await tab.goto(`${origin}${page}`);
          await tab.waitForTimeout(8000);
          const tasks = mainThreadTasks((await browser.stopTracing()).toString());
          const key = `${page} ${site}`;
          runsOf.set(key, [...(runsOf.get(key) ?? []), { cpu: sum(tasks), blocking: sum(tasks.map((ms) => Math.max(0, 4 * ms - 50))) }]);
          await context.close();
        }
  } finally {
    await browser.close();
    for (const { server } of sites) server.close();
  }
  for (const [key, list] of runsOf) {
    const cpu = list.map((r) => Math.round(r.cpu));
    const blocking = list.map((r) => Math.round(r.blocking));
    console.log(`${key}: CPU ${median(cpu)} ms (${cpu.join(' ')}); blocking at 4× ${median(blocking)} ms (${blocking.join(' ')})`);
  }
  console.log(`load average ${loadavg()[0]!.toFixed(2)}`);
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

/** The thread time (ms) of each task of the page's renderer main thread in a Chromium trace (the busiest `CrRendererMain`). */
function mainThreadTasks(trace: string): number[] {
  const events = (JSON.parse(trace) as { traceEvents: { name: string; ph: string; pid: number; tid: number; tdur?: number; args?: { name?: string } }[] }).traceEvents;
  const main = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const byThread = new Map<string, number[]>();
  for (const e of events) {
    const thread = `${e.pid}:${e.tid}`;
    if (e.name !== 'RunTask' || e.ph !== 'X' || !main.has(thread)) continue;
    const tasks = byThread.get(thread) ?? [];
    tasks.push((e.tdur ?? 0) / 1000);
    byThread.set(thread, tasks);
  }
  return [...byThread.values()].sort((a, b) => sum(b) - sum(a))[0] ?? [];
}
