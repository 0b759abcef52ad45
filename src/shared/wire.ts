import { displayName } from './blocks/names.js';
import type { Block, Media } from './model.js';
import { isMedia } from './media.js';
import { malformed, packExactly, unpack, type PackedMedia } from './wire-media.js';
import { isRecord } from './records.js';

/**
 * The wire form of what the build serialises for the browser: page and error
 * payloads (rule 18) and the modals files. Only media objects and block
 * envelopes change; every other value is carried as it is, so the content
 * model (model.ts) and the components never see the wire form.
 *
 * - A media object (≈ 500 bytes: its formats' URLs repeat the original's
 *   name) becomes `{"$m":[…]}` (wire-media.ts), or `{"$m":n}` when it is the
 *   n-th (from 0) media object already written in the same value, in the
 *   order `Object.keys` walks it, which JSON keeps.
 * - A block in a list whose `name` is its component's display name and whose
 *   `key` is its place in the list, as the build makes every block, becomes
 *   `{"$b":[component, props]}`, or `{"$b":[component, props, countries]}`
 *   when it is targeted (`countries` not null); `component` without its
 *   `blocks.` (`hero` for `blocks.hero`; `modals.room` stays as it is).
 * - A text (`isSharedText`: words, not an id, a date or a URL) already
 *   written in full in the same value (a page's title in its SEO and head,
 *   its description, a link labelled as its card) becomes `{"$s":n}`, n
 *   counting from 0 the texts written in full, in the same order.
 *
 * Anything that does not fit is written as it is. Objects of content that
 * could be read as the wire's own (one key, `$m`, `$b`, `$s` or `$`) are
 * wrapped in `{"$": …}`.
 */

const MEDIA_KEY = '$m';
const BLOCK_KEY = '$b';
/** What a page block's component starts with, left out on the wire (a component written without a dot has it). */
const BLOCK_PREFIX = 'blocks.';
const STRING_KEY = '$s';
const ESCAPE_KEY = '$';
const WIRE_KEYS: ReadonlySet<string> = new Set([MEDIA_KEY, BLOCK_KEY, STRING_KEY, ESCAPE_KEY]);
/**
 * A string written again as a reference: 16 characters or more (`{"$s":12}`
 * is 9) with a space. Ids, dates, slugs and URLs have none: two builds of the
 * same content that differ in those (the CMS round trip's ids and times,
 * test/support/cms-round-trip.ts) write the same texts in the same places.
 */
const isSharedText = (value: unknown): value is string => typeof value === 'string' && value.length >= 16 && value.includes(' ');

/** A block's keys, in the order the build writes them (normalise). */
const BLOCK_FIELDS = ['component', 'name', 'key', 'countries', 'props'] as const;

/** The one key of an object the wire could read as its own, if that is what it has. */
function wireKey(value: Record<string, unknown>): string | null {
  const keys = Object.keys(value);
  return keys.length === 1 && WIRE_KEYS.has(keys[0]!) ? keys[0]! : null;
}

/** A block at `index` of its list whose name and key follow from its component and place (a null `index`: not in a list). */
function isDerivedBlock(node: Record<string, unknown>, index: number | null): node is Record<string, unknown> & Block {
  const keys = Object.keys(node);
  return (
    index !== null &&
    keys.length === BLOCK_FIELDS.length &&
    keys.every((key, i) => key === BLOCK_FIELDS[i]) &&
    typeof node.component === 'string' &&
    node.component.includes('.') &&
    node.name === displayName(node.component) &&
    node.key === String(index) &&
    (node.countries === null || (Array.isArray(node.countries) && node.countries.every((code) => typeof code === 'string'))) &&
    isRecord(node.props)
  );
}

/** A packed media's JSON, which finds it again in a value: once a packed form (packExactly gives the same one for equal media). */
const packedKeys = new WeakMap<PackedMedia, string>();
function packedKey(packed: PackedMedia): string {
  let key = packedKeys.get(packed);
  if (key === undefined) packedKeys.set(packed, (key = JSON.stringify(packed)));
  return key;
}

/** `value` in its wire form (see above), for JSON.stringify. */
export function toWire(value: unknown): unknown {
  const written = new Map<string, number>();
  const texts = new Map<string, number>();
  const visit = (node: unknown, index: number | null): unknown => {
    if (isSharedText(node)) {
      const seen = texts.get(node);
      if (seen !== undefined) return { [STRING_KEY]: seen };
      texts.set(node, texts.size);
      return node;
    }
    if (Array.isArray(node)) return node.map((child, i) => visit(child, i));
    if (!isRecord(node)) return node;
    const packed = isMedia(node) ? packExactly(node) : null;
    if (packed) {
      const key = packedKey(packed);
      const seen = written.get(key);
      if (seen !== undefined) return { [MEDIA_KEY]: seen };
      written.set(key, written.size);
      return { [MEDIA_KEY]: packed };
    }
    if (isDerivedBlock(node, index)) {
      const props = visit(node.props, null);
      const component = node.component.startsWith(BLOCK_PREFIX) ? node.component.slice(BLOCK_PREFIX.length) : node.component;
      return { [BLOCK_KEY]: node.countries === null ? [component, props] : [component, props, node.countries] };
    }
    // fromEntries, not assignment: a `__proto__` key of content stays a key.
    const out = Object.fromEntries(Object.entries(node).map(([key, child]) => [key, visit(child, null)]));
    return wireKey(out) === null ? out : { [ESCAPE_KEY]: out };
  };
  return visit(value, null);
}

/** The value `toWire` was given, from its wire form as JSON.parse returns it. Throws on a packed value it cannot read (a media or string reference the value does not hold). */
export function fromWire(value: unknown): unknown {
  const read: Media[] = [];
  const texts: string[] = [];
  const visit = (node: unknown, index: number | null): unknown => {
    if (isSharedText(node)) texts.push(node);
    if (Array.isArray(node)) return node.map((child, i) => visit(child, i));
    if (!isRecord(node)) return node;
    const key = wireKey(node);
    if (key === STRING_KEY) {
      const at = node[STRING_KEY];
      const text = typeof at === 'number' && Number.isInteger(at) ? texts[at] : undefined;
      if (text === undefined) throw malformed(`reference ${JSON.stringify(node[STRING_KEY])} to one of ${texts.length} strings`);
      return text;
    }
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
    if (key === BLOCK_KEY) {
      const packed = node[BLOCK_KEY];
      const [written, props, countries = null] = Array.isArray(packed) ? (packed as unknown[]) : [];
      if (typeof written !== 'string' || !isRecord(props) || index === null) throw malformed(`block ${JSON.stringify(packed)?.slice(0, 80)}`);
      const component = written.includes('.') ? written : `${BLOCK_PREFIX}${written}`;
      return { component, name: displayName(component), key: String(index), countries, props: visit(props, null) };
    }
    const source = key === ESCAPE_KEY && isRecord(node[ESCAPE_KEY]) ? node[ESCAPE_KEY] : node;
    return Object.fromEntries(Object.entries(source).map(([name, child]) => [name, visit(child, null)]));
  };
  return visit(value, null);
}
