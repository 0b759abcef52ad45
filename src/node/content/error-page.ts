import type { ErrorContent, ErrorLink } from '../../shared/model.js';
import { ISSUES } from './issues.js';
import { report, type Context } from './context.js';
import { textField } from './fields.js';
import { toMedia } from './media.js';
import { localSlug, slugOf } from './links.js';
import { linkSlugProblem } from '../../shared/routes.js';
import { rejectUnsafeUrl } from './urls.js';
import { isRecord, joinPath, nonEmptyString } from './values.js';

const DEFAULTS: ErrorContent = { media: null, text404: '', description404: '', links: [] };

/**
 * The error-page single type of one locale (rules 27–28). Missing: empty
 * texts (the error page then falls back to status code and translated
 * defaults) and a warning.
 */
export function normaliseErrorPage(value: unknown, ctx: Context): ErrorContent {
  if (value === null || value === undefined) {
    report(ctx, undefined, ISSUES.missingErrorPage());
    return { ...DEFAULTS, links: [] };
  }
  if (!isRecord(value)) {
    report(ctx, undefined, ISSUES.invalidEntry('the error page', value));
    return { ...DEFAULTS, links: [] };
  }
  return {
    media: toMedia(value.media, ctx, 'media'),
    text404: textField(value.text404, '', ctx, 'text404'),
    description404: textField(value.description404, '', ctx, 'description404'),
    links: errorLinks(value.links, ctx),
  };
}

/** Rule 27: a link is shown only when it has both a slug and a button text, so others are left out here. */
function errorLinks(value: unknown, ctx: Context): ErrorLink[] {
  if (value === null || value === undefined) return [];
  if (!Array.isArray(value)) {
    report(ctx, 'links', ISSUES.invalidField('links to be a list', value, 'no links'));
    return [];
  }
  const links: ErrorLink[] = [];
  value.forEach((item, i) => {
    const field = joinPath('links', i);
    const raw = isRecord(item) ? item : {};
    const slug = slugOf(raw.slug);
    const btntext = nonEmptyString(raw.btntext);
    if (slug === null || btntext === null) {
      report(ctx, field, ISSUES.incompleteErrorLink(slug === null ? 'slug' : 'btntext'));
      return;
    }
    if (rejectUnsafeUrl(slug, ctx, joinPath(field, 'slug'))) return;
    const problem = linkSlugProblem(slug);
    if (problem !== null) return report(ctx, joinPath(field, 'slug'), ISSUES.unsafeLinkSlug(slug, problem));
    links.push({ slug: localSlug(slug), btntext: textField(btntext, '', ctx, joinPath(field, 'btntext')) });
  });
  return links;
}
