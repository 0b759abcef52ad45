import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cmsEnv } from './install.js';

/** What the admin panel is built from besides Strapi itself: the admin's config and the Marea plugin's screens. */
const SOURCES = ['src/admin', 'src/plugins/marea/admin', 'src/plugins/marea/strapi-admin.js', 'config/features.js', 'package-lock.json'];
/** Marks which sources cms/build/ was built from. */
const MARK = '.marea-admin-hash';

function filesOf(target: string): string[] {
  if (!existsSync(target)) return [];
  if (!statSync(target).isDirectory()) return [target];
  return readdirSync(target)
    .sort()
    .flatMap((name) => filesOf(path.join(target, name)));
}

function sourcesHash(cmsDir: string): string {
  const hash = createHash('sha256');
  for (const file of SOURCES.flatMap((source) => filesOf(path.join(cmsDir, source)))) hash.update(path.relative(cmsDir, file)).update('\0').update(readFileSync(file));
  return hash.digest('hex');
}

/**
 * Builds Strapi's admin panel (`strapi build`, a Vite build of ~1 min) into
 * cms/build/ unless it was built from the same sources: the admin's config,
 * the Marea plugin's screens and the lockfile. Returns the seconds it took,
 * or null when the built panel was current.
 */
export function ensureAdminBuilt(cmsDir: string, log: (line: string) => void = console.log): number | null {
  const hash = sourcesHash(cmsDir);
  const mark = path.join(cmsDir, 'build', MARK);
  if (existsSync(path.join(cmsDir, 'build', 'index.html')) && existsSync(mark) && readFileSync(mark, 'utf8') === hash) return null;
  const started = Date.now();
  log('Building the admin panel (once, about a minute)…');
  execFileSync(process.execPath, [path.join(cmsDir, 'node_modules/@strapi/strapi/bin/strapi.js'), 'build'], {
    cwd: cmsDir,
    env: { ...cmsEnv(), NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  writeFileSync(mark, hash);
  return (Date.now() - started) / 1000;
}
