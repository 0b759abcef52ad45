// Where the CMS's PostgreSQL test finds PostgreSQL's programs (initdb,
// pg_ctl, createdb, psql): $POSTGRES_BIN, then the newest of Debian's and Ubuntu's
// /usr/lib/postgresql/<version>/bin (package `postgresql`; GitHub's Ubuntu
// runners have one too). The one lookup for scripts/ensure-postgres.mjs
// (plain node, before any TypeScript tooling) and test/support/postgres.ts;
// types in postgres-path.d.mts.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { isExecutable } from './chromium-path.mjs';

const DEBIAN = '/usr/lib/postgresql';

/** The folders tried, in order. */
export function postgresCandidates() {
  let versions = [];
  try {
    versions = readdirSync(DEBIAN).filter((name) => /^\d+$/.test(name));
  } catch {
    // No PostgreSQL from Debian's packages.
  }
  const debian = versions.sort((a, b) => Number(b) - Number(a)).map((version) => path.join(DEBIAN, version, 'bin'));
  return [process.env.POSTGRES_BIN, ...debian].filter((candidate) => !!candidate);
}

/** The first folder with the server's programs, or null. */
export function findPostgres() {
  return postgresCandidates().find((dir) => ['initdb', 'pg_ctl', 'createdb', 'psql'].every((program) => isExecutable(path.join(dir, program)))) ?? null;
}

/**
 * PostgreSQL's client, for a server the tests did not start
 * (MAREA_TEST_POSTGRES_URL): the folders above, then PATH; or null.
 */
export function findPsql() {
  const dirs = [...postgresCandidates(), ...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean)];
  const dir = dirs.find((candidate) => isExecutable(path.join(candidate, 'psql')));
  return dir ? path.join(dir, 'psql') : null;
}
