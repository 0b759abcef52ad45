import { notFoundFor, type StatusError } from '../../shared/errors.js';
import { isRoutableSlug, parsePath } from '../../shared/routes.js';

/** Rule 5 for a browser location: which 404 it is, with the spec's message. */
export function notFoundError(pathname: string, search = '', hash = ''): StatusError {
  return notFoundFor(pathname, `${pathname}${search}${hash}`, isValidPagePath(pathname));
}

/** Whether a path can be a page at all (rule 5's slug rules, list pages included); checked before any request. */
export function isValidPagePath(pathname: string): boolean {
  return isRoutableSlug(parsePath(pathname).slug);
}
