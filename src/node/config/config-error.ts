import { FAILURES, Failure, failureText } from '../platform/failures.js';

/** One environment variable that failed validation. */
export interface ConfigIssue {
  /** The variable, e.g. `CMS_LOCALES`. */
  key: string;
  /** What a valid value looks like, e.g. `"en:<code>,es:<code>"`. */
  expected: string;
  /** The value as set, quoted, or `"…"` for secrets; `undefined` when the variable is unset. */
  received: string | undefined;
}

/**
 * The environment is invalid. Raised once, at the boundary, listing every
 * invalid variable so a deploy can be fixed in one go rather than one
 * variable per failed build.
 */
export class ConfigError extends Failure {
  readonly issues: readonly ConfigIssue[];

  constructor(issues: readonly ConfigIssue[]) {
    super(failureText(FAILURES.config, issues));
    this.issues = issues;
  }
}
