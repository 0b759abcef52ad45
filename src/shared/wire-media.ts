import type { Media, MediaFormat } from './model.js';

/**
 * A media object's packed form on the wire (wire.ts): about a sixth of its
 * JSON. `[url, width, height, alt, formats, variants?, mime?, kind?]`:
 *
 * - `url` is the file's name alone when it is published under
 *   `/assets/media/` (media.ts): every media URL of a page repeats that folder;
 * - a format is `[ref, width]`, or `[ref, width, height]` when its height is
 *   not the original's aspect ratio at that width, rounded; `ref` is its name
 *   (Strapi's `thumbnail`, `small`, …) when its URL is the original's with
 *   the name in front (`formatRef`), else its URL. One of Strapi's own four
 *   at the size Strapi makes it (`STRAPI_FORMATS`) is one string, its
 *   letter and its hash: `"t9f8e7d6c5b"` for `["thumbnail.9f8e7d6c5b",245]`;
 * - `variants` is `[key, widths]`, `mime` and `kind` are what they are, each
 *   0 when absent or when it follows (the mime from the URL's extension, the
 *   kind from the mime); trailing 0s are left out.
 *
 * `packExactly` gives null for a media object whose packed form would not
 * give it back exactly (key for key, as JSON): it travels as it is.
 */

type PackedFormat = string | [ref: string, width: number] | [url: string, width: number, height: number];
export type PackedMedia = [
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

/** Where the media phase publishes (media.ts): a packed URL without a `/` is a name in it. */
const MEDIA_DIR = '/assets/media/';

function packUrl(url: string): string {
  const name = url.startsWith(MEDIA_DIR) ? url.slice(MEDIA_DIR.length) : null;
  return name && !name.includes('/') ? name : url;
}

function unpackUrl(url: string): string {
  return url.includes('/') ? url : `${MEDIA_DIR}${url}`;
}

/**
 * Strapi's formats, by their letter on the wire: the box each is made to fit
 * (its default breakpoints; an image is never enlarged, so a smaller original
 * has fewer formats). Each comes with the original's hash in a CMS upload
 * and its own once published, so the letter is followed by that hash, if any.
 */
const STRAPI_FORMATS: Record<string, { name: string; box: readonly [number, number] }> = {
  t: { name: 'thumbnail', box: [245, 156] },
  s: { name: 'small', box: [500, 500] },
  m: { name: 'medium', box: [750, 750] },
  l: { name: 'large', box: [1000, 1000] },
};
const LETTER_OF = new Map(Object.entries(STRAPI_FORMATS).map(([letter, { name }]) => [name, letter]));

/** The width Strapi makes a format of an image of this size (sharp's `fit: inside`), or null when the size is not known. */
function strapiWidth(media: Pick<Media, 'width' | 'height'>, box: readonly [number, number]): number | null {
  return media.width && media.height ? Math.round(media.width * Math.min(box[0] / media.width, box[1] / media.height)) : null;
}

function packFormat(media: Media, parts: UrlParts, format: MediaFormat): PackedFormat {
  const ref = formatRef(parts, format.url);
  const dot = ref.indexOf('.');
  const letter = ref.includes('/') ? undefined : LETTER_OF.get(dot < 0 ? ref : ref.slice(0, dot));
  const scaled = scaledHeight(media, format.width) === format.height;
  if (letter && scaled && strapiWidth(media, STRAPI_FORMATS[letter]!.box) === format.width) return `${letter}${dot < 0 ? '' : ref.slice(dot + 1)}`;
  return scaled ? [ref, format.width] : [ref, format.width, format.height];
}

function unpackFormat(media: Pick<Media, 'width' | 'height'>, parts: UrlParts, packed: PackedFormat): MediaFormat {
  if (typeof packed !== 'string') {
    const [ref, w, h] = packed;
    return { url: formatUrl(parts, ref), width: w, height: h ?? (scaledHeight(media, w) as number) };
  }
  const format = STRAPI_FORMATS[packed[0] ?? ''];
  const width = format ? strapiWidth(media, format.box) : null;
  if (!format || width === null) throw malformed(`format ${JSON.stringify(packed)}`);
  const hash = packed.slice(1);
  return { url: formatUrl(parts, hash ? `${format.name}.${hash}` : format.name), width, height: scaledHeight(media, width) as number };
}

function pack(media: Media): PackedMedia {
  const parts = urlParts(media.url);
  const packed: unknown[] = [
    packUrl(media.url),
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

/** What reading a wire value the build did not write throws (the readers treat it as any bad payload: rule 20). */
export function malformed(what: string): Error {
  return new Error(`malformed value in the payload: ${what}`);
}

export function unpack(packed: unknown): Media {
  if (!Array.isArray(packed) || typeof packed[0] !== 'string' || !Array.isArray(packed[4])) throw malformed(JSON.stringify(packed)?.slice(0, 80) ?? 'undefined');
  const [name, width, height, alt, formats, variants, mime, kind] = packed as PackedMedia;
  const url = unpackUrl(name);
  const parts = urlParts(url);
  const type = mime === undefined || mime === 0 ? (mimeOf(url) ?? '') : mime;
  const media: Media = {
    kind: kind || kindOf(type),
    url,
    mime: type,
    width,
    height,
    alt,
    formats: formats.map((format) => unpackFormat({ width, height }, parts, format)),
  };
  if (variants) media.variants = { key: variants[0], widths: variants[1] };
  return media;
}

/** Packed media, by the object, for values that share them (normalise interns media): each is packed and checked once. */
const packedOnce = new WeakMap<Media, PackedMedia | null>();
/**
 * And by its JSON, for equal objects that are not the same one: a large site's
 * blocks are read back from disk for each page's payload (build/spill.ts), so
 * every page brings new copies of the same library images. Packing is a
 * function of the JSON (the fields' values and their order), and so is the
 * check that the packed form comes back exactly.
 */
const packedByJson = new Map<string, PackedMedia | null>();
const MAX_PACKED_BY_JSON = 10_000;

/** The packed form of a media object, or null when it would not come back exactly (then it travels as it is). */
export function packExactly(media: Media): PackedMedia | null {
  let packed = packedOnce.get(media);
  if (packed === undefined) {
    const json = JSON.stringify(media);
    packed = packedByJson.get(json);
    if (packed === undefined) {
      const candidate = pack(media);
      packed = JSON.stringify(unpack(candidate)) === json ? candidate : null;
      if (packedByJson.size >= MAX_PACKED_BY_JSON) packedByJson.clear();
      packedByJson.set(json, packed);
    }
    packedOnce.set(media, packed);
  }
  return packed;
}
