import { FAILURES, Failure, failureText } from '../platform/failures.js';

/**
 * A CMS answer larger than `CMS_MAX_BYTES`: reading stopped at the cap (or
 * never started, when Content-Length said so). Not retried: the same request
 * gives the same answer. docs/security.md, "CMS answers".
 */
export class ResponseTooLargeError extends Failure {
  readonly url: string;
  readonly maxBytes: number;

  /** `what`: how it was found, e.g. `the server announces 60 MB`. */
  constructor(url: string, maxBytes: number, what: string) {
    super(failureText(FAILURES.responseTooLarge, url, maxBytes, what));
    this.url = url;
    this.maxBytes = maxBytes;
  }
}
