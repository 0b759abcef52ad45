/** A file of `content-cache/` is missing or unreadable. */
export class CacheReadError extends Error {
  override readonly name = 'CacheReadError';
  readonly file: string;
  readonly problem: string;

  constructor(file: string, problem: string, cause?: unknown) {
    super(`Cannot use the content cache: ${file} ${problem}. ` + 'Restore content-cache/ from git, or refresh it from the CMS with npm run content:pull.', { cause });
    this.file = file;
    this.problem = problem;
  }
}
