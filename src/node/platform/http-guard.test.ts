// @vitest-environment node
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BodyTimeoutError, bodyDeadline, createGuardedServer, GUARD_DEFAULTS, type GuardOptions } from './http-guard.js';

/**
 * The guard shared by `npm run webhook` and `npm run preview`
 * (docs/security.md, "The services under slow clients"), on real sockets.
 */
const servers: Server[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function start(handler: (req: IncomingMessage, res: ServerResponse) => void, options: GuardOptions = {}) {
  const server = createGuardedServer(handler, options);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const open = () => server.getConnections.bind(server);
  return { server, port, connections: () => new Promise<number>((resolve, reject) => open()((error, count) => (error ? reject(error) : resolve(count)))) };
}

/** A client socket, connected; `closed` turns true when the server drops it, `received` collects what it read. */
async function client(port: number, options: { read?: boolean } = {}) {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  const state = { socket, closed: false, received: '' };
  socket.on('error', () => {});
  socket.on('close', () => (state.closed = true));
  if (options.read === false) socket.pause();
  else socket.on('data', (chunk: Buffer) => (state.received += chunk.toString('latin1')));
  await new Promise((resolve) => socket.once('connect', resolve));
  return state;
}

const until = (check: () => boolean | Promise<boolean>) => vi.waitFor(async () => expect(await check()).toBe(true), { timeout: 5_000, interval: 20 });
const ok = (_req: IncomingMessage, res: ServerResponse) => res.end('ok');

describe('createGuardedServer', () => {
  it('sets the header, request, keep-alive and idle timeouts (Node: 60 s, 300 s, 5 s, none)', async () => {
    const { server } = await start(ok);
    expect([server.headersTimeout, server.requestTimeout, server.keepAliveTimeout, server.timeout]).toEqual([10_000, 30_000, 5_000, 30_000]);
    expect(GUARD_DEFAULTS.maxConnections).toBe(256);
  });

  it('destroys the socket of a malformed request from a client that never reads (no half-closed socket left)', async () => {
    const { port, connections } = await start(ok);
    const silent = await client(port, { read: false });
    silent.socket.write('GET /a b c HTTP/1.1\r\nHost: x\r\n\r\n');
    await until(async () => (await connections()) === 0);
    // One that reads still gets its status line.
    const reader = await client(port);
    reader.socket.write('GARBAGE\r\n\r\n');
    await until(() => reader.closed);
    expect(reader.received.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
  });

  it('answers 408 and closes a client sending its request head a byte at a time past the header timeout', async () => {
    const { port } = await start(ok, { headersTimeoutMs: 300 });
    const slow = await client(port);
    slow.socket.write('GET / HTTP/1.1\r\nX-Slow: ');
    const drip = setInterval(() => slow.socket.write('z'), 50);
    try {
      await until(() => slow.closed);
    } finally {
      clearInterval(drip);
    }
    expect(slow.received.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
  });

  it('past the cap, drops the connection that waited longest with nothing being answered; never one whose request is being answered', async () => {
    const held: ServerResponse[] = [];
    const { port, server } = await start((req, res) => (req.url === '/hold' ? held.push(res) : res.end('ok')), { maxConnections: 3, slowAfterMs: 100 });
    const answering = await client(port);
    answering.socket.write('GET /hold HTTP/1.1\r\nHost: x\r\n\r\n');
    await until(() => held.length === 1);
    const idle = await client(port);
    const slowHead = await client(port);
    slowHead.socket.write('GET / HTTP/1.1\r\nHo');
    await new Promise((resolve) => setTimeout(resolve, 150));
    const newcomer = await client(port);
    await until(() => idle.closed);
    expect([answering.closed, slowHead.closed, newcomer.closed]).toEqual([false, false, false]);
    const another = await client(port);
    await until(() => slowHead.closed);
    expect([answering.closed, newcomer.closed, another.closed]).toEqual([false, false, false]);
    // The request being answered gets its answer.
    held[0]!.end('held');
    await until(() => answering.received.includes('held'));
    expect(server.connectionsDropped).toBe(2);
  });

  it('a burst past the cap waits for the slow ones to become droppable, up to burstConnections, past which newcomers are refused', async () => {
    const { port } = await start(ok, { maxConnections: 2, burstConnections: 3, slowAfterMs: 60_000 });
    const first = await Promise.all([client(port), client(port), client(port)]);
    const refused = await client(port);
    await until(() => refused.closed);
    expect(first.map((state) => state.closed)).toEqual([false, false, false]);
  });
});

describe('bodyDeadline', () => {
  it('destroys a body (and its socket) that has not arrived whole in time, with a BodyTimeoutError', async () => {
    const errors: unknown[] = [];
    const { port } = await start((req, res) => {
      (async () => {
        for await (const chunk of bodyDeadline(req, 200)) void chunk;
        res.end('read');
      })().catch((error: unknown) => errors.push(error));
    });
    const trickle = await client(port);
    trickle.socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n0123456789');
    await until(() => trickle.closed);
    expect(errors).toEqual([expect.any(BodyTimeoutError)]);
    // A whole body in time is read.
    const whole = await client(port);
    whole.socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nConnection: close\r\n\r\nbody');
    await until(() => whole.closed);
    expect(whole.received).toContain('read');
  });
});
