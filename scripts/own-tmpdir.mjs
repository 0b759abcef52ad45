#!/usr/bin/env node
// Runs a command (`npm test`'s vitest) with TMPDIR set to a folder of its own
// under the system's temporary folder, removed when the command ends, whatever
// its outcome: the test files make hundreds of temporary sites, caches, CMS
// working copies and browser profiles, and one that a test leaves behind (a
// failure before its clean-up, a child process's files) no longer piles up in
// /tmp from run to run. Exits with the command's status.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/own-tmpdir.mjs <command> [args…]');
  process.exit(2);
}
const dir = mkdtempSync(path.join(tmpdir(), 'marea-run-'));
// As /tmp is: a test's server running as another user (PostgreSQL as `postgres`) reaches its folder in here.
chmodSync(dir, 0o1777);
const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, TMPDIR: dir } });
try {
  rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
} catch (error) {
  console.error(`✗ could not remove the tests' temporary folder ${dir}: ${error instanceof Error ? error.message : String(error)}`);
}
if (result.error) console.error(`✗ ${command}: ${result.error.message}`);
process.exit(result.status ?? 1);
