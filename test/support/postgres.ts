import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chown, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../src/node/platform/free-port.js';
import { findPostgres, findPsql, postgresCandidates } from '../../scripts/postgres-path.mjs';

const run = promisify(execFile);

/**
 * The PostgreSQL server of a test: a throwaway one of its own (startPostgres),
 * or the one MAREA_TEST_POSTGRES_URL names (usePostgres: CI's service container).
 */
export interface Postgres {
  /** An administrator's URL of the server (its `postgres` database). */
  readonly url: string;
  /** Creates an empty database; its URL (`postgres://postgres@127.0.0.1:<port>/<name>`). */
  createDatabase(name: string): Promise<string>;
  /** Runs one SQL statement in a database (the name given to createDatabase); psql's unaligned output (`a|b` rows). */
  query(database: string, sql: string): Promise<string>;
  /** Leaves nothing behind: its own server stopped and its cluster deleted, or on an external one, its databases dropped. */
  stop(): Promise<void>;
}

/** Names a PostgreSQL server the tests use instead of starting their own (docs/testing.md). */
const EXTERNAL_POSTGRES = 'MAREA_TEST_POSTGRES_URL';

/** The server MAREA_TEST_POSTGRES_URL names, else a throwaway one of the test's own. */
export function testPostgres(env: NodeJS.ProcessEnv = process.env): Promise<Postgres> {
  const url = env[EXTERNAL_POSTGRES];
  return url ? usePostgres(url) : startPostgres();
}

/** The folder of initdb and pg_ctl (scripts/ensure-postgres.mjs found it before the tests ran). */
function postgresBin(): string {
  const found = findPostgres();
  if (found) return found;
  // Fail, never skip: `npm test` must not pass without the PostgreSQL test.
  throw new Error(
    `No PostgreSQL found (tried ${postgresCandidates().join(', ') || '/usr/lib/postgresql/<version>/bin'}). Install it: apt-get install -y postgresql, or set POSTGRES_BIN to the folder of initdb and pg_ctl.`,
  );
}

/** The uid and gid of Debian's `postgres` user (PostgreSQL refuses to run as root), from /etc/passwd. */
async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const { stdout } = await run('id', ['-u', 'postgres']).catch(() => {
    throw new Error('PostgreSQL does not run as root, and this machine has no postgres user (Debian makes it with the postgresql package).');
  });
  const { stdout: gid } = await run('id', ['-g', 'postgres']);
  return { uid: Number(stdout.trim()), gid: Number(gid.trim()) };
}

/**
 * Starts a PostgreSQL server of its own: `initdb` a cluster in a temp folder
 * (trust authentication, loopback only, the unix socket in the same folder),
 * `pg_ctl start` on a free port. As root, both run as the `postgres` user
 * (runuser), which owns the folder. Durability is off (fsync): the cluster
 * lives for one test.
 */
export async function startPostgres(): Promise<Postgres> {
  const bin = postgresBin();
  const dir = await mkdtemp(path.join(tmpdir(), 'marea-postgres-'));
  const data = path.join(dir, 'data');
  const socket = path.join(dir, 'socket');
  await mkdir(socket);
  const root = process.getuid?.() === 0;
  if (root) {
    const { uid, gid } = await postgresUser();
    for (const folder of [dir, socket]) await chown(folder, uid, gid);
  }
  // As root, the programs run as postgres: runuser keeps the environment and the working folder is ours, so cd into the cluster's.
  const pg = (program: string, args: string[]) =>
    root ? run('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args], { cwd: dir }) : run(path.join(bin, program), args, { cwd: dir });
  const port = await freePort();
  const options = `-p ${port} -k ${socket} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  try {
    await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync']);
    await pg('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw new Error(`PostgreSQL (${bin}) did not start: ${(error as Error & { stderr?: string }).stderr || (error as Error).message}`, { cause: error });
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async createDatabase(name) {
      await pg('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', name]);
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    async query(database, sql) {
      const { stdout } = await pg('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', database, '-At', '-v', 'ON_ERROR_STOP=1', '-c', sql]);
      return stdout.trim();
    },
    async stop() {
      // Immediate: nothing in the cluster is kept.
      await pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A PostgreSQL server the test did not start and does not stop, given by an
 * administrator's URL (`postgres://user:password@host:port/database`, the
 * database any one it may connect to): each database the test makes gets a
 * name of its own (`<name>_<pid>_<random>`, so runs sharing the server do not
 * meet) and stop() drops them, closing their connections. Through psql, the
 * password in PGPASSWORD (not in the command line).
 */
async function usePostgres(url: string): Promise<Postgres> {
  const psql = findPsql();
  if (!psql) throw new Error(`${EXTERNAL_POSTGRES} is set, and there is no psql (apt-get install -y postgresql-client).`);
  const admin = new URL(url);
  const password = decodeURIComponent(admin.password);
  const at = (database: string, withPassword: boolean) => {
    const target = new URL(admin);
    if (database) target.pathname = `/${database}`;
    if (!withPassword) target.password = '';
    return target.href;
  };
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  const sql = async (database: string, statement: string) => {
    const { stdout } = await run(psql, [at(database, false), '-At', '-v', 'ON_ERROR_STOP=1', '-c', statement], { env });
    return stdout.trim();
  };
  await sql('', 'select 1').catch((error: Error & { stderr?: string }) => {
    throw new Error(`${EXTERNAL_POSTGRES}: no answer from ${admin.host}: ${error.stderr?.trim() || error.message}`, { cause: error });
  });
  const suffix = `${process.pid}_${randomBytes(4).toString('hex')}`;
  const made = new Map<string, string>();
  return {
    url,
    async createDatabase(name) {
      if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`Not a database name for the tests: ${name}`);
      const own = `${name}_${suffix}`;
      await sql('', `create database "${own}"`);
      made.set(name, own);
      return at(own, true);
    },
    query(database, statement) {
      return sql(made.get(database) ?? database, statement);
    },
    async stop() {
      for (const own of made.values()) await sql('', `drop database if exists "${own}" with (force)`);
      made.clear();
    },
  };
}
