import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

/** How long a client may hold a socket, and how many sockets it may hold; every field has its default. */
export interface GuardOptions {
  /** Open connections kept; past it the idle and slow ones are dropped, longest-waiting first (default 256). */
  readonly maxConnections?: number;
  /** Open connections at most while a burst waits to be answered; past it newcomers are refused (default 1024: a bulk publish in Strapi sends one webhook per entry at once). */
  readonly burstConnections?: number;
  /** Time to send a complete request head (default 10 s; Node's own is 60 s). */
  readonly headersTimeoutMs?: number;
  /** Time to send a whole request, head and body (default 30 s; Node's own is 300 s). */
  readonly requestTimeoutMs?: number;
  /** Time an idle keep-alive connection is kept for the next request (default 5 s, Node's own). */
  readonly keepAliveTimeoutMs?: number;
  /** Time a socket may go without a byte either way, a response that is not read included (default 30 s; Node's own is none). */
  readonly idleTimeoutMs?: number;
  /**
   * Time a socket must have waited with nothing in flight before the cap may drop it (default 5 s:
   * on a busy machine a burst's fresh sockets wait seconds with their request unread).
   */
  readonly slowAfterMs?: number;
}

export const GUARD_DEFAULTS = {
  maxConnections: 256,
  burstConnections: 1024,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  idleTimeoutMs: 30_000,
  slowAfterMs: 5_000,
} as const satisfies Required<GuardOptions>;

/** A server made by `createGuardedServer`. */
export type GuardedServer = Server & { readonly connectionsDropped: number };

/** What a guarded server knows of each socket. */
interface Tracked {
  /** Requests on it being answered now. */
  answering: number;
  /** When it arrived or its last answer ended (ms). */
  since: number;
}

/**
 * An HTTP server that a crowd of slow or silent clients cannot starve
 * (`npm run webhook`, `npm run preview`): header, request and idle
 * timeouts, sockets destroyed on client errors, and a cap on open
 * connections. Past the cap, the connection that has waited longest without
 * a request being answered on it (an idle keep-alive one, or one still
 * sending its request head) is dropped, once it has waited `slowAfterMs`; one
 * whose request is being answered never is. A burst of new connections may
 * go past the cap until the slow ones can be dropped, up to
 * `burstConnections`, where newcomers are refused. `connectionsDropped`
 * counts both.
 */
export function createGuardedServer(handler: RequestListener, options: GuardOptions = {}): GuardedServer {
  const limits = { ...GUARD_DEFAULTS, ...options };
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // How often Node checks the two timeouts above (default 30 s, coarser than the timeouts themselves).
      connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
    },
    handler,
  ) as Server & { connectionsDropped: number };
  server.connectionsDropped = 0;
  // Without a 'timeout' listener Node destroys a socket idle this long.
  server.timeout = limits.idleTimeoutMs;
  // In the order of `since`: the first one answering nothing has waited longest.
  const sockets = new Map<Socket, Tracked>();
  let retrim: NodeJS.Timeout | null = null;
  const drop = (socket: Socket) => {
    sockets.delete(socket);
    socket.destroy();
    server.connectionsDropped += 1;
  };
  const trim = () => {
    while (sockets.size > limits.maxConnections) {
      const oldest = [...sockets].find(([, tracked]) => tracked.answering === 0);
      const wait = oldest ? limits.slowAfterMs - (Date.now() - oldest[1].since) : limits.slowAfterMs;
      if (oldest && wait <= 0) {
        drop(oldest[0]);
        continue;
      }
      retrim ??= setTimeout(() => {
        retrim = null;
        trim();
      }, wait).unref();
      return;
    }
  };
  server.on('connection', (socket: Socket) => {
    if (sockets.size >= limits.burstConnections) {
      server.connectionsDropped += 1;
      socket.destroy();
      return;
    }
    sockets.set(socket, { answering: 0, since: Date.now() });
    socket.once('close', () => sockets.delete(socket));
    trim();
  });
  server.on('request', (req: IncomingMessage, res) => {
    const socket = req.socket as Socket;
    const tracked = sockets.get(socket);
    if (!tracked) return;
    tracked.answering += 1;
    res.once('close', () => {
      tracked.answering -= 1;
      tracked.since = Date.now();
      // Answered: it moves to the back of the line.
      if (sockets.delete(socket)) sockets.set(socket, tracked);
    });
  });
  server.once('close', () => retrim && clearTimeout(retrim));
  server.on('clientError', destroyOnClientError);
  return server;
}

/**
 * `server.on('clientError')`: a request Node's parser rejects (a malformed
 * request line, headers over 16 KiB, a header or request timeout) gets its
 * status unless a response on the socket has begun (Node's own rule), and the socket is
 * destroyed, not ended: a client that never reads cannot keep a half-closed
 * socket (and its file descriptor) open. The server goes on serving.
 */
function destroyOnClientError(error: Error & { code?: string }, socket: Duplex): void {
  // `_httpMessage` is the response in flight on the socket, which Node's default handler checks too.
  const inFlight = (socket as { _httpMessage?: ServerResponse | null })._httpMessage;
  if (socket.writable && error.code !== 'ECONNRESET' && !inFlight?.headersSent) {
    const status =
      error.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : '400 Bad Request';
    socket.write(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  }
  socket.destroy();
}

/** Time the webhook's authenticated body has to arrive whole (Strapi's are a few KB): 10 s. */
const BODY_TIMEOUT_MS = 10_000;

/**
 * The request body, destroyed with a `BodyTimeoutError` (and its socket
 * with it) when it has not arrived whole within `timeoutMs`: a client that
 * trickles a body cannot hold the connection for the request timeout.
 */
export function bodyDeadline(req: IncomingMessage, timeoutMs = BODY_TIMEOUT_MS): IncomingMessage {
  if (req.complete) return req;
  const timer = setTimeout(() => req.destroy(new BodyTimeoutError(timeoutMs)), timeoutMs);
  const stop = () => clearTimeout(timer);
  req.once('end', stop).once('close', stop);
  return req;
}

export class BodyTimeoutError extends Error {
  override name = 'BodyTimeoutError';
  constructor(timeoutMs: number) {
    super(`the request body did not arrive within ${timeoutMs / 1000} s`);
  }
}
