import { cp, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { throwawaySecrets, type RunningCms } from '../../src/node/cms-server/start.js';
import { startSeededCms } from '../../src/node/cms-server/throwaway.js';
import { freePort } from '../../src/node/platform/free-port.js';

/**
 * A seeded Strapi, seeded once per test run: seeding content-cache/ into an
 * empty database (tables made, 35 documents, 19 media files) is two thirds
 * of a throwaway CMS's start (about 30 of 45 s). The cms project's global
 * setup seeds one and stops it; each test file then starts its own Strapi on
 * a copy of that database, uploads folder and login (the seed is marked done
 * in the database, so it does not run again), with the same secrets, which
 * keep the saved tokens valid. What a test changes stays in its own copy.
 * Tests of seeding itself (seed-any-content, npm-run-cms, round-trip) seed
 * their own.
 */
export interface SeededSnapshot {
  readonly dir: string;
  readonly secrets: Readonly<Record<string, string>>;
}

/** Seeds a throwaway CMS from content-cache/, stops it, and returns where its files are. */
export async function makeSeededSnapshot(): Promise<SeededSnapshot> {
  const dir = await mkdtemp(path.join(tmpdir(), 'marea-cms-snapshot-'));
  const secrets = throwawaySecrets();
  const cms = await startSeededCms(dir, { port: await freePort(), env: secrets });
  await cms.stop();
  return { dir, secrets };
}

/**
 * Starts a CMS in `dir` from a copy of `snapshot` (SQLite's database, with its
 * journal files if any, the uploads and the local login file), with `env`
 * added to its environment, as `startSeededCms` does.
 */
export async function startFromSnapshot(
  snapshot: SeededSnapshot,
  dir: string,
  options: { port: number; env?: Readonly<Record<string, string>>; log?: (line: string) => void; admin?: boolean },
): Promise<RunningCms> {
  await mkdir(dir, { recursive: true });
  for (const name of await readdir(snapshot.dir)) {
    if (name === 'data.db' || name.startsWith('data.db-') || name === 'public' || name === 'local.json') {
      await cp(path.join(snapshot.dir, name), path.join(dir, name), { recursive: true });
    }
  }
  return startSeededCms(dir, { ...options, env: { ...snapshot.secrets, ...options.env } });
}

export async function removeSnapshot(snapshot: SeededSnapshot): Promise<void> {
  await rm(snapshot.dir, { recursive: true, force: true });
}
