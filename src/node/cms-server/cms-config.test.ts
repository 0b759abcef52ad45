// @vitest-environment node
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CMS_DIR } from './paths.js';

/**
 * cms/config read from the environment as Strapi reads it (its `env`
 * helper, rebuilt here: cms/node_modules is not installed for unit tests).
 * The PostgreSQL test (test/cms/postgres.test.ts) starts the real thing.
 */
type Env = ((name: string, fallback?: unknown) => unknown) & {
  int(name: string, fallback?: number): number | undefined;
  bool(name: string, fallback?: boolean): boolean | undefined;
  array(name: string): string[] | undefined;
};

function strapiEnv(vars: Record<string, string>): Env {
  const read = (name: string, fallback?: unknown) => (name in vars ? vars[name] : fallback);
  return Object.assign(read, {
    int: (name: string, fallback?: number) => (name in vars ? Number(vars[name]) : fallback),
    bool: (name: string, fallback?: boolean) => (name in vars ? vars[name] === 'true' : fallback),
    array: (name: string) => (name in vars ? vars[name]!.split(',') : undefined),
  });
}

const load = createRequire(import.meta.url);
const config = (file: string, vars: Record<string, string>) => (load(path.join(CMS_DIR, 'config', file)) as (strapi: { env: Env }) => unknown)({ env: strapiEnv(vars) });

const SECRETS = { APP_KEYS: 'a,b', ADMIN_JWT_SECRET: 's', API_TOKEN_SALT: 's', TRANSFER_TOKEN_SALT: 's', ENCRYPTION_KEY: 's', JWT_SECRET: 's' };
type Middleware = string | { name: string; config: { origin: string[]; credentials: boolean } };
/** The strapi::cors entry of cms/config/middlewares.js. */
const corsOf = (vars: Record<string, string>) =>
  (config('middlewares.js', vars) as Middleware[]).flatMap((item) => (typeof item === 'object' && item.name === 'strapi::cors' ? [item.config] : []))[0];

describe('cms/config', () => {
  it('takes SQLite by default and PostgreSQL from DATABASE_CLIENT and DATABASE_URL', () => {
    expect(config('database.js', { DATABASE_FILENAME: '/x/data.db' })).toMatchObject({ connection: { client: 'sqlite', connection: { filename: '/x/data.db' } } });
    expect(config('database.js', { DATABASE_CLIENT: 'postgres', DATABASE_URL: 'postgres://u:p@db:5432/marea', DATABASE_SSL: 'true' })).toMatchObject({
      connection: { client: 'postgres', connection: { connectionString: 'postgres://u:p@db:5432/marea', ssl: { rejectUnauthorized: true } } },
    });
    expect(() => config('database.js', { DATABASE_CLIENT: 'mysql' })).toThrow('DATABASE_CLIENT is "mysql": the CMS runs on "sqlite" (the default) or "postgres".');
  });

  it('in production, requires the secrets and the public URL, naming the missing ones; local use does not', () => {
    expect(() => config('server.js', { NODE_ENV: 'production', APP_KEYS: 'a,b', JWT_SECRET: 's' })).toThrow(
      'The CMS does not start in production without ADMIN_JWT_SECRET, API_TOKEN_SALT, TRANSFER_TOKEN_SALT, ENCRYPTION_KEY, PUBLIC_URL.',
    );
    expect(config('server.js', { NODE_ENV: 'production', ...SECRETS, PUBLIC_URL: 'https://cms.example.com', HOST: '0.0.0.0' })).toMatchObject({
      host: '0.0.0.0',
      url: 'https://cms.example.com',
    });
    expect(config('server.js', { NODE_ENV: 'production', MAREA_CMS_LOCAL: 'true' })).toMatchObject({ host: '127.0.0.1', port: 1337, url: '' });
  });

  it("limits CORS to the admin's and the site's origins, with credentials", () => {
    expect(corsOf({ NODE_ENV: 'production', PUBLIC_URL: 'https://cms.example.com/', SITE_URL: 'https://www.example.com/es/' })).toEqual({
      origin: ['https://cms.example.com', 'https://www.example.com'],
      credentials: true,
    });
    // Local use: the loopback names of the CMS's port too.
    expect(corsOf({ NODE_ENV: 'production', MAREA_CMS_LOCAL: 'true', PORT: '1400' })?.origin).toEqual(['http://127.0.0.1:1400', 'http://localhost:1400']);
  });
});
