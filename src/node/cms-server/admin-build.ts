import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

/** Held while one process builds cms/build/: `strapi build` run twice at once leaves a panel of neither. */
const LOCK = '.tmp/admin-build.lock';

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the build lock (a directory: its creation is atomic), waiting while
 * another living process holds it; a lock left by a process that died is
 * taken over. Returns its release.
 */
function takeLock(cmsDir: string, log: (line: string) => void, timeoutMs: number): () => void {
  const lock = path.join(cmsDir, LOCK);
  mkdirSync(path.dirname(lock), { recursive: true });
  const deadline = Date.now() + timeoutMs;
  let told = false;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(path.join(lock, 'pid'), String(process.pid));
      return () => rmSync(lock, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder: number;
    try {
      holder = Number(readFileSync(path.join(lock, 'pid'), 'utf8') || 0);
    } catch {
      holder = 0; // released meanwhile, or not written yet
    }
    // No pid: the holder is between its mkdir and its write (or just released); a pid of a dead process: a crash.
    if (holder > 0 && !alive(holder)) {
      rmSync(lock, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > deadline)
      throw new Error(`The admin panel is being built by process ${holder} for over ${timeoutMs / 1000} s (lock ${lock}); stop it, or remove the lock if no build runs.`);
    if (!told) log(`Waiting for another build of the admin panel (process ${holder})…`);
    told = true;
    sleep(500);
  }
}

const current = (cmsDir: string, hash: string) => {
  const mark = path.join(cmsDir, 'build', MARK);
  return existsSync(path.join(cmsDir, 'build', 'index.html')) && existsSync(mark) && readFileSync(mark, 'utf8') === hash;
};

/**
 * Builds Strapi's admin panel (`strapi build`, a Vite build of ~1 min) into
 * cms/build/ unless it was built from the same sources: the admin's config,
 * the Marea plugin's screens and the lockfile. One build at a time: a second
 * caller waits for the first (tests, `npm run cms`) and then finds it
 * current. Returns the seconds it took, or null when the built panel was
 * current.
 */
export function ensureAdminBuilt(cmsDir: string, log: (line: string) => void = console.log, timeoutMs = 600_000): number | null {
  const hash = sourcesHash(cmsDir);
  if (current(cmsDir, hash)) return null;
  const release = takeLock(cmsDir, log, timeoutMs);
  try {
    if (current(cmsDir, hash)) return null;
    const started = Date.now();
    log('Building the admin panel (once, about a minute)…');
    execFileSync(process.execPath, [path.join(cmsDir, 'node_modules/@strapi/strapi/bin/strapi.js'), 'build'], {
      cwd: cmsDir,
      env: { ...cmsEnv(), NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    writeFileSync(path.join(cmsDir, 'build', MARK), hash);
    return (Date.now() - started) / 1000;
  } finally {
    release();
  }
}
