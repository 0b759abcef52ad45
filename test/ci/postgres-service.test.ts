// @vitest-environment node
import { execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPsql } from '../../scripts/postgres-path.mjs';
import { ROOT } from '../../src/node/build/paths.js';
import { startPostgres, testPostgres, type Postgres } from '../support/postgres.js';

/**
 * The CMS's PostgreSQL test on CI's service container (ci.yml `services:
 * postgres`, MAREA_TEST_POSTGRES_URL; docs/testing.md): the test's path for a
 * server it did not start, run here against a throwaway server of its own
 * standing in for the container. It makes a database of its own there and
 * drops it after, leaving the server running; scripts/ensure-postgres.mjs
 * installs nothing when the variable is set.
 */
const run = promisify(execFile);
let server: Postgres;

beforeAll(async () => {
  server = await startPostgres();
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const databases = async () => (await server.query('postgres', "select datname from pg_database where datname like 'marea%' order by 1")).split('\n').filter(Boolean);

describe('MAREA_TEST_POSTGRES_URL: a server the test does not start', () => {
  it('makes a database of its own name there, works in it, and drops it even while connected, leaving the server up', async () => {
    const external = await testPostgres({ MAREA_TEST_POSTGRES_URL: server.url });
    expect(external.url).toBe(server.url);
    const url = await external.createDatabase('marea');
    expect(url).toMatch(new RegExp(`^postgres://postgres@127\\.0\\.0\\.1:${new URL(server.url).port}/marea_\\d+_[0-9a-f]{8}$`));
    const name = new URL(url).pathname.slice(1);
    expect(await databases()).toEqual([name]);
    await external.query('marea', 'create table pages (id int); insert into pages values (1), (2)');
    expect(await external.query('marea', 'select count(*) from pages')).toBe('2');
    // The database is really there, under its own name (what Strapi gets as DATABASE_URL).
    expect(await server.query(name, 'select count(*) from pages')).toBe('2');
    // A client still connected (a Strapi not yet stopped) does not keep it.
    const held = spawn(findPsql()!, [url, '-c', 'select pg_sleep(60)'], { stdio: 'ignore' });
    await expect.poll(async () => server.query('postgres', `select count(*) from pg_stat_activity where datname = '${name}'`), { timeout: 20_000 }).toBe('1');
    await external.stop();
    expect(await databases()).toEqual([]);
    held.kill();
    expect(await server.query('postgres', 'select 1')).toBe('1');
  }, 120_000);

  it('two runs on one server never meet: each database name is its own', async () => {
    const [a, b] = await Promise.all([testPostgres({ MAREA_TEST_POSTGRES_URL: server.url }), testPostgres({ MAREA_TEST_POSTGRES_URL: server.url })]);
    const [urlA, urlB] = await Promise.all([a.createDatabase('marea'), b.createDatabase('marea')]);
    expect(urlA).not.toBe(urlB);
    await Promise.all([a.stop(), b.stop()]);
    expect(await databases()).toEqual([]);
  }, 120_000);

  it('a server that does not answer fails naming the variable', async () => {
    await expect(testPostgres({ MAREA_TEST_POSTGRES_URL: 'postgres://postgres@127.0.0.1:1/postgres' })).rejects.toThrow(/^MAREA_TEST_POSTGRES_URL: no answer from 127\.0\.0\.1:1/);
  }, 60_000);

  it('scripts/ensure-postgres.mjs installs nothing and names the server', async () => {
    const { stdout } = await run(process.execPath, [path.join(ROOT, 'scripts/ensure-postgres.mjs')], {
      env: { ...process.env, MAREA_TEST_POSTGRES_URL: 'postgres://postgres:secret@db.example:5433/postgres' },
    });
    expect(stdout).toMatch(/^PostgreSQL: the server at db\.example:5433 \(MAREA_TEST_POSTGRES_URL\), through \S+\/psql; nothing to install\n$/);
    expect(stdout).not.toContain('secret');
  });
});
