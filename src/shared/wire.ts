import type { Media, MediaFormat } from './model.js';
import { isMedia } from './media.js';

/**
 * The wire form of what the build serialises for the browser: page and error
 * payloads (rule 18) and the modals files. Only media objects change; every
 * other value is carried as it is, so the content model (model.ts) and the
 * components never see the wire form. A media object (≈ 500 bytes: its
 * formats' URLs repeat the original's name) becomes
 * `{"$m":[url, width, height, alt, formats, variants?, mime?, kind?]}`, or
 * `{"$m":n}` when it is the n-th (from 0) media already written in the same
 * value, in the order `Object.keys` walks it, which JSON keeps:
 *
 * - a format is `[ref, width]`, or `[ref, width, height]` when its height is
 *   not the original's aspect ratio at that width, rounded; `ref` is its name
 *   (Strapi's `thumbnail`, `small`, …) when its URL is the original's with
 *   the name in front (`formatRef`), else its URL;
 * - `variants` is `[key, widths]`, `mime` and `kind` are what they are, each
 *   0 when absent or when it follows (the mime from the URL's extension, the
 *   kind from the mime); trailing 0s are left out.
 *
 * A media object whose packed form does not give it back exactly (key for
 * key, as JSON) is left as it is. Objects of content that could be read as
 * the wire's own (`{"$m": …}`, `{"$": …}`) are wrapped in `{"$": …}`.
 */

const MEDIA_KEY = '$m';
const ESCAPE_KEY = '$';

type PackedFormat = [ref: string, width: number] | [url: string, width: number, height: number];
type PackedMedia = [
  url: string,
  width: number | null,
  height: number | null,
  alt: string,
  formats: PackedFormat[],
  variants?: [string, number[]] | 0,
  mime?: string | 0,
  kind?: Media['kind'] | 0,
];

/** The type the extension of a published medium says (media-safety/judge.ts publishes these). */
const MIME_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  webm: 'video/webm',
  vtt: 'text/vtt',
};

function mimeOf(url: string): string | undefined {
  const ext = /\.([a-z0-9]+)$/.exec(url)?.[1];
  return ext === undefined ? undefined : MIME_BY_EXTENSION[ext];
}

function kindOf(mime: string): Media['kind'] {
  return mime.startsWith('video/') ? 'video' : mime === 'text/vtt' ? 'captions' : 'image';
}

/** A format's height at `width` when it keeps the original's aspect ratio (how Strapi makes them), or null. */
function scaledHeight(media: Pick<Media, 'width' | 'height'>, width: number): number | null {
  return media.width && media.height ? Math.round((width * media.height) / media.width) : null;
}

/** A URL as `<dir>/<stem>.<hash>.<ext>` (how the media phase names what it publishes, media.ts), `hash` and `ext` empty when it is not. */
interface UrlParts {
  dir: string;
  base: string;
  stem: string;
  hash: string;
  ext: string;
}

function urlParts(url: string): UrlParts {
  const dir = url.slice(0, url.lastIndexOf('/') + 1);
  const base = url.slice(dir.length);
  const [, stem = base, hash = '', ext = ''] = /^(.+)\.([^.]+)\.([^.]+)$/.exec(base) ?? [];
  return { dir, base, stem, hash, ext };
}

/**
 * A format's URL by what it shares with its original's (`parts`): `name` for
 * `<dir>/<name>_<base>` (a CMS upload: `large_sea_1a2b.jpg` of `sea_1a2b.jpg`),
 * `name.hash` for `<dir>/<name>_<stem>.<hash>.<ext>` (published, each file
 * named after its own bytes: `large_sea_1a2b.9f8e7d6c5b.jpg` of
 * `sea_1a2b.0a1b2c3d4e.jpg`), else the URL itself (it holds a `/`, a name
 * never does).
 */
function formatRef(parts: UrlParts, url: string): string {
  const own = url.startsWith(parts.dir) ? url.slice(parts.dir.length) : '/';
  const name = own.endsWith(`_${parts.base}`) ? own.slice(0, -parts.base.length - 1) : null;
  if (name !== null && /^[^./]+$/.test(name)) return name;
  const end = `.${parts.ext}`;
  const body = parts.ext && own.endsWith(end) ? own.slice(0, -end.length) : '';
  const dot = body.lastIndexOf('.');
  const front = body.slice(0, Math.max(dot, 0));
  const named = front.endsWith(`_${parts.stem}`) ? front.slice(0, -parts.stem.length - 1) : '';
  return /^[^./]+$/.test(named) && /^[^./]+$/.test(body.slice(dot + 1)) ? `${named}.${body.slice(dot + 1)}` : url;
}

function formatUrl(parts: UrlParts, ref: string): string {
  if (ref.includes('/')) return ref;
  const dot = ref.indexOf('.');
  return dot < 0 ? `${parts.dir}${ref}_${parts.base}` : `${parts.dir}${ref.slice(0, dot)}_${parts.stem}.${ref.slice(dot + 1)}.${parts.ext}`;
}

function packFormat(media: Media, parts: UrlParts, format: MediaFormat): PackedFormat {
  const ref = formatRef(parts, format.url);
  return scaledHeight(media, format.width) === format.height ? [ref, format.width] : [ref, format.width, format.height];
}

function pack(media: Media): PackedMedia {
  const parts = urlParts(media.url);
  const packed: unknown[] = [
    media.url,
    media.width,
    media.height,
    media.alt,
    media.formats.map((format) => packFormat(media, parts, format)),
    media.variants ? [media.variants.key, media.variants.widths] : 0,
    media.mime === mimeOf(media.url) ? 0 : media.mime,
    media.kind === kindOf(media.mime) ? 0 : media.kind,
  ];
  while (packed.length > 5 && packed.at(-1) === 0) packed.pop();
  return packed as PackedMedia;
}

function malformed(what: string): Error {
  return new Error(`malformed media in the payload: ${what}`);
}

function unpack(packed: unknown): Media {
  if (!Array.isArray(packed) || typeof packed[0] !== 'string' || !Array.isArray(packed[4])) throw malformed(JSON.stringify(packed)?.slice(0, 80) ?? 'undefined');
  const [url, width, height, alt, formats, variants, mime, kind] = packed as PackedMedia;
  const parts = urlParts(url);
  const type = mime === undefined || mime === 0 ? (mimeOf(url) ?? '') : mime;
  const media: Media = {
    kind: kind || kindOf(type),
    url,
    mime: type,
    width,
    height,
    alt,
    formats: formats.map(([ref, w, h]) => ({ url: formatUrl(parts, ref), width: w, height: h ?? (scaledHeight({ width, height }, w) as number) })),
  };
  if (variants) media.variants = { key: variants[0], widths: variants[1] };
  return media;
}

/** Packed media, by the object, for values that share them (normalise interns media): each is packed and checked once. */
const packedOnce = new WeakMap<Media, PackedMedia | null>();

/** The packed form of a media object, or null when it would not come back exactly (then it travels as it is). */
function packExactly(media: Media): PackedMedia | null {
  let packed = packedOnce.get(media);
  if (packed === undefined) {
    const candidate = pack(media);
    packed = JSON.stringify(unpack(candidate)) === JSON.stringify(media) ? candidate : null;
    packedOnce.set(media, packed);
  }
  return packed;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The one key of an object the wire could read as its own, if that is what it has. */
function wireKey(value: Record<string, unknown>): string | null {
  const keys = Object.keys(value);
  return keys.length === 1 && (keys[0] === MEDIA_KEY || keys[0] === ESCAPE_KEY) ? keys[0] : null;
}

/** `value` in its wire form (see above), for JSON.stringify. */
export function toWire(value: unknown): unknown {
  const written = new Map<string, number>();
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!isRecord(node)) return node;
    const packed = isMedia(node) ? packExactly(node) : null;
    if (packed) {
      const key = JSON.stringify(packed);
      const seen = written.get(key);
      if (seen !== undefined) return { [MEDIA_KEY]: seen };
      written.set(key, written.size);
      return { [MEDIA_KEY]: packed };
    }
    // fromEntries, not assignment: a `__proto__` key of content stays a key.
    const out = Object.fromEntries(Object.entries(node).map(([key, child]) => [key, visit(child)]));
    return wireKey(out) === null ? out : { [ESCAPE_KEY]: out };
  };
  return visit(value);
}

/** The value `toWire` was given, from its wire form as JSON.parse returns it. Throws on a media reference the value does not hold. */
export function fromWire(value: unknown): unknown {
  const read: Media[] = [];
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!isRecord(node)) return node;
    const key = wireKey(node);
    if (key === MEDIA_KEY) {
      const packed = node[MEDIA_KEY];
      if (typeof packed !== 'number') {
        const media = unpack(packed);
        read.push(media);
        return media;
      }
      const media = read[packed];
      if (!media) throw malformed(`reference ${packed} to one of ${read.length}`);
      return media;
    }
    const source = key === ESCAPE_KEY && isRecord(node[ESCAPE_KEY]) ? node[ESCAPE_KEY] : node;
    return Object.fromEntries(Object.entries(source).map(([name, child]) => [name, visit(child)]));
  };
  return visit(value);
}
