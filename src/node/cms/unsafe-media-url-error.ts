import { FAILURES, Failure, failureText } from '../platform/failures.js';

/** A media url that cannot be mapped to a file inside the cache (traversal, odd scheme, no file name). */
export class UnsafeMediaUrlError extends Failure {
  readonly url: string;

  constructor(url: string, reason: string) {
    super(failureText(FAILURES.unsafeMediaUrl, url, reason));
    this.url = url;
  }
}
