import { displayUrl } from './display-url.js';
import { formatSize } from './format-size.js';

/**
 * A CMS answer larger than `CMS_MAX_BYTES`: reading stopped at the cap (or
 * never started, when Content-Length said so). Not retried: the same request
 * gives the same answer. docs/security.md, "CMS answers".
 */
export class ResponseTooLargeError extends Error {
  override readonly name = 'ResponseTooLargeError';
  readonly url: string;
  readonly maxBytes: number;

  /** `what`: how it was found, e.g. `the server announces 60 MB`. */
  constructor(url: string, maxBytes: number, what: string) {
    super(
      `The CMS answer to GET ${displayUrl(url)} is larger than CMS_MAX_BYTES (${formatSize(maxBytes)}): ${what}. ` +
        'Raise CMS_MAX_BYTES if the content really is that large, or check what the CMS sends.',
    );
    this.url = url;
    this.maxBytes = maxBytes;
  }
}
