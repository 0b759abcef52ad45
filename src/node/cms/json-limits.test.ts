// @vitest-environment node
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CMS_MAX_BYTES } from './capped-body.js';
import { createCmsClient } from './client.js';
import { getJson } from './http.js';
import { RedirectRefusedError } from './redirect-refused-error.js';
import { ResponseTooLargeError } from './response-too-large-error.js';
import { MAX_CMS_REDIRECTS } from './within-origin.js';
import { sendJson, startTestServer, type TestServer } from '../../../test/support/test-server.js';

/**
 * docs/security.md, "CMS answers": every JSON answer of the CMS is read up
 * to CMS_MAX_BYTES and no further, and redirects are followed only within
 * the CMS's origin. Against real local servers: the CMS and another one.
 */
let cms: TestServer;
let other: TestServer;
beforeAll(async () => {
  [cms, other] = await Promise.all([startTestServer(), startTestServer()]);
});
afterAll(() => Promise.all([cms.close(), other.close()]));

const CAP = 10_000;
const fast = { backoffMs: 1, timeoutMs: 5_000, maxBytes: CAP };

/** A JSON string literal of exactly `bytes` bytes. */
const jsonOf = (bytes: number) => `"${'x'.repeat(bytes - 2)}"`;

/** Writes `text` in chunks of 1 000 bytes without a Content-Length (chunked transfer encoding). */
function sendChunked(res: ServerResponse, text: string): void {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  for (let i = 0; i < text.length; i += 1_000) res.write(text.slice(i, i + 1_000));
  res.end();
}

describe('CMS answers are capped at CMS_MAX_BYTES', () => {
  it('reads an answer of exactly the cap', async () => {
    cms.reset((_req, res) => sendChunked(res, jsonOf(CAP)));
    await expect(getJson(`${cms.url}/api/layout`, fast)).resolves.toHaveLength(CAP - 2);
  });

  it('refuses an answer of cap + 1 bytes announced by Content-Length, once, naming url, cap and variable', async () => {
    cms.reset((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': CAP + 1 });
      res.end(jsonOf(CAP + 1));
    });
    const url = `${cms.url}/api/promo-codes?pagination[page]=1`;
    const error = await getJson(url, fast).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect((error as Error).message).toBe(
      `The CMS answer to GET ${url} is larger than CMS_MAX_BYTES (10 KB): the server announces 10001 bytes. Raise CMS_MAX_BYTES if the content really is that large, or check what the CMS sends.`,
    );
    expect(cms.requests).toHaveLength(1);
  });

  it('refuses an answer of cap + 1 bytes sent chunked, without Content-Length', async () => {
    cms.reset((_req, res) => sendChunked(res, jsonOf(CAP + 1)));
    const error = await getJson(`${cms.url}/api/pages`, fast).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect((error as Error).message).toContain('more than 10 KB received, reading stopped');
    expect(cms.requests).toHaveLength(1);
  });

  it('stops reading an answer that never ends', async () => {
    let closed!: () => void;
    const gone = new Promise<void>((resolve) => (closed = resolve));
    cms.reset((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      const chunk = 'x'.repeat(1_000);
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      res.on('close', closed);
      res.write('"');
      pump();
    });
    const error = await getJson(`${cms.url}/api/pages`, fast).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    // The client let go of the connection: the server's writes end.
    await gone;
  });

  it('caps the error answers it reads too', async () => {
    cms.reset((_req, res) => {
      res.writeHead(400, { 'Content-Type': 'application/json' });
      res.end(jsonOf(CAP + 1));
    });
    await expect(getJson(`${cms.url}/api/pages`, fast)).rejects.toBeInstanceOf(ResponseTooLargeError);
  });

  it('the client passes maxBytes on, and defaults to 50 MB', async () => {
    cms.reset((_req, res) => sendJson(res, 200, { data: { text: 'x'.repeat(200) }, meta: {} }));
    const client = createCmsClient({ url: cms.url, maxBytes: 100, backoffMs: 1 });
    await expect(client.fetchSingle('layout', 'en')).rejects.toBeInstanceOf(ResponseTooLargeError);
    expect(DEFAULT_CMS_MAX_BYTES).toBe(50_000_000);
    await expect(createCmsClient({ url: cms.url }).fetchSingle('layout', 'en')).resolves.toEqual({ text: 'x'.repeat(200) });
  });
});

describe('CMS redirects are followed only within its origin', () => {
  it('follows a redirect within the origin, with the token', async () => {
    cms.reset((req, res) => {
      if (req.url === '/api/layout') {
        res.writeHead(301, { Location: '/v2/api/layout' });
        return void res.end();
      }
      sendJson(res, 200, { data: { moved: true } });
    });
    await expect(getJson(`${cms.url}/api/layout`, { ...fast, token: 'secret-token' })).resolves.toEqual({ data: { moved: true } });
    expect(cms.requests.map((r) => [r.url, r.headers.authorization])).toEqual([
      ['/api/layout', 'Bearer secret-token'],
      ['/v2/api/layout', 'Bearer secret-token'],
    ]);
  });

  it.each([
    ['another port of 127.0.0.1', () => `${other.url}/internal/admin`],
    ['another host name of the same address', () => `${cms.url.replace('127.0.0.1', 'localhost')}/api/layout`],
    ['another scheme', () => `${cms.url.replace('http:', 'https:')}/api/layout`],
  ])('refuses a redirect to %s without asking it', async (_what, target) => {
    cms.reset((_req, res) => {
      res.writeHead(302, { Location: target() });
      res.end();
    });
    other.reset((_req, res) => sendJson(res, 200, { data: { leaked: true } }));
    const url = `${cms.url}/api/layout`;
    const error = await getJson(url, { ...fast, token: 'secret-token' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectRefusedError);
    expect((error as Error).message).toContain(`Refusing the CMS's redirect of GET ${url} to ${target()}: it leads to another origin than the CMS's (${cms.url})`);
    expect(other.requests).toHaveLength(0);
    expect(cms.requests).toHaveLength(1); // not retried
  });

  it(`refuses more than ${MAX_CMS_REDIRECTS} redirects in a row`, async () => {
    cms.reset((req, res) => {
      res.writeHead(307, { Location: `${req.url}x` });
      res.end();
    });
    const error = await getJson(`${cms.url}/api/layout`, fast).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectRefusedError);
    expect((error as Error).message).toContain(`it redirects more than ${MAX_CMS_REDIRECTS} times`);
    expect(cms.requests).toHaveLength(MAX_CMS_REDIRECTS + 1);
  });
});
