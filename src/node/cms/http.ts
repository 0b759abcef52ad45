import type { LimitFunction } from 'p-limit';
import { DEFAULT_CMS_MAX_BYTES, readCappedBody } from './capped-body.js';
import { readStrapiError } from './envelope.js';
import { HttpError } from './http-error.js';
import { MalformedResponseError } from './malformed-response-error.js';
import { NetworkError } from './network-error.js';
import { TimeoutError } from './timeout-error.js';
import { fetchWithinOrigin } from './within-origin.js';

/** How every request to the CMS (JSON and media) is made robust. */
export interface RequestOptions {
  /** API token, sent as `Authorization: Bearer …` when set. Default: none. */
  token?: string | null | undefined;
  /** Time limit of one attempt. Default 15 000 ms. */
  timeoutMs?: number | undefined;
  /** Retries after the first attempt on 5xx, 429, network errors and timeouts. Default 3. */
  retries?: number | undefined;
  /** Backoff base: retry n waits base·2ⁿ plus up to base of jitter (a 429/503's `Retry-After` instead), at most 30 s. Default 250 ms. */
  backoffMs?: number | undefined;
  /** Concurrency limiter shared by all requests; one attempt holds one slot, a backoff wait none. */
  limit?: LimitFunction | undefined;
}

type Ky = typeof import('ky');
let ky: Ky | null = null;

/**
 * ky, imported on the first request: a build from a content folder makes none, and importing ky took 45 ms of every
 * build's start (docs/performance.md, "Start-up").
 */
async function loadKy(): Promise<Ky> {
  return (ky ??= await import('ky'));
}

/** ky, once a request has loaded it: for what runs inside a request (its attempts, its errors). */
export function loadedKy(): Ky {
  if (!ky) throw new Error('ky is used before a request loaded it');
  return ky;
}

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_RETRIES = 3;
const DEFAULT_BACKOFF_MS = 250;
/** The longest wait before a retry, `Retry-After` included. */
const MAX_BACKOFF_MS = 30_000;
/** Worth another try: the server may recover. Other 4xx will not. */
const RETRY_STATUS_CODES = [429, ...Array.from({ length: 100 }, (_, i) => 500 + i)];

/**
 * One attempt at a request: the request and reading what the caller needs of
 * the body. `request` carries the attempt's time limit as its signal;
 * `stillAlive` restarts that limit (media: an idle limit, so a large file on
 * a slow link is fine as long as bytes keep coming). A non-2xx response is
 * returned for ky to retry or raise.
 */
export type Attempt = (request: Request, stillAlive: () => void) => Promise<Response>;

/**
 * `GET url` through ky: bounded retries with exponential backoff and jitter
 * (or the server's `Retry-After`) on 5xx, 429, network errors and timeouts.
 * Each attempt runs inside ky's `fetch` hook with a slot of `limit` held and
 * its own time limit started once it has the slot (ky's `timeout` would count
 * the wait for a slot too), so the body is read within the same slot and limit.
 * Throws `HttpError`, `TimeoutError` or `NetworkError` naming method and URL,
 * never the token; other errors of `attempt` (file system) pass unchanged.
 */
export async function cmsGet(url: string, options: RequestOptions, accept: string, attempt: Attempt): Promise<Response> {
  const { default: client } = await loadKy();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const retries = options.retries ?? DEFAULT_RETRIES;
  const backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
  const limit = options.limit ?? ((run: () => Promise<Response>) => run());
  return client.get(url, {
    headers: options.token ? { Accept: accept, Authorization: `Bearer ${options.token}` } : { Accept: accept },
    timeout: false, // per attempt, in timed(): ky's would also count the wait for a slot
    retry: {
      limit: retries,
      statusCodes: RETRY_STATUS_CODES,
      afterStatusCodes: [429, 503],
      maxRetryAfter: MAX_BACKOFF_MS,
      retryOnTimeout: true,
      delay: (attemptCount) => backoffMs * 2 ** (attemptCount - 1),
      // Jitter keeps parallel builds (preview + production) from retrying in lockstep.
      jitter: (delay) => delay + Math.random() * backoffMs,
      backoffLimit: MAX_BACKOFF_MS,
    },
    fetch: (request) => limit(() => timed(request as Request, timeoutMs, attempt)),
    hooks: {
      beforeError: [({ error, retryCount }) => cmsError(error, url, timeoutMs, retryCount >= retries ? retryCount + 1 : undefined)],
    },
  });
}

async function timed(request: Request, timeoutMs: number, attempt: Attempt): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return await attempt(new Request(request, { signal: controller.signal }), () => timer.refresh());
  } catch (error) {
    throw controller.signal.aborted ? new (loadedKy().TimeoutError)(request) : error;
  } finally {
    clearTimeout(timer);
  }
}

/** ky's errors as ours; `attempts` only when no retry followed. ky's carry the request, token included: they never escape. */
function cmsError(error: Error, url: string, timeoutMs: number, attempts: number | undefined): Error {
  const { isHTTPError, isNetworkError, isTimeoutError } = loadedKy();
  if (isHTTPError(error)) {
    const { status, statusText } = error.response;
    const body = typeof error.data === 'string' ? parseOrNull(error.data) : error.data;
    return new HttpError({ status, statusText, method: 'GET', url, strapiError: readStrapiError(body), attempts });
  }
  if (isTimeoutError(error)) return new TimeoutError('GET', url, timeoutMs, attempts);
  if (isNetworkError(error)) return new NetworkError('GET', url, error.cause, attempts);
  return error;
}

/** A JSON request: `RequestOptions` and the size cap of the answer. */
export interface JsonOptions extends RequestOptions {
  /** `CMS_MAX_BYTES`: a larger answer is refused, reading stops at the cap. Default 50 MB (`DEFAULT_CMS_MAX_BYTES`). */
  maxBytes?: number | undefined;
}

/**
 * `GET url` and parse the JSON body (see `cmsGet`; a Strapi 400 names the bad
 * query parameter, which ends up in the `HttpError` message). Redirects are
 * followed only within the url's origin (`fetchWithinOrigin`), the body read
 * only up to `maxBytes` (`readCappedBody`). Throws `HttpError`,
 * `TimeoutError`, `NetworkError`, `MalformedResponseError`,
 * `ResponseTooLargeError` or `RedirectRefusedError`.
 */
export async function getJson(url: string, options: JsonOptions = {}): Promise<unknown> {
  const body = await (await cmsGet(url, options, 'application/json', readWhole(url, options.maxBytes ?? DEFAULT_CMS_MAX_BYTES))).text();
  try {
    return JSON.parse(body) as unknown;
  } catch {
    const start = body.trimStart().slice(0, 60).replace(/\s+/g, ' ');
    throw new MalformedResponseError(url, `the body is not JSON (it starts with ${JSON.stringify(start)})`);
  }
}

/** The body is read within the attempt: a server that stalls mid-body times out (and is retried) too. */
function readWhole(url: string, maxBytes: number): Attempt {
  return async (request) => {
    const response = await fetchWithinOrigin(request);
    const body = await readCappedBody(response, url, maxBytes);
    const { status, statusText, headers } = response;
    return new Response(body.byteLength > 0 ? body : null, { status, statusText, headers });
  };
}

function parseOrNull(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return null;
  }
}
