import type { ContentIssue } from '../../shared/model.js';
import { FAILURES, Failure, failureText } from '../platform/failures.js';

/** Thrown when content has errors in what every page carries (held-back.ts `triage`): the build stops before anything is published. */
export class ContentValidationError extends Failure {
  constructor(readonly issues: ContentIssue[]) {
    super(failureText(FAILURES.contentValidation, issues.filter((i) => i.severity === 'error').length));
  }
}
