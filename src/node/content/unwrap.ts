import { isRecord, mapFields, mapItems, type JsonRecord } from './values.js';

/**
 * Strapi 4 → flat (Strapi 5-like) values. Strapi 4 wraps entries as
 * `{ id, attributes }` and media / relations as `{ data: entry | entry[] | null }`;
 * Strapi 5 sends entries flat. Detection is per value, so a response that mixes
 * both (or a Strapi 5 response) passes through unchanged. After this step no
 * `data` / `attributes` envelope is left anywhere (style: normalise at the edge).
 *
 * Copy on write: a list or object with no envelope anywhere inside is
 * returned as it is (the same object), so a Strapi 5 response is not copied
 * (at 10,000 pages the copy was ≈ 200 MB of garbage and 8% of normalising).
 * Nothing downstream writes into what this returns.
 */
export function unwrap(value: unknown): unknown {
  if (Array.isArray(value)) return mapItems(value, unwrap);
  if (!isRecord(value)) return value;
  if (isEntry(value)) return { id: value.id, ...mapFields(value.attributes as JsonRecord, unwrap) };
  if (isRelation(value)) return unwrap(value.data);
  return mapFields(value, unwrap);
}

const ENTRY_KEYS = new Set(['id', 'documentId', 'attributes']);
const RELATION_KEYS = new Set(['data', 'meta']);

/** `{ id, attributes: {...} }`: a Strapi 4 entry (collection item, media file, related entry). */
function isEntry(value: JsonRecord): boolean {
  return isRecord(value.attributes) && Object.keys(value).every((key) => ENTRY_KEYS.has(key));
}

/** `{ data: entry | entry[] | null }`: a Strapi 4 media or relation field. */
function isRelation(value: JsonRecord): boolean {
  if (!('data' in value) || !Object.keys(value).every((key) => RELATION_KEYS.has(key))) return false;
  const data = value.data;
  if (data === null) return true;
  if (Array.isArray(data)) return data.every((item) => isRecord(item) && isEntry(item));
  return isRecord(data) && isEntry(data);
}
