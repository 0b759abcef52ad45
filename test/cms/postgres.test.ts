import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../src/node/build/paths.js';
import { diagnose } from '../../src/node/cms-doctor/doctor.js';
import { adminLogin } from '../../src/node/cms-server/editor.js';
import { cmsEnv, ensureCmsInstalled } from '../../src/node/cms-server/install.js';
import { CMS_DIR } from '../../src/node/cms-server/paths.js';
import type { RunningCms } from '../../src/node/cms-server/start.js';
import { startSeededCms } from '../../src/node/cms-server/throwaway.js';
import { freePort } from '../../src/node/platform/free-port.js';
import { buildSite, type TestBuild } from '../support/build-site.js';
import { roundTripDifference } from '../support/cms-round-trip.js';
import { testPostgres, type Postgres } from '../support/postgres.js';

/**
 * cms/ on PostgreSQL (DATABASE_CLIENT=postgres, DATABASE_URL), started as a
 * deployed CMS (docs/hosting-strapi.md: secrets and PUBLIC_URL from the
 * environment, no local admin): a throwaway server from Debian's package
 * (or the server MAREA_TEST_POSTGRES_URL names, CI's service container),
 * one Strapi start seeded from content-cache/, the site built from
 * it equal to the one built from content-cache/ as round-trip.test.ts
 * checks it for SQLite. Also the deployment's rules: the build's token
 * reads the site's content only, CORS answers the site's and the admin's
 * origins only, and a production start without its secrets refuses to start.
 */
const CACHE = path.join(ROOT, 'content-cache');
const NOW = new Date('2026-06-20T12:00:00Z');
const SITE = 'https://marea.example';

let postgres: Postgres | undefined;
let dir: string;
let cms: RunningCms | undefined;
let fromCache: TestBuild;
let fromCms: TestBuild;

beforeAll(async () => {
  ensureCmsInstalled(CMS_DIR);
  // A throwaway server of its own, or MAREA_TEST_POSTGRES_URL's (CI's service container) with a database of its own.
  postgres = await testPostgres();
  const database = await postgres.createDatabase('marea');
  dir = await mkdtemp(path.join(tmpdir(), 'marea-cms-postgres-'));
  // Deployed: production settings from the environment, no local admin; the first visit registers one and reads the token.
  cms = await startSeededCms(dir, { port: await freePort(), database, deployed: true, contentCache: CACHE, env: { SITE_URL: SITE } });
  fromCache = await buildSite(CACHE, { now: NOW });
  fromCms = await buildSite(null, { env: { CMS_URL: cms.url, CMS_TOKEN: cms.token }, now: NOW });
});

afterAll(async () => {
  await cms?.stop();
  await postgres?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('a real Strapi 5 on PostgreSQL, seeded from content-cache/', () => {
  it('keeps its content in PostgreSQL, not in a SQLite file', async () => {
    // Every published and draft row of the 41 pages (en and es-MX).
    expect(Number(await postgres!.query('marea', 'select count(*) from pages where published_at is not null'))).toBe(41);
    expect(existsSync(path.join(dir, 'data.db'))).toBe(false);
  });

  it('builds the same pages, HTML and payloads as content-cache/, as SQLite does (differences named in allowed())', async () => {
    expect(await roundTripDifference(fromCache, fromCms)).toBeNull();
  });

  it('makes no admin of its own and writes no login or build token to a file; the first visit registers the admin', async () => {
    const jwt = await adminLogin(cms!.url, { email: cms!.adminEmail, password: cms!.adminPassword });
    const users = (await (await fetch(`${cms!.url}/admin/users`, { headers: { Authorization: `Bearer ${jwt}` } })).json()) as { data: { results: Array<{ email: string }> } };
    expect(users.data.results.map((user) => user.email)).toEqual(['operator@marea.example']);
    // The Marea plugin keeps its report token there; nothing of the admin's or the build's.
    expect(Object.keys(JSON.parse(await readFile(path.join(dir, 'local.json'), 'utf8')) as object)).toEqual(['reportToken']);
  });

  it("lets the build's token read the site's content types, not /api/users", async () => {
    const read = (route: string) => fetch(`${cms!.url}${route}`, { headers: { Authorization: `Bearer ${cms!.token}` } }).then((response) => response.status);
    expect(await read('/api/pages?locale=es-MX')).toBe(200);
    expect(await read('/api/layout?locale=en')).toBe(200);
    expect(await read('/api/users')).toBe(403);
  });

  it("answers CORS, with credentials, for the site's and the admin's origins only", async () => {
    const preflight = (origin: string) =>
      fetch(`${cms!.url}/api/pages`, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' } });
    for (const origin of [SITE, cms!.url]) {
      const allowed = await preflight(origin);
      expect(allowed.headers.get('access-control-allow-origin'), origin).toBe(origin);
      expect(allowed.headers.get('access-control-allow-credentials'), origin).toBe('true');
    }
    const other = await preflight('https://elsewhere.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(other.headers.get('access-control-allow-credentials')).toBeNull();
  });
});

describe('the deployed admin, open to the internet (docs/hosting-strapi.md)', () => {
  it('answers a sixth wrong password within five minutes with 429, and sends its security headers', async () => {
    const login = () =>
      fetch(`${cms!.url}/admin/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'guess@marea.example', password: 'Wrong-guess-1' }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await login()).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const page = await fetch(`${cms!.url}/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(page.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(page.headers.get('x-powered-by')).toBeNull();
  });
});

describe('npm run cms:doctor against the deployed CMS (docs/own-strapi.md)', () => {
  it('finds nothing to fix once the operator has made the webhook to the site’s build hook', async () => {
    const jwt = await adminLogin(cms!.url, { email: cms!.adminEmail, password: cms!.adminPassword });
    const events = ['entry.publish', 'entry.unpublish', 'entry.delete', 'media.update', 'media.delete'];
    const created = await fetch(`${cms!.url}/admin/webhooks`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${jwt}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Netlify build hook', url: 'https://api.netlify.com/build_hooks/0123456789abcdef', headers: {}, events }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const findings = await diagnose({ cmsUrl: cms!.url, token: cms!.token, cmsLocales: { en: 'en', es: 'es-MX' } });
    expect(findings.filter((f) => f.verdict !== 'ok')).toEqual([]);
  });
});

describe('a production start (NODE_ENV=production, not local use)', () => {
  it('refuses to start without its secrets and public URL, naming each', async () => {
    // The environment of a deployed CMS that forgot its secrets: no MAREA_CMS_LOCAL, none of Strapi's secrets.
    const env = Object.fromEntries(
      Object.entries({ ...cmsEnv(), NODE_ENV: 'production', DATABASE_FILENAME: path.join(dir, 'refused.db') }).filter(
        ([name]) => !/^(MAREA_CMS_LOCAL|APP_KEYS|ADMIN_JWT_SECRET|API_TOKEN_SALT|TRANSFER_TOKEN_SALT|ENCRYPTION_KEY|JWT_SECRET|PUBLIC_URL)$/.test(name),
      ),
    );
    const child = spawn(process.execPath, [path.join(CMS_DIR, 'node_modules/@strapi/strapi/bin/strapi.js'), 'start'], { cwd: CMS_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).not.toBe(0);
    expect(output).toContain(
      'The CMS does not start in production without APP_KEYS, ADMIN_JWT_SECRET, API_TOKEN_SALT, TRANSFER_TOKEN_SALT, ENCRYPTION_KEY, JWT_SECRET, PUBLIC_URL.',
    );
    expect(existsSync(path.join(dir, 'refused.db'))).toBe(false);
  });
});
