import { readStrapiError } from './envelope.js';
import { HttpError } from './http-error.js';
import { MalformedResponseError } from './malformed-response-error.js';
import {
  DEFAULT_TIMEOUT_MS,
  fetchFailure,
  requestHeaders,
  withRetries,
  type Attempt,
  type RequestOptions,
} from './retry.js';

export type { RequestOptions } from './retry.js';

/**
 * `GET url` and parse the JSON body, with a time limit per attempt,
 * bounded retries with backoff on 5xx / 429 / network errors / timeouts,
 * and no retry on other 4xx (a Strapi 400 names the bad query parameter,
 * which ends up in the `HttpError` message). Throws `HttpError`,
 * `TimeoutError`, `NetworkError` or `MalformedResponseError`.
 */
export function getJson(url: string, options: RequestOptions = {}): Promise<unknown> {
  return withRetries(options, (attempt) => attemptGet(url, options, attempt));
}

async function attemptGet(url: string, options: RequestOptions, attempt: Attempt): Promise<unknown> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let response: Response;
  let body: string;
  try {
    // The signal also covers reading the body: a server that stalls mid-body times out too.
    response = await fetch(url, {
      headers: requestHeaders(options.token, 'application/json'),
      signal: AbortSignal.timeout(timeoutMs),
    });
    body = await response.text();
  } catch (error) {
    throw fetchFailure(error, 'GET', url, timeoutMs, attempt);
  }

  if (!response.ok) {
    throw new HttpError({
      status: response.status,
      statusText: response.statusText,
      method: 'GET',
      url,
      strapiError: readStrapiError(parseOrNull(body)),
      attempts: attempt.last ? attempt.number : undefined,
    });
  }
  try {
    return JSON.parse(body) as unknown;
  } catch {
    const start = body.trimStart().slice(0, 60).replace(/\s+/g, ' ');
    throw new MalformedResponseError(url, `the body is not JSON (it starts with ${JSON.stringify(start)})`);
  }
}

function parseOrNull(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return null;
  }
}
