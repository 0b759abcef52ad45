import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { portInUse } from '../platform/free-port.js';
import { firstVisit } from './first-visit.js';
import { cmsEnv } from './install.js';
import { cmsState } from './paths.js';

/** What a started CMS gives its users: where it is, the build's token, the admin login. */
export interface RunningCms {
  readonly url: string;
  readonly token: string;
  /** The token builds post their reports with (cms/src/plugins/marea/server/parts/reports.js): it opens that route only. */
  readonly reportToken: string;
  readonly adminEmail: string;
  readonly adminPassword: string;
  /** Whether the admin's password was made by this start (a new database or new secrets): the only start that shows it. */
  readonly adminPasswordNew: boolean;
  /** Peak resident memory of the Strapi process seen so far, in bytes (Linux /proc). */
  rss(): number;
  stop(): Promise<void>;
}

export interface StartOptions {
  readonly cmsDir: string;
  readonly port: number;
  /** The admin panel (needs `strapi build` once); the tests run without it, the admin API answers either way. */
  readonly admin: boolean;
  /** Overrides for a throwaway CMS (tests): its own database, uploads folder, seed and local file. */
  readonly databaseFile?: string;
  /** A PostgreSQL database (`postgres://…`) instead of SQLite's file; default: cms/config/database.js's, from the environment. */
  readonly databaseUrl?: string;
  readonly publicDir?: string;
  readonly seedFile?: string;
  readonly localFile?: string;
  /** More environment for Strapi (the webhook and preview settings of `strapiLoopEnv`). */
  readonly env?: Readonly<Record<string, string>>;
  /**
   * Start as a deployed CMS (docs/hosting-strapi.md): no MAREA_CMS_LOCAL, so
   * `secrets` are required and no local admin is made; PUBLIC_URL is its URL.
   * Its first visit (first-visit.ts) registers the first admin and reads the
   * build's token. Default false: local use.
   */
  readonly deployed?: boolean;
  /** Secrets; default: from cms/.env, which Strapi reads itself. */
  readonly secrets?: Readonly<Record<string, string>>;
  readonly log?: (line: string) => void;
  readonly timeoutMs?: number;
}

/** Fresh secrets for a throwaway CMS (tests), in the variables cms/config reads. */
export function throwawaySecrets(): Record<string, string> {
  const secret = () => randomBytes(16).toString('base64');
  return {
    APP_KEYS: [secret(), secret()].join(','),
    ADMIN_JWT_SECRET: secret(),
    API_TOKEN_SALT: secret(),
    TRANSFER_TOKEN_SALT: secret(),
    ENCRYPTION_KEY: secret(),
    JWT_SECRET: secret(),
  };
}

interface LocalAccess {
  readonly adminEmail: string;
  readonly adminPassword: string;
  readonly token: string;
  readonly reportToken: string;
}

/** What the CMS's bootstrap keeps in the local file (cms/src/index.js), or null before its first start. */
function readLocal(file: string): LocalAccess | null {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as LocalAccess) : null;
}

/**
 * The login and tokens of a started CMS: from the local file its bootstrap
 * wrote (local use), or from its first visit (deployed), with the report
 * token the Marea plugin keeps in the local file either way.
 */
async function accessOf(url: string, localFile: string, deployed: boolean): Promise<LocalAccess> {
  if (deployed) return { ...(await firstVisit(url)), reportToken: readLocal(localFile)?.reportToken ?? '' };
  const local = readLocal(localFile);
  if (!local) throw new Error(`Strapi started but wrote no ${localFile}: see cms/src/index.js`);
  return local;
}

/** Peak RSS of a Linux process (VmHWM), 0 where /proc is not available. */
function peakRss(pid: number | undefined): number {
  try {
    const kb = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

async function waitUntilUp(url: string, child: ChildProcess, output: string[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Strapi exited with code ${child.exitCode} while starting:\n${output.slice(-30).join('')}`);
    const up = await fetch(`${url}/_health`).then(
      (r) => r.status === 204,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`Strapi did not answer ${url}/_health within ${timeoutMs / 1000} s:\n${output.slice(-30).join('')}`);
}

/**
 * Starts the Strapi of `cmsDir` (`strapi start`: production mode, so the
 * content-type builder is off and the schema stays the generated one) and
 * resolves once it answers, with the token and login its bootstrap made.
 */
export async function startCms(options: StartOptions): Promise<RunningCms> {
  const url = `http://127.0.0.1:${options.port}`;
  // Another process on the port would answer the health check for a Strapi that failed to bind.
  if (await portInUse(options.port)) throw new Error(`Port ${options.port} on 127.0.0.1 is in use (a CMS already running?): stop it, or choose another port (CMS_PORT=…).`);
  const localFile = options.localFile ?? cmsState(options.cmsDir).localFile;
  const before = readLocal(localFile);
  if (options.publicDir) await mkdir(path.join(options.publicDir, 'uploads'), { recursive: true });
  if (options.databaseFile) await mkdir(path.dirname(options.databaseFile), { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...cmsEnv(),
    ...options.secrets,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    MAREA_CMS_ADMIN: options.admin ? 'true' : 'false',
    MAREA_CMS_LOCAL_FILE: localFile,
    ...(options.deployed ? { MAREA_CMS_LOCAL: 'false', PUBLIC_URL: url } : {}),
    ...(options.databaseFile ? { DATABASE_FILENAME: options.databaseFile } : {}),
    ...(options.databaseUrl ? { DATABASE_CLIENT: 'postgres', DATABASE_URL: options.databaseUrl } : {}),
    ...(options.publicDir ? { MAREA_CMS_PUBLIC_DIR: options.publicDir } : {}),
    ...(options.seedFile ? { MAREA_CMS_SEED_FILE: options.seedFile } : {}),
    ...options.env,
  };
  const child = spawn(process.execPath, [path.join(options.cmsDir, 'node_modules/@strapi/strapi/bin/strapi.js'), 'start'], {
    cwd: options.cmsDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  let peak = 0;
  const onData = (chunk: Buffer) => {
    const text = chunk.toString();
    output.push(text);
    if (output.length > 200) output.shift();
    options.log?.(text.trimEnd());
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const sample = setInterval(() => (peak = Math.max(peak, peakRss(child.pid))), 500);
  try {
    await waitUntilUp(url, child, output, options.timeoutMs ?? 120_000);
  } catch (error) {
    clearInterval(sample);
    throw error;
  }
  const access = await accessOf(url, localFile, options.deployed ?? false).catch((error: Error) => {
    clearInterval(sample);
    child.kill('SIGKILL');
    throw error;
  });
  return {
    url,
    ...access,
    adminPasswordNew: access.adminPassword !== before?.adminPassword,
    rss: () => (peak = Math.max(peak, peakRss(child.pid))),
    stop: async () => {
      clearInterval(sample);
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
