import { FAILURES, Failure, failureText } from '../platform/failures.js';

/**
 * The CMS answered a content API request with a redirect Marea does not
 * follow: to another origin (the request to it is never made, so a redirect
 * cannot point the build at an internal address), or too many in a row.
 * Not retried. docs/security.md, "CMS answers".
 */
export class RedirectRefusedError extends Failure {
  readonly url: string;
  /** Where the refused redirect pointed, or null when it was refused for the number of hops. */
  readonly location: string | null;

  constructor(url: string, location: string | null, reason: string) {
    super(failureText(FAILURES.redirectRefused, url, location, reason));
    this.url = url;
    this.location = location;
  }
}
