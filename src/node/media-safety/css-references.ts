/**
 * CSS escapes (CSS Syntax 3, "consume an escaped code point"): `\` and one
 * to six hex digits, then one optional whitespace; or `\` and any other
 * character, which stands for itself. `\` before a line break is a line
 * continuation inside a string: it stands for nothing.
 */
const ESCAPE = /\\(?:([0-9a-f]{1,6})(?:\r\n|[ \t\r\n\f])?|(\r\n|[\r\n\f])|([\s\S]))/gi;

/** Comments, which CSS drops before anything else is read: `@im/**\/port` stays two tokens, but erasing them is the safe side. */
const COMMENT = /\/\*[\s\S]*?(?:\*\/|$)/g;

/**
 * What in CSS makes the browser fetch from elsewhere, once escapes and
 * comments are gone: `url(…)` to anything but a fragment of the same
 * document (`url(#g)` is a gradient or filter of the drawing itself), and,
 * whatever their argument, `@import` and `@font-face` (their sources may be
 * bare strings), `image-set()` and `-webkit-image-set()` (strings are
 * images there), `image()`, `cross-fade()`, `element()` and `src()`.
 * Matched anywhere, not only at token starts: a false match only drops a
 * style the drawing did not need.
 */
const FETCHES = [/url\((?!\s*['"]?\s*#)/i, /@(?:import|font-face)\b/i, /(?:image-set|image|cross-fade|element|src)\(/i];

/** `css` as the browser reads it: comments erased, every escape replaced by what it stands for. */
export function decodeCss(css: string): string {
  return css.replace(COMMENT, '').replace(ESCAPE, (_match, hex: string | undefined, _continuation: string | undefined, char: string | undefined) => {
    if (hex === undefined) return char ?? '';
    const code = Number.parseInt(hex, 16);
    // Zero, surrogates and past the last code point read as U+FFFD.
    return code === 0 || (code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff ? '\uFFFD' : String.fromCodePoint(code);
  });
}

/**
 * Whether a stylesheet, a `style` attribute or a presentation attribute
 * (`fill`, `filter`, `mask`, …, which browsers parse as CSS too) can make
 * the browser fetch something outside the drawing, however it is escaped.
 */
export function cssFetches(css: string): boolean {
  const decoded = decodeCss(css);
  return FETCHES.some((pattern) => pattern.test(decoded));
}
