#!/usr/bin/env node
// Finds the PostgreSQL the CMS's PostgreSQL test starts a throwaway server
// from (scripts/postgres-path.mjs, the lookup test/support/postgres.ts uses
// too). As root with apt, installs Debian's `postgresql` package. Otherwise
// fails, saying how to get one. Prints the folder.
import { execSync } from 'node:child_process';
import { isExecutable } from './chromium-path.mjs';
import { findPostgres, postgresCandidates } from './postgres-path.mjs';

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
      '  (the test starts its own server on a free port and removes it after; it never uses a running one.)',
    ].join('\n'),
  );
  process.exit(1);
}
console.log(`PostgreSQL: ${found}`);
