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
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly issues: readonly ConfigIssue[];

  constructor(issues: readonly ConfigIssue[]) {
    const lines = issues.map((issue) => `  - ${issue.key}: expected ${issue.expected}` + (issue.received === undefined ? ', but it is not set' : `, got ${issue.received}`));
    super(
      `Invalid environment: ${issues.length} variable${issues.length === 1 ? '' : 's'} to fix\n` +
        `${lines.join('\n')}\n` +
        'Set them in the shell or the CI environment (see the "Configuration" table of the content contract).',
    );
    this.issues = issues;
  }
}
