/**
 * `npm run bench:peers -- [N] [--peers astro,eleventy,vrs] [--skip-install]`:
 * builds the same size of site with the peers of ../shared/bench-peers
 * (their own harness, bench.sh: N slugs × 2 locales + 2 home pages, 20 blocks
 * a page) and with Marea (`npm run bench:build -- --pages N`: the same block
 * mix, src/node/bench/synthetic.ts), one after another, each whole process
 * under GNU time, and prints one table with Marea's ratio to each peer.
 * Writes reports/bench-peers-<N>.json. vrs (vite-react-ssg's own loop) takes
 * about 5 minutes at N=5000: it runs only when asked.
 */
import '../src/node/platform/require-project-node.js';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { listFiles } from '../src/node/build/hash.js';
import { ROOT } from '../src/node/build/paths.js';
import { parseGnuTime, peersTable, type Measured } from '../src/node/bench/peers.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { peers: { type: 'string', default: 'astro,eleventy' }, 'skip-install': { type: 'boolean', default: false } },
});
const slugs = Number(positionals[0] ?? '1000');
const peers = values.peers.split(',').filter(Boolean);
const PEERS_DIR = path.resolve(process.env.PEERS_DIR ?? path.join(ROOT, '../shared/bench-peers'));
const TIME_BIN = process.env.TIME_BIN ?? '/usr/bin/time';
const OUTPUT: Record<string, string> = { astro: 'dist', eleventy: '_site', vrs: 'dist' };

function fail(message: string): never {
  console.error(`✗ ${message}`);
  process.exit(1);
}
if (!Number.isInteger(slugs) || slugs < 1) fail(`N must be a positive integer, got "${positionals[0]}"`);
for (const peer of peers) if (!OUTPUT[peer]) fail(`unknown peer "${peer}" (astro, eleventy, vrs)`);
if (!existsSync(path.join(PEERS_DIR, 'bench.sh'))) fail(`the peers' harness is not at ${PEERS_DIR}/bench.sh (set PEERS_DIR to its folder)`);
if (spawnSync(TIME_BIN, ['-v', 'true']).status !== 0) fail(`GNU time is not at ${TIME_BIN} (Debian: apt-get install time; or set TIME_BIN)`);

const work = path.join(ROOT, 'reports', 'peers');
await mkdir(work, { recursive: true });
const run = (command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) => {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
};

const sumOfSizes = async (dir: string, keep: (file: string) => boolean) => {
  let bytes = 0;
  for (const file of (await listFiles(dir)).filter(keep)) bytes += (await readFile(path.join(dir, file))).length;
  return bytes;
};
const versionOf = async (dir: string, pkg: string) => {
  try {
    return `${pkg}@${(JSON.parse(await readFile(path.join(dir, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version}`;
  } catch {
    return `${pkg}@?`;
  }
};
const PACKAGE: Record<string, string> = { astro: 'astro', eleventy: '@11ty/eleventy', vrs: 'vite-react-ssg' };

const measured: Measured[] = [];
for (const peer of peers) {
  const dir = path.join(PEERS_DIR, peer);
  if (!existsSync(path.join(dir, 'node_modules'))) {
    if (values['skip-install']) fail(`${peer} is not installed (cd ${dir} && npm ci), or leave out --skip-install`);
    console.log(`== ${peer}: npm ci`);
    if (run('npm', ['ci', '--no-audit', '--no-fund'], dir) !== 0) fail(`npm ci failed in ${dir}`);
  }
  console.log(`== ${peer}: bench.sh ${slugs}`);
  if (run('bash', [path.join(PEERS_DIR, 'bench.sh'), String(slugs), peer], PEERS_DIR, { PEERS_WORK: work, TIME_BIN }) !== 0) {
    fail(`${peer}'s build or its output check failed: see ${path.join(work, `logs-${slugs}`, `${peer}.log`)}`);
  }
  const time = parseGnuTime(await readFile(path.join(work, `logs-${slugs}`, `${peer}.time`), 'utf8'));
  const out = path.join(dir, OUTPUT[peer]!);
  const pages = slugs * 2 + 2;
  measured.push({ name: peer, pages, ...time, kbPerPage: (await sumOfSizes(out, (f) => f.endsWith('.html'))) / pages / 1024, version: await versionOf(dir, PACKAGE[peer]!) });
}

console.log(`== marea: bench:build --pages ${slugs}`);
const timeFile = path.join(work, `marea-${slugs}.time`);
if (run(TIME_BIN, ['-v', '-o', timeFile, path.join(ROOT, 'node_modules/.bin/tsx'), path.join(ROOT, 'scripts/bench-build.ts'), '--pages', String(slugs)], ROOT) !== 0) {
  fail(`Marea's benchmark failed (its output is above)`);
}
const report = JSON.parse(await readFile(path.join(ROOT, 'reports', `bench-${slugs}.json`), 'utf8')) as { pages: number; generateMs: number; pageBytesPerPage: number };
const process_ = parseGnuTime(await readFile(timeFile, 'utf8'));
const marea: Measured = {
  name: 'marea',
  pages: report.pages,
  // The whole process, like the peers, less writing its synthetic content (the harness writes the peers' before timing them).
  wallSeconds: process_.wallSeconds - report.generateMs / 1000,
  peakRssMb: process_.peakRssMb,
  kbPerPage: report.pageBytesPerPage / 1024,
  version: `marea@${(JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version} (Node ${process.version})`,
};

const table = peersTable(marea, measured);
console.log(`\nN = ${slugs}: ${slugs * 2 + 2} pages each\n${table}`);
const file = path.join(ROOT, 'reports', `bench-peers-${slugs}.json`);
await writeFile(file, `${JSON.stringify({ slugs, node: process.version, builds: [marea, ...measured] }, null, 2)}\n`);
console.log(`report: ${path.relative(ROOT, file)}`);
