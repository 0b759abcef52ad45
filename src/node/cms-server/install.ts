import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../build/paths.js';
import { nativeBuildEnv } from '../platform/node-runtime.js';

/** Marks which lockfile `cms/node_modules` was installed from. */
const MARK = '.marea-lock-hash';

const lockHash = (cmsDir: string) =>
  createHash('sha256')
    .update(readFileSync(path.join(cmsDir, 'package-lock.json')))
    .digest('hex');

/** Whether `cms/node_modules` was installed from the current lockfile. */
function cmsInstalled(cmsDir: string): boolean {
  const mark = path.join(cmsDir, 'node_modules', MARK);
  return existsSync(mark) && readFileSync(mark, 'utf8') === lockHash(cmsDir);
}

/**
 * The environment of every npm and Strapi command in `cms/`: the project's
 * Node 24 first on PATH (install scripts and Strapi itself run on it), and
 * node-gyp pointed at its headers, so better-sqlite3 compiles for Node 24
 * (docs/dependencies.md, "Node"). MAREA_CMS_LOCAL marks local use (`npm run cms`, tests,
 * benches): Strapi runs in production mode, but takes the secrets this
 * machine made instead of requiring them (cms/config/lib/deployment.js).
 */
export function cmsEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const bin = path.join(ROOT, 'node_modules', '.bin');
  return { ...nativeBuildEnv(env), PATH: `${bin}${path.delimiter}${env.PATH ?? ''}`, STRAPI_TELEMETRY_DISABLED: 'true', MAREA_CMS_LOCAL: 'true' };
}

/**
 * Installs the CMS's own dependencies from its lockfile (`npm ci`), unless
 * they already are. The root's `npm ci` never installs Strapi: only
 * `npm run cms` and the tests that start it do. Returns whether it installed.
 */
export function ensureCmsInstalled(cmsDir: string, log: (line: string) => void = console.log): boolean {
  if (cmsInstalled(cmsDir)) return false;
  log('Installing the CMS (cms/, Strapi 5): npm ci, a few minutes the first time…');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: cmsDir, env: cmsEnv(), stdio: ['ignore', 'inherit', 'inherit'] });
  writeFileSync(path.join(cmsDir, 'node_modules', MARK), lockHash(cmsDir));
  return true;
}
