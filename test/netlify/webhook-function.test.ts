import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import handler, { config } from '../../netlify/functions/strapi-webhook.js';
import { listen } from '../../src/node/preview/server.js';

/**
 * The Netlify Function of Strapi's webhook (docs/publishing.md): the same
 * checks as the local service, then one POST to the site's build hook per
 * event that can change the site. The build hook is a local server here.
 */
const ROOT = resolve(import.meta.dirname, '../..');
/** Bodies Strapi 5.54 sent (recorded). */
const recorded = (name: string) => JSON.stringify((JSON.parse(readFileSync(resolve(ROOT, 'src/node/webhook/fixtures', name), 'utf8')) as { body: unknown }).body);
const publish = recorded('webhook-entry-publish-es-MX.json');
const draftUpdate = recorded('webhook-entry-update-en.json');
const SECRET = 'netlify-function-secret-0123';

let hookServer: Server;
let hookUrl: string;
let hookAnswer = 200;
const triggered: string[] = [];

beforeAll(async () => {
  hookServer = createServer((req, res) => {
    triggered.push(`${req.method} ${req.url}`);
    res.statusCode = hookAnswer;
    res.end();
  });
  hookUrl = `${await listen(hookServer, 0)}/build_hooks/abc123`;
});

afterAll(() => new Promise<void>((done) => hookServer.close(() => done())));

afterEach(() => {
  triggered.length = 0;
  hookAnswer = 200;
  delete process.env.WEBHOOK_SECRET;
  delete process.env.NETLIFY_BUILD_HOOK;
});

const configure = () => {
  process.env.WEBHOOK_SECRET = SECRET;
  process.env.NETLIFY_BUILD_HOOK = hookUrl;
};

const call = (body: string, init: { method?: string; secret?: string; type?: string } = {}) =>
  handler(
    new Request('https://marea.example/hooks/strapi', {
      method: init.method ?? 'POST',
      headers: { authorization: `Bearer ${init.secret ?? SECRET}`, 'content-type': init.type ?? 'application/json' },
      ...(init.method && init.method !== 'POST' ? {} : { body }),
    }),
  );

describe('netlify/functions/strapi-webhook.ts', () => {
  it('is served at /hooks/strapi, which the edge function leaves alone', () => {
    expect(config.path).toBe('/hooks/strapi');
    expect(readFileSync(resolve(ROOT, 'netlify.toml'), 'utf8')).toMatch(/excludedPath = \[[^\]]*"\/hooks\/\*"/);
  });

  it('a recorded publish triggers the build hook once, titled with the event', async () => {
    configure();
    const response = await call(publish);
    expect(response.status).toBe(202);
    expect(await response.json()).toMatchObject({ result: 'queued', build: 'triggered' });
    expect(triggered).toEqual([`POST /build_hooks/abc123?trigger_title=${encodeURIComponent('Strapi: entry.publish page f80l1b4mkqoz87tixf27rc7f (es-MX)')}`]);
  });

  it('a draft edit is ignored with the reason: no build', async () => {
    configure();
    const response = await call(draftUpdate);
    expect(response.status).toBe(202);
    expect(await response.json()).toMatchObject({ result: 'ignored', reason: expect.stringMatching(/draft/) });
    expect(triggered).toEqual([]);
  });

  it('the abuse matrix: 401, 405, 415, 413, 400, and no build for any', async () => {
    configure();
    const body = publish;
    expect((await call(body, { secret: 'wrong' })).status).toBe(401);
    expect((await call(body, { method: 'GET' })).status).toBe(405);
    expect((await call(body, { type: 'text/plain' })).status).toBe(415);
    expect((await call(JSON.stringify({ pad: 'x'.repeat(1024 * 1024) }))).status).toBe(413);
    expect((await call('{"event":')).status).toBe(400);
    expect(triggered).toEqual([]);
  });

  it('unconfigured: 503 naming the variable, never accepted without a secret', async () => {
    const response = await call(publish, { secret: '' });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: expect.stringContaining('WEBHOOK_SECRET') });
    process.env.WEBHOOK_SECRET = SECRET;
    expect(await (await call(publish)).json()).toEqual({ error: expect.stringContaining('NETLIFY_BUILD_HOOK') });
  });

  it('a WEBHOOK_SECRET shorter than 16 characters: 500 naming the variable, not its value, and no build even with that secret', async () => {
    for (const short of ['x', 'fifteen-chars!!', `${' '.repeat(10)}padded${' '.repeat(10)}`]) {
      configure();
      process.env.WEBHOOK_SECRET = short;
      const response = await call(publish, { secret: short.trim() });
      expect(response.status).toBe(500);
      const { error } = (await response.json()) as { error: string };
      expect(error).toContain('WEBHOOK_SECRET');
      expect(error).toMatch(/at least 16/);
      if (short.trim().length > 1) expect(error).not.toContain(short.trim());
    }
    expect(triggered).toEqual([]);
    // Sixteen characters are enough.
    process.env.WEBHOOK_SECRET = 'sixteen-chars-ok';
    expect((await call(publish, { secret: 'sixteen-chars-ok' })).status).toBe(202);
  });

  it('a build hook that fails: 502, so Strapi logs the failure', async () => {
    configure();
    hookAnswer = 500;
    const response = await call(publish);
    expect(response.status).toBe(502);
    expect(triggered).toHaveLength(1);
  });
});
