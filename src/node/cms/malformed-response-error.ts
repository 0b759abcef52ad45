import { FAILURES, Failure, failureText } from '../platform/failures.js';

/**
 * The CMS answered 2xx with a body this client cannot use: not JSON, no
 * `data`, no pagination. Not retried: the same request gives the same body.
 */
export class MalformedResponseError extends Failure {
  readonly url: string;
  /** What was wrong, e.g. `the body is not JSON`. */
  readonly problem: string;

  constructor(url: string, problem: string) {
    super(failureText(FAILURES.malformedResponse, url, problem));
    this.url = url;
    this.problem = problem;
  }
}
