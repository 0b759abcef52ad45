import { Marked } from 'marked';
import { ISSUES } from './issues.js';
import { report, type Context } from './context.js';
import { renderStrapiBlocks } from './strapi-blocks.js';
import { sanitizeRichHtml } from './sanitize.js';

/** Fields that hold rich text (content contract, "Rich text"), at any depth. */
export const RICH_TEXT_FIELDS: ReadonlySet<string> = new Set(['body', 'legal', 'text', 'description', 'successMessage']);

/** Own instance: global `marked` options set elsewhere cannot change our output. */
const markdown = new Marked({ gfm: true, breaks: false, async: false });

/** An opening or closing tag (`<p>`, `</div>`, `<br/>`): such a string is HTML, not Markdown. */
const HTML_TAG = /<\/?[a-z][a-z0-9-]*(\s[^>]*)?\/?>/i;

/**
 * Rich text → safe HTML, rendered at build time (content contract, "Rich
 * text"): Strapi 5 blocks JSON, an HTML string, or Markdown. Empty or
 * missing text gives ''.
 */
export function richTextToHtml(value: unknown, ctx: Context, field: string): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return sanitizeRichHtml(renderStrapiBlocks(value));
  if (typeof value === 'string') {
    if (value.trim() === '') return '';
    const html = HTML_TAG.test(value) ? value : markdown.parse(value, { async: false });
    return sanitizeRichHtml(html);
  }
  report(ctx, field, ISSUES.invalidRichText(value));
  return '';
}
