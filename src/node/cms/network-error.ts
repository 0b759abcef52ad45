import { FAILURES, Failure, failureText } from '../platform/failures.js';

/** The server could not be reached or dropped the connection (retried like a 5xx). */
export class NetworkError extends Failure {
  readonly method: string;
  readonly url: string;

  constructor(method: string, url: string, cause: unknown, attempts?: number) {
    super(failureText(FAILURES.network, method, url, describeCause(cause), attempts), { cause });
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
