/**
 * Spec §5 / §8: the exact messages for lists that must be arrays. At build
 * time they fail the build; in the browser they show the error page with 503.
 */
export const LIST_ERRORS = {
  components: 'Components must be an Array',
  promocodes: 'promocodes must be an Array',
  items: 'Items must be an Array and contain Country/Countries property',
} as const;

/** An error that carries an HTTP-like status for the error page (rule 27). */
export class StatusError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'StatusError';
    this.status = status;
  }
}

/** Rule 5: an unmatched path. */
export function pageNotFound(path: string): StatusError {
  return new StatusError(404, `Page not found: ${path}`);
}

/** Rule 5: a path that fails slug validation. */
export function invalidPath(fullPath: string): StatusError {
  return new StatusError(404, `Page Not Found: ${fullPath}`);
}

/**
 * Rule 5: the 404 of a path — `Page Not Found: {fullPath}` when its slug
 * is not valid (characters outside [a-z0-9-], empty segments), otherwise
 * `Page not found: {path}` (no page has that slug).
 */
export function notFoundFor(pathname: string, fullPath: string, slugIsValid: boolean): StatusError {
  return slugIsValid ? pageNotFound(pathname) : invalidPath(fullPath);
}
