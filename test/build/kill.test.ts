import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/node/bench/synthetic.js';
import { verifyChecksums } from '../../src/node/build/checksums.js';
import { ROOT } from '../../src/node/build/paths.js';
import { readHistory, recoverInterrupted, settleBackgroundWork } from '../../src/node/build/publish.js';
import { buildSite, tempPaths } from '../support/build-site.js';
import { PAGE_CACHE_DIR } from '../../src/node/build/page-cache-files.js';

/**
 * Crash safety: builds killed with SIGKILL at random moments. After
 * each kill, `dist/` is one complete build (its SHA256SUMS verifies, its
 * manifest names a stored build) once `recoverInterrupted` ran, which every
 * build and `npm run preview` do first, so no step is manual; and the next
 * build succeeds. MAREA_KILLS sets how many (default 6; `npm run chaos`: 50);
 * MAREA_SEED makes the moments reproducible.
 */
const CACHE = path.join(ROOT, 'content-cache');
const KILLS = Number(process.env.MAREA_KILLS ?? 6);
const SEED = Number(process.env.MAREA_SEED ?? Date.now() % 100_000);

/**
 * Runs a build in its own process and kills it `killAfterMs` after its first
 * line of output (null: lets it finish): the moment falls in the build, not
 * in starting Node. Resolves with the phase it was in and how long the build
 * ran from that first line.
 */
function childBuild(dist: string, builds: string, day: string, killAfterMs: number | null): Promise<{ killed: boolean; phase: string; code: number | null; ranMs: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'test/support/build-child.ts'), CACHE, dist, builds, day], { stdio: ['ignore', 'pipe', 'pipe'] });
  let phase = 'starting';
  let output = '';
  let killed = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let firstAt = 0;
  child.stdout.on('data', (chunk: Buffer) => {
    if (!firstAt) {
      firstAt = Date.now();
      if (killAfterMs !== null) timer = setTimeout(() => (killed = child.kill('SIGKILL')), killAfterMs);
    }
    output += chunk.toString();
    const phases = [...output.matchAll(/^\s*✓ (\w+)/gm)].map((m) => m[1]!);
    phase = phases.length > 0 ? `after ${phases.at(-1)}` : 'starting';
  });
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      if (timer) clearTimeout(timer);
      if (!killed && code !== 0) console.error(output);
      resolve({ killed, phase, code, ranMs: Date.now() - firstAt });
    }),
  );
}

describe('builds killed at random moments', () => {
  it(`${KILLS} SIGKILLs: dist/ is always one complete build, and the next build succeeds with no manual step`, { timeout: 60_000 + KILLS * 20_000 }, async () => {
    const paths = await tempPaths();
    await buildSite(CACHE, { paths, now: new Date('2026-06-01T12:00:00Z') });
    // How long a whole build takes in a process of its own: the kills land anywhere in it.
    const whole = await childBuild(paths.dist, paths.builds, '2026-06-02T12:00:00Z', null);
    expect(whole.code).toBe(0);
    const span = whole.ranMs;

    const next = seededRandom(SEED);
    const phases = new Map<string, number>();
    let withoutDist = 0;
    let finished = 0;
    for (let i = 0; i < KILLS; i += 1) {
      const day = new Date(Date.UTC(2026, 6, 1 + i, 12)).toISOString();
      const run = await childBuild(paths.dist, paths.builds, day, Math.floor(next() * span * 1.1));
      if (!run.killed) finished += 1;
      phases.set(run.phase, (phases.get(run.phase) ?? 0) + 1);
      // dist/ is a link switched in one rename (publish.ts): no kill leaves it missing, even before the recovery (docs/security.md).
      if (!existsSync(paths.dist)) withoutDist += 1;
      expect({ kill: i, seed: SEED, withoutDist }).toEqual({ kill: i, seed: SEED, withoutDist: 0 });
      await recoverInterrupted(paths);
      const check = await verifyChecksums(paths.dist);
      expect({ kill: i, seed: SEED, bad: check.bad, missing: check.missing, extra: check.extra }).toEqual({ kill: i, seed: SEED, bad: [], missing: [], extra: [] });
      const { id } = JSON.parse(await readFile(path.join(paths.dist, 'builds/latest.json'), 'utf8')) as { id: string };
      expect((await readHistory(paths)).map((b) => b.id)).toContain(id);
      // The site kept to be patched into the next one holds what its manifest says, or has none (a patch cut short: never trusted).
      const standby = `${paths.dist}.standby`;
      if (existsSync(path.join(standby, 'SHA256SUMS')))
        expect({ kill: i, ...(await verifyChecksums(standby)), ok: 0 }).toEqual({ kill: i, ok: 0, bad: [], missing: [], extra: [] });
    }

    const last = await buildSite(CACHE, { paths, now: new Date('2026-09-01T12:00:00Z') });
    expect(JSON.parse(await readFile(path.join(paths.dist, 'builds/latest.json'), 'utf8')).id).toBe(last.result.buildId);
    expect((await verifyChecksums(paths.dist)).bad).toEqual([]);
    await settleBackgroundWork();
    // Spare copies stand by only when complete (their manifest is the last file linked); the normalised pages cache is no build.
    const leftovers = (await readdir(paths.builds)).filter((name) => name.startsWith('.') && name !== PAGE_CACHE_DIR && !existsSync(path.join(paths.builds, name, 'SHA256SUMS')));
    expect(leftovers).toEqual([]);
    // Beside dist (a link): the folder it names, and the site standing by.
    const beside = (await readdir(path.dirname(paths.dist))).filter((name) => name !== 'dist' && name.startsWith('dist'));
    expect(beside.map((name) => name.replace(/^dist\.live-.*/, 'dist.live-…'))).toEqual(['dist.live-…', 'dist.standby']);
    expect((await verifyChecksums(`${paths.dist}.standby`)).bad).toEqual([]);
    console.log(
      `Kills: ${KILLS} builds killed with SIGKILL at random moments (seed ${SEED}; ${finished} finished before their moment), ` +
        `in phases ${[...phases].map(([p, n]) => `${p} ×${n}`).join(', ')}; dist/ one complete build after every one ` +
        `(${withoutDist} without dist/ before the recovery: the swap is one rename), the next build succeeded.`,
    );
  });
});
