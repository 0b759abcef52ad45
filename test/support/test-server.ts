import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real local HTTP server for the content client's tests (no fetch
 * mocking): listens on a free port, records every request, counts requests
 * in flight. Tests swap `handle` per case. Test helper only.
 */
type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export interface RecordedRequest {
  method: string;
  /** Path and query as sent, e.g. `/api/pages?locale=en&…`. */
  url: string;
  headers: IncomingHttpHeaders;
}

export interface TestServer {
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** Most requests in flight at once since the last `reset`. */
  readonly maxInFlight: number;
  handle: Handler;
  /** Forgets recorded requests and installs a handler. */
  reset(handle: Handler): void;
  close(): Promise<void>;
}

export async function startTestServer(): Promise<TestServer> {
  let inFlight = 0;
  const state = {
    requests: [] as RecordedRequest[],
    maxInFlight: 0,
    handle: ((_req, res) => sendJson(res, 500, { error: 'no handler' })) as Handler,
  };
  const server = createServer((req, res) => {
    state.requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    inFlight += 1;
    state.maxInFlight = Math.max(state.maxInFlight, inFlight);
    res.on('close', () => (inFlight -= 1));
    Promise.resolve(state.handle(req, res)).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return state.requests;
    },
    get maxInFlight() {
      return state.maxInFlight;
    },
    get handle() {
      return state.handle;
    },
    set handle(handle: Handler) {
      state.handle = handle;
    },
    reset(handle) {
      state.requests = [];
      state.maxInFlight = 0;
      state.handle = handle;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/** The query of a recorded request, decoded. */
export function queryOf(request: RecordedRequest): URLSearchParams {
  return new URL(request.url, 'http://test.invalid').searchParams;
}

export const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
