import { open, readFile } from 'node:fs/promises';
import createDOMPurify, { type DOMPurify } from 'dompurify';
import { fileTypeFromBuffer } from 'file-type';
import { JSDOM } from 'jsdom';

/**
 * What a site may publish under `assets/media/`, judged by the bytes (never
 * by the CMS's file name or mime type): raster images and videos the
 * browsers show as such, SVG once sanitised, and WebVTT captions (inert
 * text, served as `text/vtt`). Everything else (HTML, PDF, executables, text
 * under an image's name) is refused: served from the site's origin, it
 * could run script there.
 */
const ALLOWED = new Map<string, string>([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/webp', 'webp'],
  ['image/avif', 'avif'],
  ['image/gif', 'gif'],
  ['video/mp4', 'mp4'],
  ['video/webm', 'webm'],
]);

/** The extensions a published medium may carry, each with the types its bytes may be (`.jpeg` from builds before the judgement). */
const EXTENSIONS = new Map<string, string>([...[...ALLOWED].map(([mime, ext]) => [ext, mime] as [string, string]), ['jpeg', 'image/jpeg']]);

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * WebVTT's signature (W3C WebVTT, "WebVTT file body"): an optional BOM,
 * `WEBVTT`, then a space, a tab, a line break or the end of the file.
 */
const WEBVTT_SIGNATURE = /^WEBVTT(?:[ \t\r\n]|$)/;
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** Captions larger than this are refused: a feature film's run to a few hundred KB; a file past 1 MB is not captions. */
const MAX_WEBVTT_BYTES = 1024 * 1024;

const WEBVTT = { ext: 'vtt', mime: 'text/vtt' } as const;

export type Judgement =
  /** Publish `bytes` (an SVG's are the sanitised ones) with extension `ext` (no dot), served as `mime`. */
  { ok: true; ext: string; mime: string; bytes: Buffer } | { ok: false; reason: string };

/**
 * Judges a medium by its bytes: an allowed raster image or video (file-type)
 * is kept as it is, with the extension of what it is; WebVTT captions
 * (`judgeWebVtt`) too; an SVG is sanitised (`sanitizeSvg`) and kept if it is
 * still a drawing; anything else is refused with the reason.
 */
export async function judgeMedia(bytes: Buffer): Promise<Judgement> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected && ALLOWED.has(detected.mime)) return { ok: true, ext: ALLOWED.get(detected.mime)!, mime: detected.mime, bytes };
  // file-type knows WebVTT's signature too; `judgeWebVtt` adds what makes it captions a browser reads.
  if (!detected || detected.mime === WEBVTT.mime) {
    const vtt = judgeWebVtt(bytes);
    if (vtt) return vtt.ok ? { ok: true, ...WEBVTT, bytes } : vtt;
  }
  if (!detected || detected.mime === 'application/xml') {
    const svg = sanitizeSvg(bytes);
    if (svg.ok) return { ok: true, ext: 'svg', mime: 'image/svg+xml', bytes: Buffer.from(svg.svg, 'utf8') };
    if (svg.reason !== NOT_SVG) return { ok: false, reason: svg.reason };
  }
  return { ok: false, reason: `its bytes are ${describe(bytes, detected)}, not an allowed image or video (JPEG, PNG, WebP, AVIF, GIF, SVG, MP4, WebM) nor WebVTT captions` };
}

/**
 * The file of a captions field: `judgeMedia`, and it must be WebVTT. Any
 * other medium (an image, a video, HTML named `.vtt`) is refused, naming
 * what its bytes are: a `<track>` could not show it.
 */
export async function judgeCaptions(bytes: Buffer): Promise<Judgement> {
  const judged = await judgeMedia(bytes);
  if (judged.ok && judged.mime === WEBVTT.mime) return judged;
  const vtt = judgeWebVtt(bytes);
  const found = judged.ok ? `${judged.ext.toUpperCase()} (${judged.mime})` : describe(bytes, await fileTypeFromBuffer(bytes));
  const why = vtt && !vtt.ok ? vtt.reason : `its bytes are ${found}`;
  return { ok: false, reason: `it is in a captions field, and ${why}; captions must be a WebVTT file (UTF-8 text starting "WEBVTT")` };
}

/**
 * WebVTT captions by their bytes: null when they do not start with the
 * signature (not WebVTT at all); refused when they do but are not UTF-8
 * (the only encoding WebVTT has) or larger than captions are.
 */
function judgeWebVtt(bytes: Buffer): { ok: true } | { ok: false; reason: string } | null {
  const start = bytes.subarray(0, UTF8_BOM.length).equals(UTF8_BOM) ? UTF8_BOM.length : 0;
  if (!WEBVTT_SIGNATURE.test(bytes.subarray(start, start + 7).toString('latin1'))) return null;
  if (bytes.length > MAX_WEBVTT_BYTES) return { ok: false, reason: `it is a WebVTT file of ${bytes.length} bytes, more than captions take (at most ${MAX_WEBVTT_BYTES})` };
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, reason: 'it is a WebVTT file that is not valid UTF-8 text' };
  }
  return { ok: true };
}

/**
 * `judgeMedia` for a file just downloaded: only the head of a raster image
 * or video is read; text is read whole (an SVG is judged, not changed: the
 * build publishes it sanitised). Keeps what the build would refuse out of
 * the content cache (`npm run content:pull` commits it without building).
 */
export async function judgeFile(file: string): Promise<{ ok: true } | { ok: false; reason: string }> {
  const detected = await fileTypeFromBuffer(await readHead(file));
  if (detected && ALLOWED.has(detected.mime)) return { ok: true };
  const judged = await judgeMedia(await readFile(file));
  return judged.ok ? { ok: true } : judged;
}

async function readHead(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(4100);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Whether a file already published under `assets/media/` (an earlier build)
 * passes the same judgement: its bytes are an allowed type matching its
 * extension, or it is an SVG that sanitising leaves as it was. Reads only
 * the head of raster files and videos.
 */
export async function isPublishableFile(file: string): Promise<boolean> {
  const ext = /\.([a-z0-9]+)$/i.exec(file)?.[1]?.toLowerCase() ?? '';
  if (ext === 'svg') {
    const bytes = await readFile(file);
    const svg = sanitizeSvg(bytes);
    return svg.ok && !svg.changed;
  }
  if (ext === WEBVTT.ext) return judgeWebVtt(await readFile(file))?.ok === true;
  const expected = EXTENSIONS.get(ext);
  if (!expected) return false;
  const detected = await fileTypeFromBuffer(await readHead(file));
  return detected?.mime === expected;
}

function describe(bytes: Buffer, detected: { ext: string; mime: string } | undefined): string {
  if (detected) return `${detected.ext.toUpperCase()} (${detected.mime})`;
  const start = bytes.subarray(0, 40).toString('utf8').replace(/\s+/g, ' ').trim();
  return /^[\x20-\x7e]*$/.test(start) && start ? `text starting ${JSON.stringify(start)}` : 'of no known image, video or text type';
}

const NOT_SVG = 'not an SVG';

/** One jsdom window and DOMPurify for the process (a window takes ~150 ms to make). */
let purifier: { purify: DOMPurify; window: JSDOM['window'] } | null = null;

function getPurifier(): { purify: DOMPurify; window: JSDOM['window'] } {
  if (purifier) return purifier;
  const { window } = new JSDOM('');
  const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    const value = data.attrValue.trim();
    // References stay inside the drawing: `href="#id"` yes; http:, data:, javascript: no.
    if (/^(xlink:)?href$/i.test(data.attrName) && !value.startsWith('#')) data.keepAttr = false;
    if (externalUrl(value)) data.keepAttr = false;
  });
  purify.addHook('uponSanitizeElement', (node, data) => {
    // A stylesheet may fetch (`@import`, `url(http…)`): dropped; one that only styles is kept.
    if (data.tagName === 'style' && /@import/i.test(node.textContent ?? '')) node.parentNode?.removeChild(node);
    else if (data.tagName === 'style' && externalUrl(node.textContent ?? '')) node.parentNode?.removeChild(node);
  });
  purifier = { purify, window };
  return purifier;
}

/** A CSS `url(…)` to anything but a fragment of the same document. */
function externalUrl(value: string): boolean {
  return /url\(\s*(?!['"]?\s*#)/i.test(value);
}

/**
 * Parses `bytes` as an SVG document (XML, root `<svg>` in the SVG namespace)
 * and sanitises it with DOMPurify's SVG profile in a jsdom window: no
 * script, no event handlers, no `foreignObject`, no references outside the
 * drawing (`href` other than `#…`, `url(…)` other than `url(#…)`, `@import`).
 * `ok` when what is left is still an `<svg>` with something in it; the
 * result is the re-serialised document (sanitising it again changes
 * nothing); `changed`: sanitising removed something (the document as it was,
 * re-serialised, differs).
 */
export function sanitizeSvg(bytes: Buffer): { ok: true; svg: string; changed: boolean } | { ok: false; reason: string } {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  // A cheap look before parsing: XML declaration, comments or doctype, then `<svg`.
  if (!/^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>\s*)*<svg[\s>]/i.test(text)) return { ok: false, reason: NOT_SVG };
  const { purify, window } = getPurifier();
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
