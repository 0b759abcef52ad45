/** The folders tried, in order: $POSTGRES_BIN, then Debian's /usr/lib/postgresql/<version>/bin, newest first. */
export function postgresCandidates(): string[];
/** The first folder with initdb, pg_ctl, createdb and psql, or null. */
export function findPostgres(): string | null;
/** psql from those folders, then from PATH, or null. */
export function findPsql(): string | null;
