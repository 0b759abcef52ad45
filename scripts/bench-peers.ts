/**
 * `npm run bench:peers -- [N] [--peers astro,eleventy,next,rr,vrs] [--skip-install]`:
 * builds N slugs × 2 locales + 2 home pages (20 blocks a page) with the peers
 * of ../shared/bench-peers (their own harness, bench.sh, one peer at a time;
 * by default Astro, Eleventy, Next.js and React Router up to N = 1000, Astro
 * and Eleventy above: peers.ts `defaultPeers`; vrs only when asked, about 5
 * minutes at N=5000) and then with Marea (bench:build's script, the same block mix:
 * src/node/bench/synthetic.ts), each whole process under GNU time, and prints
 * one table with Marea's ratio to each peer (src/node/bench/peers.ts).
 *
 * A peer whose node_modules is missing is installed first (`npm ci`; not with
 * --skip-install). Everything goes under reports/peers/ (content, logs, GNU
 * time reports); the table also goes to reports/bench-peers-<N>.json. Exit
 * status 1 when a build or a peer's output check failed (the table names its
 * log), 2 when something it needs is missing. Env: PEERS_DIR (the harness's
 * folder), TIME_BIN (GNU time).
 */
import '../src/node/platform/require-project-node.js';
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, statSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '../src/node/build/paths.js';
import {
  defaultPeers,
  folderBytes,
  formatTable,
  isPeer,
  mareaBuild,
  parseGnuTime,
  parseHarnessResult,
  parseHarnessVersions,
  peerBuild,
  PEER_OUTPUT,
  ratios,
  readMareaReport,
  type Build,
  type GnuTime,
  type Peer,
} from '../src/node/bench/peers.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { peers: { type: 'string' }, 'skip-install': { type: 'boolean', default: false } },
});
const usage = 'usage: npm run bench:peers -- [N] [--peers astro,eleventy,next,rr,vrs] [--skip-install]';
const slugs = Number(positionals[0] ?? '1000');
const peers: string[] = values.peers?.split(',').filter(Boolean) ?? defaultPeers(slugs);
const unknown = peers.filter((peer) => !isPeer(peer));
if (!Number.isInteger(slugs) || slugs < 1 || positionals.length > 1 || unknown.length > 0) {
  console.error(
    `${usage}\n  N: slugs, a positive integer (default 1000); peers: ${Object.keys(PEER_OUTPUT).join(', ')}${unknown.length > 0 ? ` (not ${unknown.join(', ')})` : ''}`,
  );
  process.exit(2);
}

const PEERS_DIR = path.resolve(ROOT, process.env.PEERS_DIR ?? '../shared/bench-peers');
const TIME_BIN = process.env.TIME_BIN ?? '/usr/bin/time';
const WORK = path.join(ROOT, 'reports', 'peers');
const LOGS = path.join(WORK, `logs-${slugs}`);
const rel = (file: string) => path.relative(ROOT, file) || '.';
// Every build runs on this Node (the project's): bench.sh's `node` and the peers' `#!/usr/bin/env node` find it first.
const env = { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`, TIME_BIN, PEERS_WORK: WORK };

// What it needs, all named at once.
const missing: string[] = [];
const gnuTime = spawnSync(TIME_BIN, ['-v', 'true'], { encoding: 'utf8' });
if (gnuTime.status !== 0 || !gnuTime.stderr.includes('Maximum resident set size')) {
  missing.push(`GNU time is not at ${TIME_BIN} (Debian/Ubuntu: apt-get install time; or set TIME_BIN to its path)`);
}
if (!existsSync(path.join(PEERS_DIR, 'bench.sh'))) {
  missing.push(
    `the peers' harness is not at ${PEERS_DIR} (no bench.sh): it is the shared bench-peers folder (bench.sh, gen-content.mjs, a folder per peer), ` +
      `expected beside this repository as ../shared/bench-peers; copy it there or set PEERS_DIR to it`,
  );
} else {
  for (const peer of peers) {
    const dir = path.join(PEERS_DIR, peer);
    if (!existsSync(path.join(dir, 'package.json'))) missing.push(`${dir}/package.json is missing: the harness has no ${peer} peer`);
    else if (values['skip-install'] && !existsSync(path.join(dir, 'node_modules'))) missing.push(`${peer} is not installed: cd ${dir} && npm ci (or leave out --skip-install)`);
  }
}
if (missing.length > 0) {
  console.error(`✗ bench:peers cannot run:\n${missing.map((m) => `  - ${m}`).join('\n')}`);
  process.exit(2);
}

/** Runs a command; its output goes to the terminal and, when given, to `log`. Resolves with its exit code and standard output. */
function run(command: string, args: string[], options: { cwd: string; log?: string }): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const log = options.log ? createWriteStream(options.log) : null;
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      process.stdout.write(chunk);
      log?.write(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      log?.write(chunk);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const done = () => resolve({ code: code ?? 1, stdout });
      if (log) log.end(done);
      else done();
    });
  });
}
const readIfThere = async (file: string) => (existsSync(file) ? readFile(file, 'utf8') : null);
/** What `read` makes of a file, or null (saying why) when the file is not what it should be. */
function orNull<T>(read: () => T, file: string): T | null {
  try {
    return read();
  } catch (error) {
    console.error(`✗ ${rel(file)}: ${(error as Error).message}`);
    return null;
  }
}
const gnuTimeOf = async (file: string): Promise<GnuTime | null> => {
  const text = await readIfThere(file);
  return text === null ? null : orNull(() => parseGnuTime(text), file);
};

for (const peer of peers) {
  const dir = path.join(PEERS_DIR, peer);
  if (existsSync(path.join(dir, 'node_modules'))) continue;
  console.log(`== ${peer}: npm ci (${dir})`);
  const { code } = await run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir });
  if (code !== 0) {
    console.error(`✗ npm ci failed in ${dir} (exit ${code}): its output is above`);
    process.exit(2);
  }
}

await mkdir(LOGS, { recursive: true });
const runStarted = new Date();
const loadAtStart = loadavg().map((l) => Number(l.toFixed(2)));
console.log(`bench:peers: N=${slugs} (${2 * slugs + 2} pages a build), ${cpus().length} cores, load ${loadAtStart[0]}, Node ${process.version}; work in ${rel(WORK)}/`);

const measured: Build[] = [];
for (const peer of peers as Peer[]) {
  const dir = path.join(PEERS_DIR, peer);
  const resultsFile = path.join(WORK, `results-${slugs}-${peer}.txt`);
  const timeFile = path.join(LOGS, `${peer}.time`);
  // Never read the numbers of an earlier run.
  await Promise.all([rm(resultsFile, { force: true }), rm(timeFile, { force: true })]);
  console.log(`\n== ${peer}: bench.sh ${slugs} ${peer}`);
  const { code, stdout } = await run('bash', [path.join(PEERS_DIR, 'bench.sh'), String(slugs), peer], { cwd: PEERS_DIR });
  const resultText = await readIfThere(resultsFile);
  const result = resultText === null ? null : orNull(() => parseHarnessResult(resultText, peer), resultsFile);
  const log = path.join(LOGS, `${peer}.log`);
  const failure = result?.status ?? `bench.sh exited ${code} without a result (its output is above)`;
  // bench.sh names the log of a failed build or check ("see …"), not of a peer it could not run.
  const status = code === 0 && result?.status === 'ok' ? 'ok' : failure.includes('see ') ? failure : `${failure} (see ${rel(log)})`;
  const bytes = await folderBytes(path.join(dir, PEER_OUTPUT[peer]));
  measured.push(
    peerBuild({
      name: peer,
      time: await gnuTimeOf(timeFile),
      result,
      versions: parseHarnessVersions(stdout, peer),
      outputBytes: bytes?.all ?? null,
      status,
      pagesExpected: 2 * slugs + 2,
    }),
  );
}

// Marea: what `npm run bench:build -- --pages N` runs (package.json: tsx scripts/bench-build.ts), without npm's own start-up,
// as bench.sh runs each peer's node_modules/.bin directly.
console.log(`\n== Marea: bench:build --pages ${slugs}`);
const mareaLog = path.join(LOGS, 'marea.log');
const mareaTime = path.join(LOGS, 'marea.time');
const reportFile = path.join(ROOT, 'reports', `bench-${slugs}.json`);
await rm(mareaTime, { force: true });
const startedAt = Date.now();
const bench = await run(TIME_BIN, ['-v', '-o', mareaTime, path.join(ROOT, 'node_modules/.bin/tsx'), path.join(ROOT, 'scripts/bench-build.ts'), '--pages', String(slugs)], {
  cwd: ROOT,
  log: mareaLog,
});
const time = await gnuTimeOf(mareaTime);
// bench:build's report, if this run wrote it (an older one would be another build's numbers).
const fresh = existsSync(reportFile) && statSync(reportFile).mtimeMs >= startedAt - 1000;
const reportText = fresh ? await readFile(reportFile, 'utf8') : null;
const report = reportText === null ? null : orNull(() => readMareaReport(JSON.parse(reportText)), reportFile);
const exit = time && time.exitStatus === null ? 'killed by a signal' : `exit ${time?.exitStatus ?? bench.code}`;
const mareaStatus =
  bench.code === 0 && report ? 'ok' : `bench:build failed (${bench.code === 0 ? `no ${rel(reportFile)} written` : exit}); log ${rel(mareaLog)}, GNU time ${rel(mareaTime)}`;
const pkg = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
const marea = mareaBuild({ report, time, versions: `marea@${pkg.version}`, node: process.version, status: mareaStatus });

console.log(`\nN = ${slugs}: ${2 * slugs + 2} pages a build. Marea's build s is the build in its process (bench:build's own clock), its process s the whole process.\n`);
console.log(formatTable(marea, measured));
if (report?.bundleCached === false) console.log(`(Marea's build included building its Vite bundles: the first build of this code; they are cached for the next)`);

const builds = [marea, ...measured];
const file = path.join(ROOT, 'reports', `bench-peers-${slugs}.json`);
const json = {
  slugs,
  pagesExpected: 2 * slugs + 2,
  date: runStarted.toISOString(),
  machine: { cpus: cpus().length, loadAverageAtStart: loadAtStart },
  builds,
  ratios: ratios(marea, measured),
  marea: { report: rel(reportFile), bundleCached: report?.bundleCached ?? null },
};
// Three decimals are more than these measurements hold.
const rounded = (_key: string, value: unknown) => (typeof value === 'number' && !Number.isInteger(value) ? Number(value.toFixed(3)) : value);
await writeFile(file, `${JSON.stringify(json, rounded, 2)}\n`);
console.log(`\nreport: ${rel(file)}`);
process.exit(builds.every((b) => b.status === 'ok') ? 0 : 1);
