import { displayUrl } from './display-url.js';

/**
 * The CMS answered 2xx with a body this client cannot use: not JSON, no
 * `data`, no pagination. Not retried: the same request gives the same body.
 */
export class MalformedResponseError extends Error {
  override readonly name = 'MalformedResponseError';
  readonly url: string;
  /** What was wrong, e.g. `the body is not JSON`. */
  readonly problem: string;

  constructor(url: string, problem: string) {
    super(`Malformed CMS response from GET ${displayUrl(url)}: ${problem}. ` + 'Check that CMS_URL points at the Strapi server itself (not a proxy or the admin panel).');
    this.url = url;
    this.problem = problem;
  }
}
