// @vitest-environment node
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listen } from '../preview/server.js';
import { BuildQueue } from './queue.js';
import { createWebhookService, HOOK_PATH } from './service.js';

/**
 * The webhook's body has a deadline (docs/security.md, "The services under
 * slow clients"): an authenticated body trickled in is cut when it runs out,
 * and nothing is queued; an unauthenticated one is never read.
 */
const secret = 'webhook-secret-0123456789-0123456789';
const lines: string[] = [];
const built: unknown[] = [];
const queue = new BuildQueue(async (changes) => {
  built.push(changes);
  return { buildId: 'b1', mode: 'incremental', pages: { added: [], changed: [], removed: [] }, warnings: [] };
});
let port: number;
let close: () => Promise<void>;

beforeAll(async () => {
  const server = createWebhookService({ secrets: { webhook: secret, preview: secret }, queue, log: (line) => lines.push(line), guard: { bodyTimeoutMs: 300 } });
  port = Number(new URL(await listen(server, 0)).port);
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(() => close());

/** Sends a POST head announcing 1000 bytes and 10 of them; resolves with what came back when the service closed the connection. */
function trickle(authorization: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => resolve(received));
    socket.write(`POST ${HOOK_PATH} HTTP/1.1\r\nHost: x\r\nAuthorization: ${authorization}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"event":`);
  });
}

describe('the webhook body deadline', () => {
  it('cuts an authenticated body that has not arrived in time, and queues nothing', async () => {
    expect(await trickle(`Bearer ${secret}`)).toBe('');
    await vi.waitFor(() => expect(lines.join('\n')).toMatch(/POST \/hooks\/strapi: the request body did not arrive within 0.3 s; the connection was closed/));
    expect(built).toEqual([]);
    expect(queue.status().queued).toBeNull();
  });

  it('answers an unauthenticated one 401 without reading it, and closes the connection', async () => {
    expect((await trickle('Bearer wrong')).split('\r\n')[0]).toBe('HTTP/1.1 401 Unauthorized');
  });
});
