// @vitest-environment node
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson } from './http.js';
import { HttpError } from './http-error.js';
import { MalformedResponseError } from './malformed-response-error.js';
import { NetworkError } from './network-error.js';
import { delay, sendJson, startTestServer, type TestServer } from '../../../test/support/test-server.js';
import { TimeoutError } from './timeout-error.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const fast = { backoffMs: 1, timeoutMs: 2_000 };

describe('getJson', () => {
  it('sends Accept, and the Bearer token only when one is set', async () => {
    server.reset((_req, res) => sendJson(res, 200, { data: [] }));
    await getJson(`${server.url}/api/pages`, { ...fast, token: 'secret-token' });
    await getJson(`${server.url}/api/pages`, fast);
    await getJson(`${server.url}/api/pages`, { ...fast, token: '' });
    const [withToken, without, empty] = server.requests;
    expect(withToken?.headers.authorization).toBe('Bearer secret-token');
    expect(withToken?.headers.accept).toBe('application/json');
    expect(without?.headers.authorization).toBeUndefined();
    expect(empty?.headers.authorization).toBeUndefined();
  });

  it('retries a 503 and returns the body once the server recovers', async () => {
    server.reset((_req, res) => (server.requests.length < 3 ? sendJson(res, 503, { error: 'busy' }) : sendJson(res, 200, { data: { ok: true } })));
    await expect(getJson(`${server.url}/api/layout`, fast)).resolves.toEqual({ data: { ok: true } });
    expect(server.requests).toHaveLength(3);
  });

  it('retries a 429 and a dropped connection', async () => {
    server.reset((req, res) => {
      const n = server.requests.length;
      if (n === 1) return sendJson(res, 429, {});
      if (n === 2) return void req.socket.destroy();
      sendJson(res, 200, { data: null });
    });
    await expect(getJson(`${server.url}/api/layout`, fast)).resolves.toEqual({ data: null });
    expect(server.requests).toHaveLength(3);
  });

  it('retries a request that times out', async () => {
    server.reset(async (_req, res) => {
      if (server.requests.length === 1) await delay(3_000);
      sendJson(res, 200, { data: [] });
    });
    // The retry must answer within the timeout even on a busy machine: 1 s, against the first answer's 3 s.
    await expect(getJson(`${server.url}/api/pages`, { backoffMs: 1, timeoutMs: 1_000 })).resolves.toEqual({ data: [] });
    expect(server.requests).toHaveLength(2);
  });

  it('gives up after the retry bound with an error naming method, url and status', async () => {
    server.reset((_req, res) => sendJson(res, 502, { data: null, error: { status: 502, name: 'BadGateway', message: 'upstream down' } }));
    const url = `${server.url}/api/pages?locale=en`;
    const error = await getJson(url, { ...fast, retries: 2 }).catch((e: unknown) => e);
    expect(server.requests).toHaveLength(3);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 502, method: 'GET', url });
    expect((error as Error).message).toContain(`status 502 Bad Gateway: GET ${url} (gave up after 3 attempts)`);
    expect((error as Error).message).toContain('upstream down');
  });

  it('gives up on repeated timeouts with "Request timed out: GET <url> after <ms> ms"', async () => {
    server.reset(async (_req, res) => {
      await delay(300);
      sendJson(res, 200, {});
    });
    const url = `${server.url}/api/pages`;
    const error = await getJson(url, { backoffMs: 1, timeoutMs: 50, retries: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toMatch(`Request timed out: GET ${url} after 50 ms`);
    expect(server.requests).toHaveLength(2);
  });

  it('does not retry a 400 and puts the Strapi message and bad parameter in the error', async () => {
    server.reset((_req, res) =>
      sendJson(res, 400, {
        data: null,
        error: {
          status: 400,
          name: 'ValidationError',
          message: 'Invalid key populate at blocks',
          details: { key: 'populate', path: 'blocks', source: 'query', param: 'populate' },
        },
      }),
    );
    const error = await getJson(`${server.url}/api/pages?populate%5Bblocks%5D%5Bpopulate%5D=*`, fast).catch((e: unknown) => e);
    expect(server.requests).toHaveLength(1);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).strapiError?.message).toBe('Invalid key populate at blocks');
    expect((error as Error).message).toContain('Strapi says: ValidationError: Invalid key populate at blocks (query parameter "populate" at "blocks")');
    expect((error as Error).message).toContain('(+1 populate parameter)');
  });

  it('does not retry a 401 and points at CMS_TOKEN', async () => {
    server.reset((_req, res) => sendJson(res, 401, { data: null, error: { status: 401, name: 'UnauthorizedError', message: 'Missing or invalid credentials' } }));
    const error = await getJson(`${server.url}/api/pages`, fast).catch((e: unknown) => e);
    expect(server.requests).toHaveLength(1);
    expect((error as Error).message).toMatch(/Missing or invalid credentials.*CMS_TOKEN/);
  });

  it('rejects a body that is not JSON without retrying', async () => {
    server.reset((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<!doctype html><title>Strapi Admin</title>');
    });
    const url = `${server.url}/admin`;
    const error = await getJson(url, fast).catch((e: unknown) => e);
    expect(server.requests).toHaveLength(1);
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect((error as Error).message).toContain(`GET ${url}: the body is not JSON (it starts with "<!doctype html>`);
  });

  it('waits as the server says in Retry-After (429, 503) instead of its own backoff', async () => {
    server.reset((_req, res) => {
      if (server.requests.length > 1) return sendJson(res, 200, { data: [] });
      res.writeHead(429, { 'Retry-After': '0' });
      res.end();
    });
    // A backoff of a minute would outlast the test; Retry-After: 0 retries at once.
    await expect(getJson(`${server.url}/api/pages`, { backoffMs: 60_000, timeoutMs: 2_000 })).resolves.toEqual({ data: [] });
    expect(server.requests).toHaveLength(2);
  });

  it('never puts the token in an error, its message or its causes', async () => {
    const token = 'secret-token';
    const closed = await startTestServer();
    const unreachable = `${closed.url}/api/pages`;
    await closed.close();
    server.reset(async (req, res) => {
      if (req.url?.startsWith('/slow')) await delay(3_000);
      sendJson(res, 503, { data: null, error: { status: 503, name: 'ServiceUnavailableError', message: 'down' } });
    });
    const errors = await Promise.all(
      [`${server.url}/api/pages`, `${server.url}/slow`, unreachable].map((url) => getJson(url, { token, backoffMs: 1, timeoutMs: 1_000, retries: 1 }).catch((e: unknown) => e)),
    );
    expect(errors.map((error) => (error as Error).name)).toEqual(['HttpError', 'TimeoutError', 'NetworkError']);
    for (const error of errors) expect(inspect(error, { depth: 10, showHidden: true })).not.toContain(token);
  });

  it('reports an unreachable server as a NetworkError naming the url', async () => {
    const closed = await startTestServer();
    const url = `${closed.url}/api/pages`;
    await closed.close();
    const error = await getJson(url, { ...fast, retries: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toMatch(`Request failed: GET ${url}: `);
    expect((error as Error).message).toContain('ECONNREFUSED');
  });
});
