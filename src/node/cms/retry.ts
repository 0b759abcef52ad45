import type { LimitFunction } from 'p-limit';
import { setTimeout as sleep } from 'node:timers/promises';
import { HttpError } from './http-error.js';
import { NetworkError } from './network-error.js';
import { TimeoutError } from './timeout-error.js';

/** How every request to the CMS (JSON and media) is made robust. */
export interface RequestOptions {
  /** API token, sent as `Authorization: Bearer …` when set. Default: none. */
  token?: string | null | undefined;
  /** Time limit of one attempt. Default 15 000 ms. */
  timeoutMs?: number | undefined;
  /** Retries after the first attempt on 5xx, 429, network errors and timeouts. Default 3. */
  retries?: number | undefined;
  /** Backoff base: retry n waits base·2ⁿ plus up to base of jitter. Default 250 ms. */
  backoffMs?: number | undefined;
  /** Concurrency limiter shared by all requests; one attempt holds one slot, a backoff wait none. */
  limit?: LimitFunction | undefined;
}

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_RETRIES = 3;
export const DEFAULT_BACKOFF_MS = 250;
const MAX_BACKOFF_MS = 30_000;

/** Jitter keeps parallel builds (preview + production) from retrying in lockstep. */
export function backoffDelay(retry: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** retry + Math.random() * baseMs, MAX_BACKOFF_MS);
}

/** Worth another try: the server or the network may recover. Other 4xx and malformed bodies will not. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof HttpError) return error.status >= 500 || error.status === 429;
  return error instanceof TimeoutError || error instanceof NetworkError;
}

export interface Attempt {
  /** 1-based number of this attempt. */
  number: number;
  /** No retry follows this one: errors it raises should say how many attempts were made. */
  last: boolean;
}

/** Runs `run` until it succeeds, fails with a non-retryable error, or `retries` retries are used up. */
export async function withRetries<T>(options: RequestOptions, run: (attempt: Attempt) => Promise<T>): Promise<T> {
  const retries = options.retries ?? DEFAULT_RETRIES;
  const backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
  for (let retry = 0; ; retry += 1) {
    const attempt = { number: retry + 1, last: retry >= retries };
    try {
      return await (options.limit ? options.limit(() => run(attempt)) : run(attempt));
    } catch (error) {
      if (attempt.last || !isRetryable(error)) throw error;
    }
    await sleep(backoffDelay(retry, backoffMs));
  }
}

/** Turns what fetch throws (a DOMException for the time limit, `TypeError: fetch failed` otherwise) into our errors. */
export function fetchFailure(error: unknown, method: string, url: string, timeoutMs: number, attempt: Attempt): Error {
  const attempts = attempt.last ? attempt.number : undefined;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return new TimeoutError(method, url, timeoutMs, attempts);
  }
  return new NetworkError(method, url, error, attempts);
}

export function requestHeaders(token: string | null | undefined, accept: string): Record<string, string> {
  return token ? { Accept: accept, Authorization: `Bearer ${token}` } : { Accept: accept };
}
