#!/usr/bin/env node
// Finds the PostgreSQL the CMS's PostgreSQL test starts a throwaway server
// from (scripts/postgres-path.mjs, the lookup test/support/postgres.ts uses
// too). As root with apt, installs Debian's `postgresql` package. Otherwise
// fails, saying how to get one. Prints the folder.
// With MAREA_TEST_POSTGRES_URL (a server the test does not start: CI's
// service container), installs nothing: the test makes and drops its own
// database there with psql, which it only checks for.
import { execSync } from 'node:child_process';
import { isExecutable } from './chromium-path.mjs';
import { findPostgres, findPsql, postgresCandidates } from './postgres-path.mjs';

const external = process.env.MAREA_TEST_POSTGRES_URL;
if (external) {
  let server;
  try {
    const url = new URL(external);
    server = `${url.hostname}:${url.port || 5432}`;
  } catch {
    console.error('✗ MAREA_TEST_POSTGRES_URL is not a URL (postgres://user:password@host:port/database).');
    process.exit(1);
  }
  const psql = findPsql();
  if (!psql) {
    console.error(
      [
        `✗ MAREA_TEST_POSTGRES_URL names a PostgreSQL server (${server}), and the test talks to it with psql, which is not here.`,
        "  Install PostgreSQL's client:   sudo apt-get update && sudo apt-get install -y postgresql-client",
      ].join('\n'),
    );
    process.exit(1);
  }
  console.log(`PostgreSQL: the server at ${server} (MAREA_TEST_POSTGRES_URL), through ${psql}; nothing to install`);
  process.exit(0);
}

let found = findPostgres();
if (!found && process.getuid?.() === 0 && isExecutable('/usr/bin/apt-get')) {
  console.log("PostgreSQL not found: installing Debian's postgresql package (apt-get)…");
  try {
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql', { stdio: 'inherit' });
  } catch {
    // reported below
  }
  found = findPostgres();
}
if (!found) {
  console.error(
    [
      `✗ No PostgreSQL for the CMS's PostgreSQL test (tried ${postgresCandidates().join(', ') || '/usr/lib/postgresql/<version>/bin'}).`,
      "  Install Debian's package:   sudo apt-get update && sudo apt-get install -y postgresql",
      '  or point POSTGRES_BIN at the folder of initdb and pg_ctl:   POSTGRES_BIN=/path/to/bin npm test',
      '  (the test starts its own server on a free port and removes it after; a running one it uses only when',
      '  MAREA_TEST_POSTGRES_URL names it, e.g. postgres://postgres:postgres@localhost:5432/postgres.)',
    ].join('\n'),
  );
  process.exit(1);
}
console.log(`PostgreSQL: ${found}`);
