/**
 * `npm run bench:lighthouse`: Lighthouse on the built site (`dist/`, run
 * `npm run build` first; this builds nothing). Serves `dist/` with the
 * preview server (the CDN's headers and compression), runs Lighthouse
 * 12.8.2 through npx (not a dependency: README, Dependencies) with the
 * machine's Chromium (never a downloaded one), mobile, simulated throttling,
 * each page `--runs` times, and prints the median of the four category
 * scores and of LCP, FCP, TBT and CLS per page. A benchmark: it prints
 * numbers and asserts nothing. Run it on a quiet machine (the load average is
 * printed): simulated metrics still depend on the CPU the trace was taken on.
 *
 *   npm run bench:lighthouse [-- --runs 5] [--pages /,/rooms] [--dist path] [--json]
 */
import '../src/node/platform/require-project-node.js';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { projectPaths } from '../src/node/build/paths.js';
import { createPreviewServer, listen } from '../src/node/preview/server.js';
import { findChromium } from './chromium-path.mjs';

/** The Lighthouse the numbers in docs/performance.md come from. */
const LIGHTHOUSE = 'lighthouse@12.8.2';
const DEFAULT_PAGES = ['/', '/rooms', '/es/contacto', '/rooms/garden-villa'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = { lcp: 'largest-contentful-paint', fcp: 'first-contentful-paint', tbt: 'total-blocking-time', cls: 'cumulative-layout-shift' } as const;

type Run = Record<(typeof CATEGORIES)[number], number> & Record<keyof typeof METRICS, number>;
interface LighthouseResult {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
}

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const runs = Number(option('--runs') ?? 3);
const pages = option('--pages')?.split(',') ?? DEFAULT_PAGES;
const dist = path.resolve(option('--dist') ?? projectPaths().dist);
const chrome = findChromium();
if (!existsSync(path.join(dist, 'index.html'))) {
  console.error(`No site in ${dist}: run \`npm run build\` first.`);
  process.exit(1);
}
if (!chrome) {
  console.error('No Chromium: set CHROME_PATH or install one (apt-get install -y chromium).');
  process.exit(1);
}

const server = createPreviewServer(dist);
const origin = await listen(server, 0);
const out = await mkdtemp(path.join(tmpdir(), 'marea-lighthouse-'));
const load = loadavg()[0]!.toFixed(2);
console.log(`${LIGHTHOUSE} (npx), ${chrome}, mobile, simulated throttling, ${runs} run(s) a page; load average ${load} on ${dist}`);
const results = new Map<string, Run[]>();
try {
  for (const page of pages) {
    const list: Run[] = [];
    for (let i = 0; i < runs; i++) list.push(await lighthouse(`${origin}${page}`, path.join(out, 'run.json')));
    results.set(page, list);
  }
} finally {
  server.close();
  await rm(out, { recursive: true, force: true });
}

if (args.includes('--json')) console.log(JSON.stringify(Object.fromEntries(results), null, 1));
else printTable(results);

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
  const run = {} as Run;
  for (const category of CATEGORIES) run[category] = Math.round((report.categories[category]?.score ?? 0) * 100);
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
  const head = ['page', 'perf', 'a11y', 'best', 'seo', 'LCP', 'FCP', 'TBT', 'CLS', 'perf of each run'];
  const rows = [...all].map(([page, list]) => {
    const m = (key: keyof Run) => median(list.map((run) => run[key]));
    return [
      page,
      m('performance'),
      m('accessibility'),
      m('best-practices'),
      m('seo'),
      seconds(m('lcp')),
      seconds(m('fcp')),
      `${Math.round(m('tbt'))} ms`,
      m('cls').toFixed(3),
      list.map((r) => r.performance).join(' '),
    ].map(String);
  });
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : i === cells.length - 1 ? c : c.padStart(widths[i]!))).join('  ');
  console.log(`\nmedians of ${runs} run(s):\n${line(head)}`);
  for (const row of rows) console.log(line(row));
}
