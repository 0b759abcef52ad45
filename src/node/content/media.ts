import type { Media, MediaFormat } from '../../shared/model.js';
import { ISSUES } from './issues.js';
import { report, type Context } from './context.js';
import { stripMarkup } from './sanitize.js';
import { rejectUnsafeUrl, unsafeProtocol } from './urls.js';
import { compareStrings, isRecord, joinPath, numberOrNull, type JsonRecord } from './values.js';

export function toMediaList(value: unknown, ctx: Context, field: string): Media[] {
  if (value === null || value === undefined) return [];
  if (!Array.isArray(value)) {
    const single = toMedia(value, ctx, field);
    return single ? [single] : [];
  }
  return value.map((item, i) => toMedia(item, ctx, joinPath(field, i))).filter((m): m is Media => m !== null);
}

/**
 * A Strapi media file (already unwrapped) → Media. `formats` are sorted by
 * width so the renderer can write `srcset` directly; `alt` falls back to the
 * caption, then ''. `kind`: what the field holds whatever the mime (a
 * captions field); by default a `video/*` mime is a video, anything else an image.
 */
export function toMedia(value: unknown, ctx: Context, field: string, kind?: Media['kind']): Media | null {
  if (value === null || value === undefined) return null;
  if (!isRecord(value) || typeof value.url !== 'string' || value.url.trim() === '') {
    report(ctx, field, ISSUES.invalidMedia(value));
    return null;
  }
  const url = value.url.trim();
  if (rejectUnsafeUrl(url, ctx, joinPath(field, 'url'))) return null;
  const mime = typeof value.mime === 'string' ? value.mime : guessMime(url);
  return intern({
    kind: kind ?? (mime.startsWith('video/') ? 'video' : 'image'),
    url,
    mime,
    width: numberOrNull(value.width),
    height: numberOrNull(value.height),
    alt: firstText(value.alternativeText, value.caption),
    formats: formats(value.formats),
  });
}

/**
 * One object per distinct media value: a library image used on thousands of
 * pages is held once, not once per use (memory that grows with the library,
 * not with the site). Media values are never modified after normalising.
 */
const interned = new Map<string, Media>();
const MAX_INTERNED = 100_000;

function intern(media: Media): Media {
  const key = [media.kind, media.url, media.mime, media.width, media.height, media.alt, ...media.formats.map((f) => `${f.url} ${f.width} ${f.height}`)].join('\0');
  const known = interned.get(key);
  if (known) return known;
  if (interned.size >= MAX_INTERNED) interned.clear();
  interned.set(key, media);
  return media;
}

function formats(value: unknown): MediaFormat[] {
  if (!isRecord(value)) return [];
  return Object.values(value)
    .filter(isFormat)
    .map((f) => ({ url: (f.url as string).trim(), width: f.width as number, height: f.height as number }))
    .filter((f) => unsafeProtocol(f.url) === null)
    .sort((a, b) => a.width - b.width || compareStrings(a.url, b.url));
}

function isFormat(value: unknown): value is JsonRecord {
  return isRecord(value) && typeof value.url === 'string' && numberOrNull(value.width) !== null && numberOrNull(value.height) !== null;
}

function firstText(...values: unknown[]): string {
  for (const value of values) if (typeof value === 'string' && value.trim() !== '') return stripMarkup(value).trim();
  return '';
}

const MIME_BY_EXTENSION: Record<string, string> = { mp4: 'video/mp4', webm: 'video/webm', mov: 'video/quicktime', ogv: 'video/ogg', vtt: 'text/vtt' };

/** Media without a `mime` (hand-written cache, external url): judged by extension. */
function guessMime(url: string): string {
  const ext = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(url)?.[1]?.toLowerCase();
  return (ext && MIME_BY_EXTENSION[ext]) || '';
}
