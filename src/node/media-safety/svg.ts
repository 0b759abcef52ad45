import type { DOMPurify } from 'dompurify';
import type { JSDOM } from 'jsdom';
import { cssFetches } from './css-references.js';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** `sanitizeSvg`'s reason when the bytes are not an SVG at all (the caller tries the next kind). */
export const NOT_SVG = 'not an SVG';

/**
 * One jsdom window and DOMPurify for the process (a window takes ~150 ms to make), loaded on the first SVG: importing
 * jsdom takes 0.75 s, which a build whose media holds no SVG (most builds: media judged once are recorded) never pays.
 */
let purifier: Promise<{ purify: DOMPurify; window: JSDOM['window'] }> | null = null;

function getPurifier(): Promise<{ purify: DOMPurify; window: JSDOM['window'] }> {
  purifier ??= makePurifier();
  return purifier;
}

async function makePurifier(): Promise<{ purify: DOMPurify; window: JSDOM['window'] }> {
  const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
  const { window } = new JSDOM('');
  const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    const value = data.attrValue.trim();
    // References stay inside the drawing: `href="#id"` yes; http:, data:, javascript: no.
    if (/^(xlink:)?href$/i.test(data.attrName) && !value.startsWith('#')) data.keepAttr = false;
    // `style` and presentation attributes (`fill`, `filter`, `mask`, …) are CSS: escapes decoded before looking (css-references.ts).
    if (cssFetches(value)) data.keepAttr = false;
  });
  purify.addHook('uponSanitizeElement', (node, data) => {
    // A stylesheet that may fetch (`@import`, `url(http…)`, `image-set`, `@font-face`, escaped or not): dropped; one that only styles is kept.
    if (data.tagName === 'style' && cssFetches(node.textContent ?? '')) node.parentNode?.removeChild(node);
  });
  return { purify, window };
}

/**
 * Parses `bytes` as an SVG document (XML, root `<svg>` in the SVG namespace)
 * and sanitises it with DOMPurify's SVG profile in a jsdom window: no
 * script, no event handlers, no `foreignObject`, no references outside the
 * drawing (`href` other than `#…`; in stylesheets, `style` and presentation
 * attributes, whatever their CSS escapes: `url(…)` other than `url(#…)`,
 * `@import`, `@font-face`, `image-set()` and the like, `cssFetches`).
 * `ok` when what is left is still an `<svg>` with something in it; the
 * result is the re-serialised document (sanitising it again changes
 * nothing); `changed`: sanitising removed something (the document as it was,
 * re-serialised, differs).
 */
export async function sanitizeSvg(bytes: Buffer): Promise<{ ok: true; svg: string; changed: boolean } | { ok: false; reason: string }> {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  // A cheap look before parsing: XML declaration, comments or doctype, then `<svg`.
  if (!/^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>\s*)*<svg[\s>]/i.test(text)) return { ok: false, reason: NOT_SVG };
  const { purify, window } = await getPurifier();
  const doc = new window.DOMParser().parseFromString(text, 'image/svg+xml');
  const root = doc.documentElement;
  if (doc.getElementsByTagName('parsererror').length > 0 || root?.localName !== 'svg') return { ok: false, reason: 'it looks like an SVG but is not well-formed XML' };
  if (root.namespaceURI !== SVG_NS) return { ok: false, reason: `it is an <svg> without the SVG namespace (xmlns="${SVG_NS}")` };
  for (const child of [...doc.childNodes]) if (child !== root) doc.removeChild(child); // doctype, comments, processing instructions
  const before = new window.XMLSerializer().serializeToString(doc);
  purify.sanitize(root, {
    IN_PLACE: true,
    USE_PROFILES: { svg: true, svgFilters: true },
    ADD_TAGS: ['use'],
    ADD_ATTR: ['role'],
    FORBID_TAGS: ['foreignObject', 'script'],
  });
  if (doc.documentElement?.localName !== 'svg' || !root.firstElementChild || !hasDrawing(root)) {
    return { ok: false, reason: 'it is an SVG with nothing left to show once script and external references are removed' };
  }
  const svg = new window.XMLSerializer().serializeToString(doc);
  return { ok: true, svg, changed: svg !== before };
}

/** Something other than a title, description or metadata. */
function hasDrawing(root: Element): boolean {
  return [...root.children].some((child) => !['title', 'desc', 'metadata'].includes(child.localName));
}
