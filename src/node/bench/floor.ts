/**
 * `bench:build -- --floor` (scripts/bench-build.ts): the least a page of the
 * built site costs under the specification, whatever the engine does around
 * it. Bytes: the text a reader sees in its HTML and, once more, in its
 * payload (rule 18: client-side navigation shows the same page from it), the
 * link preloading its locale's message file (rule 11), the head rule 12 asks for and
 * its images' least markup (one modern format, docs/performance.md);
 * no other markup at all. Time: React rendering the page (the stack: the SSR
 * bundle's own `render`) and sanitising its rich text (rule 23), on one
 * thread; no reading, normalising, payloads or writing. docs/performance.md
 * compares both with the targets and the peers.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PagePayload } from '../../shared/payload.js';
import type { ServerRender } from '../../shared/render-contract.js';
import { htmlFile } from '../../shared/routes.js';
import { fromWire } from '../../shared/wire.js';
import { listFiles } from '../build/hash.js';
import { hasMarkup, sanitizeRichHtml } from '../content/sanitize.js';

/** A page's least bytes, each part in bytes of UTF-8: what the specification asks it to carry, with no other markup. */
export interface BytesFloor {
  /** The text of the page's body as a reader gets it: no tags, no scripts, entities decoded. */
  text: number;
  /** The text of its `<main>`: what its payload carries at least, for client-side navigation to show the same page (rule 18). */
  payloadText: number;
  /** The link preloading the locale's message file (rule 11: one file a locale, cached for the visit, not in every page). */
  messages: number;
  /** `<html lang>`, the title, the canonical and hreflang links (rule 12). */
  head: number;
  /** Its images' least markup: a `<picture>` with one modern format's `<source>` (type and srcset) and an `<img>` with src, width, height and alt. */
  images: number;
}

export interface Floor {
  pages: number;
  /** Averages a page; `payload` is the payload file as written, for comparison (not in `total`). */
  bytes: BytesFloor & { total: number; payload: number };
  /** CPU milliseconds a page on one thread (`process.threadCpuUsage`), over `timedPages` pages after a warm-up. */
  ms: { render: number; sanitise: number; total: number };
  timedPages: number;
}

const utf8 = (text: string) => Buffer.byteLength(text);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** The text of an HTML document's body as a reader gets it: scripts, templates and styles dropped, tags removed, character references decoded. */
export function visibleText(html: string): string {
  const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  return body
    .replace(/<(script|template|style)\b[\s\S]*?<\/\1>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
      return String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
    });
}

/** What rule 12 asks of a page's head, as the page writes it: `<html lang>`, the title, the canonical and hreflang links. */
export function requiredHead(html: string): string {
  const tags = html.match(/<html\b[^>]*>|<title>[\s\S]*?<\/title>|<link rel="(?:canonical|alternate)"[^>]*>/g) ?? [];
  return tags.join('');
}

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1] ?? '';
const leastImg = (img: string) => `<img src="${attribute(img, 'src')}" width="${attribute(img, 'width')}" height="${attribute(img, 'height')}" alt="${attribute(img, 'alt')}">`;

/** The least markup of a page's images, with the values it writes: each `<picture>` with its first `<source>`'s type and srcset and its `<img>`; an `<img>` alone as itself. */
export function leastImageMarkup(html: string): string {
  const pictures = html.match(/<picture\b[\s\S]*?<\/picture>/g) ?? [];
  const least = pictures.map((picture) => {
    const source = /<source\b[^>]*>/.exec(picture)?.[0] ?? '';
    const img = /<img\b[^>]*>/.exec(picture)?.[0] ?? '';
    if (!source) return leastImg(img);
    return `<picture><source type="${attribute(source, 'type')}" srcset="${attribute(source, 'srcset')}">${leastImg(img)}</picture>`;
  });
  const alone = html.replace(/<picture\b[\s\S]*?<\/picture>/g, '').match(/<img\b[^>]*>/g) ?? [];
  return [...least, ...alone.map(leastImg)].join('');
}

/** The link that preloads a page's message file (rule 11), whole. */
function messagesLink(html: string): string {
  return /<link rel="preload"[^>]*href="\/assets\/messages-[^"]*"[^>]*>/.exec(html)?.[0] ?? '';
}

/** A page's least bytes, from its HTML as the build wrote it. */
export function bytesFloor(html: string): BytesFloor {
  const main = /<main\b[\s\S]*?<\/main>/.exec(html)?.[0] ?? '';
  return {
    text: utf8(visibleText(html)),
    payloadText: utf8(visibleText(main)),
    messages: utf8(messagesLink(html)),
    head: utf8(requiredHead(html)),
    images: utf8(leastImageMarkup(html)),
  };
}

/** Every string of a payload that holds markup: its rich text, sanitised once by the build (rule 23). */
export function richTexts(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') {
    if (hasMarkup(value)) out.push(value);
  } else if (Array.isArray(value)) {
    for (const item of value) richTexts(item, out);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) richTexts(item, out);
  }
  return out;
}

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.threadCpuUsage(since);
  return (used.user + used.system) / 1000;
};

/**
 * Reads every page the build wrote under `dist` (each `_payload.json` and its
 * HTML) for the bytes; renders `timed` of them with the SSR bundle's `render`
 * and sanitises their rich text again, after `warmUp` others (V8 compiles the
 * hot code first), for the time. Each rich text is sanitised once: the
 * sanitiser's cache of earlier texts is not what is measured.
 */
export async function measureFloor(dist: string, render: ServerRender, { warmUp = 100, timed = 2000 } = {}): Promise<Floor> {
  const files = (await listFiles(dist)).filter((file) => path.basename(file) === '_payload.json').sort();
  const sum: BytesFloor & { payload: number } = { text: 0, payloadText: 0, messages: 0, head: 0, images: 0, payload: 0 };
  // The pages rendered: the warm-up's, then the timed ones (only those are kept).
  const warmCount = Math.min(warmUp, Math.floor(files.length / 2));
  const payloads: PagePayload[] = [];
  for (const file of files) {
    const bytes = await readFile(path.join(dist, file));
    // Only pages have a payload file (error pages embed theirs: render.ts).
    const payload = fromWire(JSON.parse(bytes.toString('utf8'))) as PagePayload;
    const page = { ...bytesFloor(await readFile(path.join(dist, htmlFile(payload.path)), 'utf8')), payload: bytes.length };
    for (const key of Object.keys(sum) as (keyof typeof sum)[]) sum[key] += page[key];
    if (payloads.length < warmCount + timed) payloads.push(payload);
  }
  const bytes = sum;
  for (const key of Object.keys(bytes) as (keyof typeof bytes)[]) bytes[key] /= Math.max(1, files.length);

  const warm = payloads.slice(0, warmCount);
  const measured = payloads.slice(warmCount);
  const renderAll = async (list: PagePayload[]) => {
    for (const payload of list) await render(payload.path, payload);
  };
  const sanitiseAll = (list: PagePayload[]) => {
    // A space more than the build sanitised (the result is trimmed): a text the sanitiser's cache has not seen, the same work.
    for (const payload of list) for (const text of richTexts(payload.page)) sanitizeRichHtml(`${text} `);
  };
  await renderAll(warm);
  sanitiseAll(warm);
  let since = process.threadCpuUsage();
  await renderAll(measured);
  const renderMs = cpuMs(since);
  since = process.threadCpuUsage();
  sanitiseAll(measured);
  const sanitiseMs = cpuMs(since);
  const per = (ms: number) => ms / Math.max(1, measured.length);
  return {
    pages: files.length,
    bytes: { ...bytes, total: bytes.text + bytes.payloadText + bytes.messages + bytes.head + bytes.images },
    ms: { render: per(renderMs), sanitise: per(sanitiseMs), total: per(renderMs + sanitiseMs) },
    timedPages: measured.length,
  };
}
