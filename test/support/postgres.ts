import { execFile } from 'node:child_process';
import { chown, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../src/node/platform/free-port.js';
import { findPostgres, postgresCandidates } from '../../scripts/postgres-path.mjs';

const run = promisify(execFile);

/** A throwaway PostgreSQL server: its own cluster in a temp folder, on a free loopback port. */
export interface Postgres {
  /** Creates an empty database; its URL (`postgres://postgres@127.0.0.1:<port>/<name>`). */
  createDatabase(name: string): Promise<string>;
  /** Runs one SQL statement in a database; psql's unaligned output (`a|b` rows). */
  query(database: string, sql: string): Promise<string>;
  /** Stops the server and deletes its cluster. */
  stop(): Promise<void>;
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
