import { FAILURES, Failure, failureText } from '../platform/failures.js';

/** A file of `content-cache/` is missing or unreadable. */
export class CacheReadError extends Failure {
  readonly file: string;
  readonly problem: string;

  constructor(file: string, problem: string, cause?: unknown) {
    super(failureText(FAILURES.cacheRead, file, problem), { cause });
    this.file = file;
    this.problem = problem;
  }
}
