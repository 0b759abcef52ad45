import { cmsInstant } from '../../shared/dates.js';
import type { Attribute } from '../cms-schema/attributes.js';
import { componentSchemas } from '../cms-schema/generate.js';
import type { Context } from '../content/context.js';
import { richTextToHtml } from '../content/richtext.js';
import { isRecord, type JsonRecord } from '../content/values.js';
import type { DocumentRef, MediaRef, SeedMedia } from './seed-file.js';

type Attributes = Readonly<Record<string, Attribute>>;

/** What converting one entry collects besides its data: the media it uses and where a value could not be kept. */
export interface Collected {
  readonly media: Map<string, Omit<SeedMedia, 'file'>>;
  /** Values left out, as `path: reason` (a block the schema does not have, a value of the wrong type). */
  readonly dropped: string[];
  /** The documentId → seed key of related documents (promo codes). */
  readonly documents: ReadonlyMap<string, string>;
}

const COMPONENTS: ReadonlyMap<string, Attributes> = new Map(componentSchemas().map((schema) => [schema.uid, schema.attributes]));

/** A throwaway issue context: the seed converts, the build is what reports content problems. */
const quiet = (): Context => ({ strict: false, issues: [], entity: 'page' });

/**
 * A cached entry (Strapi 5 response shape) → Document Service data for the
 * schema generated from the declarations: only attributes of the schema are
 * kept, each one written out (null or [] when the cache has none, so Strapi
 * stores what the cache says instead of a schema default), media and
 * relations as references the seeder resolves.
 */
export function toDocumentData(attributes: Attributes, raw: JsonRecord, out: Collected, path: string): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [key, attribute] of Object.entries(attributes)) data[key] = attributeValue(attribute, raw[key], out, `${path}.${key}`);
  return data;
}

function attributeValue(attribute: Attribute, raw: unknown, out: Collected, path: string): unknown {
  switch (attribute.type) {
    case 'media':
      return attribute.multiple ? list(raw).flatMap((m) => mediaRef(m, out) ?? []) : mediaRef(Array.isArray(raw) ? raw[0] : raw, out);
    case 'component':
      return attribute.repeatable
        ? list(raw).flatMap((item, i) => componentValue(attribute.component as string, item, out, `${path}[${i}]`) ?? [])
        : componentValue(attribute.component as string, raw, out, path);
    case 'dynamiczone':
      return list(raw).flatMap((item, i) => zoneItem(attribute.components as string[], item, out, `${path}[${i}]`) ?? []);
    case 'relation':
      return list(raw).flatMap((entry) => documentRef(entry, out) ?? []);
    case 'richtext':
      // Markdown/HTML as written; Strapi blocks JSON as the HTML the build renders from it.
      return Array.isArray(raw) ? richTextToHtml(raw, quiet(), path) : typeof raw === 'string' ? raw : null;
    case 'string':
    case 'text':
      return typeof raw === 'string' ? raw : typeof raw === 'number' ? String(raw) : null;
    // Values the build reads as blank with a warning (an unknown choice, a fraction or text where a whole number goes,
    // an unreadable date) are blank in the seed too: Strapi would refuse the whole entry for them.
    case 'enumeration':
      return fitting(raw, (v) => (attribute.enum as string[]).includes(v as string), 'is not one of its choices', out, path);
    case 'integer':
      return fitting(raw, Number.isInteger, 'is not a whole number', out, path);
    case 'date':
    case 'datetime':
      return fitting(raw, (v) => typeof v === 'string' && cmsInstant(v, 'start') !== null, 'is not a date', out, path);
    default:
      return raw ?? null;
  }
}

function fitting(raw: unknown, fits: (value: unknown) => boolean, problem: string, out: Collected, path: string): unknown {
  if (raw === null || raw === undefined || raw === '') return null;
  if (fits(raw)) return raw;
  out.dropped.push(`${path}: ${JSON.stringify(raw)} ${problem}`);
  return null;
}

const list = (raw: unknown): unknown[] => (Array.isArray(raw) ? raw : []);

function componentValue(uid: string, raw: unknown, out: Collected, path: string): Record<string, unknown> | null {
  if (raw === null || raw === undefined) return null;
  // A list of strings (share networks, room features, form options) is a repeatable component in Strapi.
  if (typeof raw === 'string' || typeof raw === 'number') {
    if (uid === 'shared.text-item') return { text: String(raw) };
    if (uid === 'shared.option') return { label: String(raw), value: null };
  }
  if (!isRecord(raw)) {
    out.dropped.push(`${path}: not a ${uid} component`);
    return null;
  }
  return toDocumentData(COMPONENTS.get(uid)!, raw, out, path);
}

function zoneItem(allowed: string[], raw: unknown, out: Collected, path: string): Record<string, unknown> | null {
  const component = isRecord(raw) ? raw.__component : undefined;
  if (typeof component !== 'string' || !allowed.includes(component)) {
    out.dropped.push(`${path}: ${typeof component === 'string' ? `${component} is not a component of this zone` : 'no __component'}`);
    return null;
  }
  return { __component: component, ...toDocumentData(COMPONENTS.get(component)!, raw as JsonRecord, out, path) };
}

function mediaRef(raw: unknown, out: Collected): MediaRef | null {
  if (!isRecord(raw) || typeof raw.url !== 'string') return null;
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  if (!out.media.has(raw.url)) {
    out.media.set(raw.url, {
      key: raw.url,
      name: text(raw.name) ?? raw.url.split('/').pop()!,
      mime: text(raw.mime) ?? 'application/octet-stream',
      alternativeText: text(raw.alternativeText),
      caption: text(raw.caption),
    });
  }
  return { $media: raw.url };
}

function documentRef(raw: unknown, out: Collected): DocumentRef | null {
  const key = isRecord(raw) && typeof raw.documentId === 'string' ? out.documents.get(raw.documentId) : undefined;
  return key === undefined ? null : { $document: key };
}
