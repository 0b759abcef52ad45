import type { ContentIssue } from '../../shared/model.js';

/** Thrown when content has errors in what every page carries (held-back.ts `triage`): the build stops before anything is published. */
export class ContentValidationError extends Error {
  constructor(readonly issues: ContentIssue[]) {
    const errors = issues.filter((i) => i.severity === 'error').length;
    super(`Content has ${errors} error${errors === 1 ? '' : 's'}: nothing was published, the previous site is unchanged.`);
    this.name = 'ContentValidationError';
  }
}
