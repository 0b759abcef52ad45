import { displayUrl } from './display-url.js';

/** The server could not be reached or dropped the connection (retried like a 5xx). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  readonly method: string;
  readonly url: string;

  constructor(method: string, url: string, cause: unknown, attempts?: number) {
    const gaveUp = attempts && attempts > 1 ? ` (gave up after ${attempts} attempts)` : '';
    super(`Request failed: ${method} ${displayUrl(url)}: ${describeCause(cause)}${gaveUp}`, { cause });
    this.method = method;
    this.url = url;
  }
}

/** fetch reports every network failure as `TypeError: fetch failed`; the useful part is its cause. */
function describeCause(error: unknown): string {
  const inner = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (!(inner instanceof Error)) return String(inner);
  const code = (inner as { code?: unknown }).code;
  return typeof code === 'string' && !inner.message.includes(code) ? `${code} ${inner.message}` : inner.message;
}
