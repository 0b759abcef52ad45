// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SCRIPT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../scripts/own-tmpdir.mjs');

/** Runs `node -e code` through the script; what the command printed, and the script's exit status. */
function throughScript(code: string): { status: number | null; printed: string } {
  const run = spawnSync(process.execPath, [SCRIPT, process.execPath, '-e', code], { encoding: 'utf8' });
  return { status: run.status, printed: run.stdout.trim() };
}

describe('npm test runs vitest in a temporary folder of its own (scripts/own-tmpdir.mjs)', () => {
  const leaveFiles = [
    "const { mkdtempSync, writeFileSync } = require('node:fs');",
    "const { tmpdir } = require('node:os');",
    "const path = require('node:path');",
    "const left = mkdtempSync(path.join(tmpdir(), 'left-by-a-test-'));",
    "writeFileSync(path.join(left, 'site.html'), 'x');",
    'console.log(tmpdir());',
  ].join('\n');

  it('gives the command its own TMPDIR and removes it, with what the command left there, when it ends', () => {
    const { status, printed } = throughScript(leaveFiles);
    expect(status).toBe(0);
    expect(path.basename(printed)).toMatch(/^marea-run-/);
    expect(existsSync(printed)).toBe(false);
  });

  it('exits with the command’s status, and still removes the folder after a failure', () => {
    const { status, printed } = throughScript(`${leaveFiles}\nprocess.exit(3);`);
    expect(status).toBe(3);
    expect(existsSync(printed)).toBe(false);
  });
});
