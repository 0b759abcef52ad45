import { Marked } from 'marked';
import { ISSUES } from './issues.js';
import { report, type Context } from './context.js';
import { MAX_DEPTH, tooDeep } from './depth.js';
import { renderStrapiBlocks } from './strapi-blocks.js';
import { sanitizeRichHtml } from './sanitize.js';

/** Own instance: global `marked` options set elsewhere cannot change our output. */
const markdown = new Marked({ gfm: true, breaks: false, async: false });

/**
 * Limits of what the build renders as rich text (docs/content-errors.md,
 * RichTextTooLarge). Every step below is linear in the text except marked's
 * emphasis matching, which is quadratic in the number of `*`/`_` marks, and
 * its recursion over nested quotes: those two are bounded apart.
 */
const RICH_TEXT_LIMITS = { chars: 262_144, emphasisMarks: 5_000, quoteDepth: 32 } as const;

/**
 * Whether a string holds an opening or closing tag (`<p>`, `</div>`,
 * `<br/>`, `<a href="…">`): such a string is HTML, not Markdown. One pass:
 * the regex this replaces (`<\/?[a-z][a-z0-9-]*(\s[^>]*)?\/?>`) scanned to
 * the end of the text from every `<` without a `>`, which is quadratic
 * (`'<a '` × 40,000 took 8 s).
 */
export function hasHtmlTag(text: string): boolean {
  const lastClose = text.lastIndexOf('>');
  if (lastClose < 0) return false;
  const start = /<\/?[a-z][a-z0-9-]*(\s|\/?>)/gi;
  for (let match = start.exec(text); match !== null; match = start.exec(text)) {
    // `<p>` / `<br/>` close at once; `<a …` is a tag when a `>` follows anywhere after it.
    if (!/\s/.test(match[1]!)) return true;
    return match.index < lastClose;
  }
  return false;
}

/**
 * Rich text → safe HTML, rendered at build time (content contract, "Rich
 * text"): Strapi 5 blocks JSON, an HTML string, or Markdown. Empty or
 * missing text gives ''.
 */
export function richTextToHtml(value: unknown, ctx: Context, field: string): string {
  if (value === null || value === undefined) return '';
  if (!Array.isArray(value) && typeof value !== 'string') {
    report(ctx, field, ISSUES.invalidRichText(value));
    return '';
  }
  if (typeof value === 'string' && value.trim() === '') return '';
  const problem = typeof value === 'string' ? limitProblem(value) : blocksProblem(value);
  if (problem !== null) {
    report(ctx, field, ISSUES.richTextTooLarge(problem));
    return '';
  }
  let html: string;
  try {
    html = typeof value === 'string' ? render(value) : sanitizeRichHtml(renderStrapiBlocks(value));
  } catch (error) {
    // Whatever the limits above miss (marked's recursion, its "please report this" errors): the text fails, named, not the build.
    report(ctx, field, ISSUES.richTextTooLarge(`could not be rendered (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`));
    return '';
  }
  if (html.length > RICH_TEXT_LIMITS.chars * 4) {
    report(ctx, field, ISSUES.richTextTooLarge(`renders to ${html.length} characters of HTML (at most ${RICH_TEXT_LIMITS.chars * 4})`));
    return '';
  }
  return checkModalLinks(html, ctx, field);
}

function render(text: string): string {
  return sanitizeRichHtml(hasHtmlTag(text) ? text : markdown.parse(text, { async: false }));
}

/** Why a string is beyond the limits (RICH_TEXT_LIMITS), or null. Linear in the text. */
function limitProblem(text: string): string | null {
  if (text.length > RICH_TEXT_LIMITS.chars) return `has ${text.length} characters (at most ${RICH_TEXT_LIMITS.chars})`;
  if (hasHtmlTag(text)) return null;
  let marks = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 42 || c === 95) marks++; // * _
  }
  if (marks > RICH_TEXT_LIMITS.emphasisMarks) return `is Markdown with ${marks} emphasis marks (* or _; at most ${RICH_TEXT_LIMITS.emphasisMarks})`;
  let depth = 0;
  for (const match of text.matchAll(/^(?:[ \t]*>)+/gm)) depth = Math.max(depth, countOf(match[0], '>'));
  if (depth > RICH_TEXT_LIMITS.quoteDepth) return `is Markdown with quotes nested ${depth} deep (at most ${RICH_TEXT_LIMITS.quoteDepth})`;
  return null;
}

/**
 * Why Strapi 5 blocks are beyond the limits, or null: nested too deep, or
 * more characters of text than a string may have (counted before rendering:
 * rendering and sanitising megabytes of text only to refuse the HTML after
 * cost the build its time and memory). Linear in the blocks.
 */
function blocksProblem(blocks: unknown[]): string | null {
  if (tooDeep(blocks, MAX_DEPTH) !== null) return `is Strapi blocks nested more than ${MAX_DEPTH} deep`;
  let chars = 0;
  const stack: unknown[] = [blocks];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === 'string') chars += node.length;
    // One at a time: spreading a list of 200,000 children into push() overflows the call's arguments.
    else if (Array.isArray(node)) for (const child of node) stack.push(child);
    // Every string counts (a link's url is written out too) but the node types' names.
    else if (node !== null && typeof node === 'object') for (const [key, child] of Object.entries(node)) if (key !== 'type') stack.push(child);
  }
  return chars > RICH_TEXT_LIMITS.chars ? `is Strapi blocks with ${chars} characters of text (at most ${RICH_TEXT_LIMITS.chars})` : null;
}

function countOf(text: string, char: string): number {
  let n = 0;
  for (const c of text) if (c === char) n++;
  return n;
}

/** `href="#modal=…"` in sanitised HTML (sanitize-html writes attributes with double quotes, `&` as `&amp;`). */
const MODAL_HREF = / href="#modal=([^"]*)"/g;

/**
 * Modal links of rich text are resolved by name at build time
 * (resolve-page-data.ts `modalRefs`) and in the browser: a name that is not
 * valid URL encoding (`#modal=%`) is reported here with
 * its page and field, and its href removed, rather than failing the build
 * where the page is no longer known.
 */
function checkModalLinks(html: string, ctx: Context, field: string): string {
  if (!html.includes('#modal=')) return html;
  return html.replace(MODAL_HREF, (whole, name: string) => {
    try {
      decodeURIComponent(name.split('&')[0]!);
      return whole;
    } catch {
      report(ctx, field, ISSUES.invalidModalLink(`#modal=${name}`));
      return '';
    }
  });
}
