import { JSDOM } from 'jsdom';
import { fromWire } from '../../src/shared/wire.js';
import { BLOCK_DECLARATIONS, MODAL_ITEM_DECLARATIONS } from '../../src/shared/blocks/catalogue.js';
import type { Fields } from '../../src/shared/blocks/fields.js';

/**
 * The static half: where in a built file a vector could
 * run. Independent of the product's own checks (src/node/content/urls.ts):
 * the URL rules here are the browser's (leading C0 controls and spaces are
 * skipped, tabs and newlines removed anywhere), and HTML is read by a real
 * parser (jsdom, scripts off), so entities are decoded as a browser would.
 */
export interface Finding {
  file: string;
  where: string;
  found: string;
}

/** The hook's name as it can appear once entities are decoded (vectors call `__xss`). */
const HOOK = /xss/i;

/** Attributes a browser follows as a URL. */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'data',
  'poster',
  'background',
  'ping',
  'cite',
  'codebase',
  'dynsrc',
  'lowsrc',
  'to',
  'from',
  'values',
]);

/** A URL value the browser would run (or render as a document of the attacker's). */
function isDangerousUrl(value: string): boolean {
  // eslint-disable-next-line no-control-regex -- the browser strips exactly these
  const cleaned = value.replace(/^[\u0000-\u0020]+/, '').replace(/[\t\n\r]/g, '');
  return /^(javascript|vbscript):/i.test(cleaned) || /^data:(text\/html|image\/svg|application\/xhtml|text\/xml|application\/xml)/i.test(cleaned);
}

const EXECUTABLE_SCRIPT = /^(|text\/javascript|application\/javascript|module|text\/ecmascript)$/i;

/** Every place in a parsed document or fragment where a vector could execute. */
function scanNode(root: ParentNode, file: string, base: string): Finding[] {
  const findings: Finding[] = [];
  const add = (where: string, found: string) => findings.push({ file, where: `${base}${where}`, found: found.slice(0, 200) });
  for (const el of Array.from(root.querySelectorAll('*'))) {
    const tag = el.tagName.toLowerCase();
    const at = `<${tag}>`;
    if (tag === 'script') {
      const type = (el.getAttribute('type') ?? '').trim();
      if (EXECUTABLE_SCRIPT.test(type) && HOOK.test(el.textContent ?? '')) add(at, el.textContent ?? '');
      if (el.hasAttribute('src') && HOOK.test(el.getAttribute('src') ?? '')) add(`${at} src`, el.getAttribute('src') ?? '');
    }
    if (tag === 'style' && HOOK.test(el.textContent ?? '')) add(at, el.textContent ?? '');
    if ((tag === 'base' || tag === 'iframe' || tag === 'object' || tag === 'embed' || tag === 'frame' || tag === 'applet') && HOOK.test(el.outerHTML)) add(at, el.outerHTML);
    if (tag === 'meta' && /refresh/i.test(el.getAttribute('http-equiv') ?? '') && HOOK.test(el.getAttribute('content') ?? '')) add(at, el.outerHTML);
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      const value = attr.value;
      if (name.startsWith('on') && HOOK.test(value)) add(`${at} ${name}`, value);
      else if (name === 'srcdoc') add(`${at} srcdoc`, value);
      else if (name === 'style' && HOOK.test(value)) add(`${at} style`, value);
      else if (URL_ATTRIBUTES.has(name) && isDangerousUrl(value)) add(`${at} ${name}`, value);
      else if ((name === 'srcset' || name === 'imagesrcset') && value.split(',').some((c) => isDangerousUrl(c) || (HOOK.test(c) && /["'<>]/.test(c)))) add(`${at} ${name}`, value);
    }
  }
  return findings;
}

/** A built HTML page: the parsed document, its inline JSON scripts, and vectors copied verbatim. */
export function scanHtml(html: string, file: string, vectors: ReadonlyArray<{ name: string; payload: string }>): Finding[] {
  const dom = new JSDOM(html);
  const findings = scanNode(dom.window.document, file, '');
  for (const [, attrs, body] of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script/gi)) {
    if (!/json/i.test(attrs ?? '')) continue;
    findings.push(...scanJsonText(body ?? '', file, `inline <script${attrs}>`));
    try {
      // The error pages' embedded payload, read as the browser reads it (src/shared/wire.ts).
      const value = JSON.parse(body ?? '') as unknown;
      findings.push(...scanJsonValue(/__MAREA_PAYLOAD__/.test(attrs ?? '') ? fromWire(value) : value, file, `inline <script${attrs}>`));
    } catch (error) {
      findings.push({ file, where: `inline <script${attrs}>`, found: `not JSON: ${(error as Error).message}` });
    }
  }
  // A vector with markup found as written is markup the page carries.
  for (const v of vectors) {
    if (/<[a-z!/?]/i.test(v.payload) && html.includes(v.payload)) findings.push({ file, where: `verbatim ${v.name}`, found: v.payload });
  }
  dom.window.close();
  return findings;
}

/** JSON text as written (a payload file, or an inline JSON script): nothing that closes a script or opens a comment, no raw line separators. */
export function scanJsonText(text: string, file: string, where = ''): Finding[] {
  const findings: Finding[] = [];
  const checks: Array<[RegExp, string]> = [
    [/<\/script/i, '</script'],
    [/<!--/, '<!--'],
    [/<script/i, '<script'],
    [/\u2028|\u2029/, 'a raw U+2028/U+2029'],
  ];
  for (const [re, what] of checks) {
    const m = re.exec(text);
    if (m) findings.push({ file, where: `${where} ${what}`.trim(), found: text.slice(Math.max(0, m.index - 60), m.index + 80) });
  }
  return findings;
}

/**
 * The keys of every rich-text field the declarations have (src/shared/blocks/, src/shared/modal-items/):
 * a block renders those as HTML. Every other string of a payload is text or a URL, which React escapes.
 */
const RICH_TEXT_KEYS: ReadonlySet<string> = (() => {
  const keys = new Set<string>();
  const walk = (fields: Fields) => {
    for (const [key, field] of Object.entries(fields)) {
      if (field.kind === 'richText') keys.add(key);
      if (field.item) walk(field.item);
    }
  };
  for (const d of [...BLOCK_DECLARATIONS, ...MODAL_ITEM_DECLARATIONS]) walk(d.fields);
  return keys;
})();

/** A parsed payload: every rich-text value is parsed as HTML and scanned; every link url must be safe. */
export function scanJsonValue(value: unknown, file: string, where = '$'): Finding[] {
  const findings: Finding[] = [];
  const walk = (v: unknown, at: string): void => {
    if (typeof v === 'string') {
      if (RICH_TEXT_KEYS.has(at.split('.').pop() ?? '') && /<[a-z!/?]/i.test(v) && HOOK.test(v)) {
        const dom = new JSDOM(`<!doctype html><body>${v}`);
        findings.push(...scanNode(dom.window.document.body, file, `${at} → `));
        dom.window.close();
      }
      if (/^(href|src|url|action)$/i.test(at.split('.').pop() ?? '') && isDangerousUrl(v)) findings.push({ file, where: at, found: v });
    } else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${at}[${i}]`));
    else if (typeof v === 'object' && v !== null) for (const [k, x] of Object.entries(v)) walk(x, `${at}.${k}`);
  };
  walk(value, where);
  return findings;
}
