import { FAILURES, Failure, failureText } from '../platform/failures.js';

/** A request did not complete within its time limit (retried like a 5xx). */
export class TimeoutError extends Failure {
  readonly method: string;
  readonly url: string;
  readonly timeoutMs: number;

  constructor(method: string, url: string, timeoutMs: number, attempts?: number) {
    super(failureText(FAILURES.timeout, method, url, timeoutMs, attempts));
    this.method = method;
    this.url = url;
    this.timeoutMs = timeoutMs;
  }
}
