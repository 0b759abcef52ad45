import type { NavLink } from '../../shared/model.js';
import { HOME_SLUG, linkSlugProblem } from '../../shared/routes.js';
import { ISSUES } from './issues.js';
import { report, type Context } from './context.js';
import { stripMarkup } from './sanitize.js';
import { externalUrlProblem, rejectUnsafeUrl } from './urls.js';
import { isRecord, joinPath, nonEmptyString, type JsonRecord } from './values.js';

/**
 * A CMS link → Link, or null when it has no usable target. A modal wins
 * over a slug, a slug over a url. Rule 23: a url with an unsafe protocol
 * drops the link with a warning naming the field.
 */
export function toLink(value: JsonRecord, ctx: Context, field: string): NavLink | null {
  const label = typeof value.label === 'string' ? stripMarkup(value.label.trim()) : '';
  const link = target(value, label, ctx, field);
  if (link === undefined) {
    report(ctx, field, ISSUES.incompleteLink(value));
    return null;
  }
  if (link === null || !Array.isArray(value.children)) return link;
  const children = value.children
    .map((child, i) => (isRecord(child) ? toLink(child, ctx, joinPath(joinPath(field, 'children'), i)) : null))
    .filter((child): child is NavLink => child !== null);
  // No children is no `children` (Strapi sends [] for an empty repeatable component).
  return children.length > 0 ? { ...link, children } : link;
}

/** undefined: no target at all; null: an unsafe target (already reported). */
function target(value: JsonRecord, label: string, ctx: Context, field: string): NavLink | null | undefined {
  const modal = modalName(value.modal);
  if (modal) return { kind: 'modal', label, modal };
  const slug = slugOf(value.slug);
  if (slug !== null) {
    // `\\evil.example` would render as href="/\\evil.example", another site to a browser.
    const problem = linkSlugProblem(slug);
    if (problem === null) return internal(label, slug);
    report(ctx, joinPath(field, 'slug'), ISSUES.unsafeLinkSlug(slug, problem));
    return null;
  }
  const url = nonEmptyString(value.url);
  if (url === null) return undefined;
  if (rejectUnsafeUrl(url, ctx, joinPath(field, 'url'))) return null;
  const problem = externalUrlProblem(url);
  if (problem === null) return { kind: 'external', label, url };
  report(ctx, joinPath(field, 'url'), ISSUES.unsupportedUrl(url, problem));
  return null;
}

/** A modal is named by `modalName` (string or related entry) or by its numeric id. */
export function modalName(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  if (isRecord(value)) return nonEmptyString(value.modalName);
  return nonEmptyString(value);
}

/** A page reference: a slug string, or `{ slug }` (a component, or an unwrapped relation to a page). */
export function slugOf(value: unknown): string | null {
  return nonEmptyString(isRecord(value) ? value.slug : value);
}

/** Internal slugs are locale-relative: no leading or trailing slash; "" (or "/") is the home page. */
export function localSlug(path: string): string {
  return path.replace(/^\/+|\/+$/g, '') || HOME_SLUG;
}

/** An internal link; a `#hash` is kept apart. */
function internal(label: string, raw: string): NavLink {
  const [path = '', ...hashParts] = raw.split('#');
  const slug = localSlug(path);
  const hash = hashParts.join('#');
  return hash ? { kind: 'internal', label, slug, hash } : { kind: 'internal', label, slug };
}
