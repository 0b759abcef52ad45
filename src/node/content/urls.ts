import { ISSUES } from './issues.js';
import { report, type Context } from './context.js';

/**
 * Rule 23: protocols that can run code or smuggle content when a CMS value
 * ends up in an `href` / `src`. Same list as rule 22 (navigation safety).
 */
const UNSAFE_SCHEMES = new Set(['javascript', 'data', 'vbscript', 'blob']);

const NAMED_ENTITIES: Record<string, string> = {
  tab: '\t',
  newline: '\n',
  colon: ':',
  nbsp: '\u00a0',
  amp: '&',
  sol: '/',
  lpar: '(',
  rpar: ')',
  period: '.',
  semi: ';',
};

/** Browsers drop these anywhere in a URL scheme (tab, newline) or ignore them (controls, zero-width, BOM). */
// eslint-disable-next-line no-control-regex -- control characters are what this matches
const INVISIBLE = /[\u0000-\u0020\u007f-\u00a0\u00ad\u200b-\u200f\u2028\u2029\u2060\ufeff]/g;

/**
 * Decodes numeric and common named character references, repeatedly, so
 * `java&#x09;script:` and `&amp;#106;avascript:` are seen for what they are.
 * Over-decoding only makes the check stricter, never looser.
 */
function decodeEntities(input: string): string {
  let current = input;
  for (let round = 0; round < 5; round++) {
    const next = current.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, ref: string) => {
      if (ref[0] === '#') {
        const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
      }
      return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
    });
    if (next === current) return current;
    current = next;
  }
  return current;
}

/**
 * The unsafe protocol of a URL (`'javascript:'`, …) or null when the URL is
 * safe (http, https, mailto, tel, any other scheme, or relative). Any case,
 * leading spaces or control characters and entity tricks are seen through.
 */
export function unsafeProtocol(url: string): string | null {
  const cleaned = decodeEntities(url).replace(INVISIBLE, '');
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(cleaned);
  if (!match) return null;
  const scheme = match[1]!.toLowerCase();
  return UNSAFE_SCHEMES.has(scheme) ? `${scheme}:` : null;
}

/**
 * A string in a field that is not named like a URL is only treated as a URL
 * when it starts with a scheme followed directly by a non-space character
 * (`data:text/html,…`), so a title like "Data: 3 pools" is left alone.
 */
export function looksLikeUrl(value: string): boolean {
  // eslint-disable-next-line no-control-regex -- leading C0 controls, which browsers skip before a scheme
  return /^[\s\u0000-\u001f]*[a-z][a-z0-9+.-]*:(?!\s)/i.test(decodeEntities(value));
}

/** Rule 23: true (and a warning naming the field) when `url` must be dropped. */
export function rejectUnsafeUrl(url: string, ctx: Context, field: string): boolean {
  const protocol = unsafeProtocol(url);
  if (protocol) report(ctx, field, ISSUES.unsafeLink(protocol, url));
  return protocol !== null;
}

/** The schemes a link's `url` may have; anything else is not a link a visitor should follow. */
const LINK_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

/**
 * Why a link's `url` cannot be an external link, or null when it can: an
 * http(s), mailto or tel URL, or a site-relative path. A backslash or a
 * control character (browsers drop or reinterpret them: `/\\evil.example`
 * is `//evil.example`) or another scheme is refused. Unsafe schemes
 * (`javascript:`, …) are `rejectUnsafeUrl`'s, checked first.
 */
export function externalUrlProblem(url: string): string | null {
  if (url.includes('\\')) return 'has a backslash';
  // eslint-disable-next-line no-control-regex -- control characters are what this matches
  if (/[\u0000-\u001f\u007f]/.test(url)) return 'has a control character';
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(url);
  if (match && !LINK_SCHEMES.has(match[1]!.toLowerCase())) return `has the scheme "${match[1]!.toLowerCase()}:" (only http, https, mailto and tel)`;
  return null;
}
