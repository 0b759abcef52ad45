import { notFoundFor, type StatusError } from '../../shared/errors.js';
import { HOME_SLUG, parsePath, slugProblem } from '../../shared/routes.js';

/** Rule 5 for a browser location: which 404 it is, with the spec's message. */
export function notFoundError(pathname: string, search = '', hash = ''): StatusError {
  const { slug } = parsePath(pathname);
  const valid = slug === HOME_SLUG || slugProblem(slug) === null;
  return notFoundFor(pathname, `${pathname}${search}${hash}`, valid);
}

/** Whether a path can be a page at all (rule 5's slug rules); checked before any request. */
export function isValidPagePath(pathname: string): boolean {
  const { slug } = parsePath(pathname);
  return slug === HOME_SLUG || slugProblem(slug) === null;
}
