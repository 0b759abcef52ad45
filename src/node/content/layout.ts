import type { Layout } from '../../shared/model.js';
import { ISSUES } from './issues.js';
import { report, within, type Context } from './context.js';
import { normaliseZone } from './blocks.js';
import { isRecord } from './values.js';

/**
 * The layout single type of one locale: header and footer zones rendered
 * around every page. Missing: empty zones and a warning (pages still build).
 * Issues name the zone as their slug.
 */
export function normaliseLayout(value: unknown, ctx: Context): Layout {
  if (value === null || value === undefined) {
    report(ctx, undefined, ISSUES.missingLayout());
    return { header: [], footer: [] };
  }
  if (!isRecord(value)) {
    report(ctx, undefined, ISSUES.invalidEntry('the layout', value));
    return { header: [], footer: [] };
  }
  return {
    header: normaliseZone(value.header, within(ctx, { slug: 'header' }), 'header', ISSUES.componentsNotArray),
    footer: normaliseZone(value.footer, within(ctx, { slug: 'footer' }), 'footer', ISSUES.componentsNotArray),
  };
}
