// @vitest-environment node
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { writeSyntheticContent } from '../../src/node/bench/synthetic.js';
import { outsideInputs, WORKERS } from '../../src/node/build/bundle.js';
import { listFiles } from '../../src/node/build/hash.js';
import { ROOT } from '../../src/node/build/paths.js';
import { workerExecArgv } from '../../src/node/build/render-pool.js';
import { buildSite } from '../support/build-site.js';

/**
 * The render workers load their own bundle (bundle.ts, `workerFile`), not the
 * TypeScript sources the main thread runs: a worker that cannot start, or a
 * cached worker bundle built from other sources than the main thread's, shows
 * here as a failed build or as pages that differ from the main thread's.
 */
describe('render workers', () => {
  it('start from the worker bundle and write the same bytes as the main thread', async () => {
    const content = await mkdtemp(path.join(tmpdir(), 'marea-workers-'));
    await writeSyntheticContent(content, 3);
    const now = new Date('2026-03-02T12:00:00Z');
    const main = await buildSite(content, { now, threads: 0 });
    const workers = await buildSite(content, { now, threads: 2, workersFrom: 1 });
    expect(main.log.find((line) => line.includes('render'))).toContain('main thread');
    expect(workers.log.find((line) => line.includes('render'))).toContain('2 threads');
    const pages = (await listFiles(main.paths.dist)).filter((file) => file.endsWith('.html') || file.endsWith('_payload.json'));
    expect(pages.length).toBeGreaterThan(10);
    expect(await listFiles(workers.paths.dist)).toEqual(await listFiles(main.paths.dist));
    for (const file of [...pages, 'SHA256SUMS']) {
      expect((await readFile(path.join(workers.paths.dist, file))).equals(await readFile(path.join(main.paths.dist, file))), file).toBe(true);
    }
  });

  it('cache the worker bundle by every project module it holds (a module outside its inputs (bundle.ts WORKERS) is refused at bundle time: its changes would leave the bundle stale)', () => {
    const ids = [
      path.join(ROOT, 'src/node/build/render-task.ts'),
      path.join(ROOT, 'src/shared/head.ts'),
      path.join(ROOT, 'node_modules/date-fns/format.js'),
      '\0rolldown/runtime.js',
      path.join(ROOT, 'src/node/config/env.ts'),
      path.join(ROOT, 'src/node/buildish/x.ts?commonjs'),
    ];
    expect(outsideInputs(ROOT, [...WORKERS.render.inputs], ids)).toEqual(['src/node/config/env.ts', 'src/node/buildish/x.ts']);
  });

  it('start with the main thread’s Node flags less its module preloads (tsx) and the flags Node refuses in a worker (V8’s, process-wide)', () => {
    const tsx = ['--require', '/p/node_modules/tsx/dist/preflight.cjs', '--import', 'file:///p/node_modules/tsx/dist/loader.mjs'];
    const profiles = path.join(tmpdir(), 'marea-profiles');
    const flags = [...tsx, '--cpu-prof', `--cpu-prof-dir=${profiles}`, '--import=tsx', '-r', 'x.cjs', '--max-old-space-size=4096', '--expose-gc', '--no-warnings'];
    const kept = workerExecArgv(flags);
    // `--cpu-prof-dir` only goes with `--cpu-prof`: each flag is asked with those kept before it.
    expect(kept).toEqual(['--cpu-prof', `--cpu-prof-dir=${profiles}`, '--no-warnings']);
    // What is kept, a worker starts with (the refused ones would throw ERR_WORKER_INVALID_EXEC_ARGV here).
    void new Worker('', { eval: true, execArgv: kept }).terminate();
    expect(() => new Worker('', { eval: true, execArgv: ['--max-old-space-size=4096'] })).toThrow(expect.objectContaining({ code: 'ERR_WORKER_INVALID_EXEC_ARGV' }));
  });
});
