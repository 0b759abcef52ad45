import { FAILURES, Failure, failureText, type HttpErrorInit } from '../platform/failures.js';
import type { StrapiError } from './envelope.js';

/** The server answered with a non-2xx status; the hint says what to check (the CMS schema, CMS_TOKEN, CMS_URL). */
export class HttpError extends Failure {
  readonly status: number;
  readonly method: string;
  readonly url: string;
  readonly strapiError: StrapiError | null;

  constructor(init: HttpErrorInit) {
    super(failureText(FAILURES.http, init));
    this.status = init.status;
    this.method = init.method;
    this.url = init.url;
    this.strapiError = init.strapiError;
  }
}
