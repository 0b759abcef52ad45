import path from 'node:path';
import { projectPaths } from '../build/paths.js';
import { writeSeedFile } from '../cms-seed/write-seed.js';
import { loadConfig } from '../config/env.js';
import { CMS_DIR } from './paths.js';
import { startCms, throwawaySecrets, type RunningCms } from './start.js';

/**
 * A Strapi of cms/ for benches and tests: its database, uploads, login and
 * secrets in `dir` (never the editors' CMS), seeded from content-cache/ (or
 * `contentCache`) on start, on `port`, with `env` added to Strapi's
 * environment; `log` receives Strapi's output; `admin` serves the admin panel;
 * `database` puts it on PostgreSQL.
 */
export async function startSeededCms(
  dir: string,
  options: {
    port: number;
    env?: Readonly<Record<string, string>>;
    contentCache?: string;
    log?: (line: string) => void;
    admin?: boolean;
    /** A PostgreSQL database (`postgres://…`, empty) instead of SQLite's file in `dir` (the default). */
    database?: string;
    /** As a deployed CMS (production settings, no local admin: start.ts); default false. */
    deployed?: boolean;
  },
): Promise<RunningCms> {
  const seedFile = path.join(dir, 'seed.json');
  await writeSeedFile(options.contentCache ?? projectPaths().contentCache, seedFile, loadConfig().cmsLocales);
  return startCms({
    cmsDir: CMS_DIR,
    port: options.port,
    // The admin panel only for the tests that open it in Chromium (built first: admin-build.ts).
    admin: options.admin ?? false,
    ...(options.database ? { databaseUrl: options.database } : { databaseFile: path.join(dir, 'data.db') }),
    publicDir: path.join(dir, 'public'),
    localFile: path.join(dir, 'local.json'),
    seedFile,
    secrets: throwawaySecrets(),
    ...(options.deployed ? { deployed: true } : {}),
    ...(options.env ? { env: options.env } : {}),
    ...(options.log ? { log: options.log } : {}),
  });
}
