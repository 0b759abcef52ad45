import { open, readFile } from 'node:fs/promises';
import { fileTypeFromBuffer } from 'file-type';
import { NOT_SVG, sanitizeSvg } from './svg.js';
import { judgeWebVtt } from './webvtt.js';

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
    const svg = await sanitizeSvg(bytes);
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
  return {
    ok: false,
    reason: `it is in a captions field, and ${why}; captions must be a WebVTT file (UTF-8 text starting "WEBVTT", then its cues, as the w3c's WebVTT validator accepts it)`,
  };
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
    const svg = await sanitizeSvg(bytes);
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
