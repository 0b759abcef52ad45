import { displayUrl } from './display-url.js';

/** A request did not complete within its time limit (retried like a 5xx). */
export class TimeoutError extends Error {
  override readonly name = 'TimeoutError';
  readonly method: string;
  readonly url: string;
  readonly timeoutMs: number;

  constructor(method: string, url: string, timeoutMs: number, attempts?: number) {
    const gaveUp = attempts && attempts > 1 ? ` (gave up after ${attempts} attempts)` : '';
    super(`Request timed out: ${method} ${displayUrl(url)} after ${timeoutMs} ms${gaveUp}`);
    this.method = method;
    this.url = url;
    this.timeoutMs = timeoutMs;
  }
}
