// @vitest-environment node
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROOT } from '../build/paths.js';
import { ensureAdminBuilt } from './admin-build.js';

/**
 * A cms/ whose `strapi build` is a script that takes a while, counts its
 * runs and writes build/index.html: what ensureAdminBuilt needs of Strapi.
 */
let cmsDir: string;

beforeEach(async () => {
  cmsDir = await mkdtemp(path.join(tmpdir(), 'marea-admin-build-'));
  const bin = path.join(cmsDir, 'node_modules/@strapi/strapi/bin');
  await mkdir(bin, { recursive: true });
  await mkdir(path.join(cmsDir, 'src/admin'), { recursive: true });
  await writeFile(path.join(cmsDir, 'src/admin/app.js'), 'export default {};\n');
  await writeFile(
    path.join(bin, 'strapi.js'),
    `const fs = require('fs');
fs.appendFileSync('runs.log', 'run\\n');
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1500);
fs.mkdirSync('build', { recursive: true });
fs.writeFileSync('build/index.html', '<!doctype html>');
`,
  );
});

afterEach(() => rm(cmsDir, { recursive: true, force: true }));

const runs = () => readFileSync(path.join(cmsDir, 'runs.log'), 'utf8').trim().split('\n').length;

/** ensureAdminBuilt in a process of its own (it is synchronous): resolves with its exit code and output. */
function buildInChild(): Promise<{ code: number | null; output: string }> {
  const code = `import { ensureAdminBuilt } from ${JSON.stringify(path.join(ROOT, 'src/node/cms-server/admin-build.ts'))}; ensureAdminBuilt(${JSON.stringify(cmsDir)});`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (exit) => resolve({ code: exit, output })));
}

describe('the admin panel is built by one process at a time', () => {
  it('two callers at once: one builds, the other waits and finds it built', async () => {
    const [a, b] = await Promise.all([buildInChild(), buildInChild()]);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(runs()).toBe(1);
    expect(a.output + b.output).toMatch(/Waiting for another build of the admin panel \(process \d+\)/);
    expect(existsSync(path.join(cmsDir, '.tmp/admin-build.lock'))).toBe(false);
    expect(ensureAdminBuilt(cmsDir, () => {})).toBeNull();
  });

  it('takes over a lock left by a process that died', async () => {
    const dead = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid!;
    await mkdir(path.join(cmsDir, '.tmp/admin-build.lock'), { recursive: true });
    await writeFile(path.join(cmsDir, '.tmp/admin-build.lock/pid'), String(dead));
    expect(ensureAdminBuilt(cmsDir, () => {})).toBeGreaterThan(0);
    expect(runs()).toBe(1);
  });
});
