import path from 'node:path';
import { LOCALES } from '../../shared/locales.js';
import type { Locale } from '../../shared/model.js';
import { CONTENT_TYPES } from '../cms-schema/content-types.js';
import { mediaCachePath } from '../cms/media-path.js';
import type { RawSite } from '../cms/raw.js';
import { isRecord, type JsonRecord } from '../content/values.js';
import { toDocumentData, type Collected } from './convert.js';
import type { SeedDocument, SeedFile } from './seed-file.js';

const typeOf = (singular: string) => CONTENT_TYPES.find((type) => type.singularName === singular)!;
const uidOf = (singular: string) => `api::${singular}.${singular}`;
const records = (value: unknown): JsonRecord[] => (Array.isArray(value) ? value.filter(isRecord) : []);

/** `page "rooms"`; the seed key when the entry has no usable name. */
const named = (what: string, name: unknown, key: string) =>
  typeof name === 'string' && name.trim() !== '' ? `${what} "${name.trim()}"` : `${what} ${key.slice(key.indexOf(':') + 1)}`;

/** The seed's result: the file the CMS reads, and what the cache held that the schema could not take. */
export interface Seed {
  readonly file: SeedFile;
  readonly dropped: string[];
}

/**
 * The seed of a Strapi from cached content (`content-cache/`): promo codes
 * first (pages relate to them), then modals, pages, the layout and the error
 * page. Entries of one Strapi document in several locales (same
 * `documentId` in the cache) become one seed document whose locales are
 * linked, in site-locale order (English first).
 */
export function seedFromSite(site: RawSite, cacheDir: string): Seed {
  const documentKeys = new Map<string, string>();
  const collected: Collected = { media: new Map(), dropped: [], documents: documentKeys };
  const documents: SeedDocument[] = [];
  const cmsLocale = (locale: Locale) => site.cmsLocales[locale];

  for (const entry of records(site.promoCodes)) {
    const key = `promo-code:${String(entry.documentId ?? entry.code)}`;
    if (typeof entry.documentId === 'string') documentKeys.set(entry.documentId, key);
    documents.push({
      key,
      uid: uidOf('promo-code'),
      name: named('promo code', entry.code, key),
      entries: [{ locale: null, data: toDocumentData(typeOf('promo-code').attributes, entry, collected, key) }],
    });
  }

  for (const [singular, byLocale] of [
    ['modal', site.modals],
    ['page', site.pages],
  ] as const) {
    const grouped = new Map<string, SeedDocument>();
    for (const locale of LOCALES) {
      records(byLocale[locale]).forEach((entry, i) => {
        const key = `${singular}:${typeof entry.documentId === 'string' ? entry.documentId : `${locale}-${i}`}`;
        const document = grouped.get(key) ?? {
          key,
          uid: uidOf(singular),
          name: named(singular, singular === 'page' ? (entry.slug ?? entry.title) : entry.modalName, key),
          entries: [],
        };
        grouped.set(key, document);
        document.entries.push({ locale: cmsLocale(locale), data: toDocumentData(typeOf(singular).attributes, entry, collected, `${key}@${locale}`) });
      });
    }
    documents.push(...grouped.values());
  }

  for (const [singular, byLocale] of [
    ['layout', site.layout],
    ['error-page', site.errorPage],
  ] as const) {
    const entries = LOCALES.filter((locale) => isRecord(byLocale[locale])).map((locale) => ({
      locale: cmsLocale(locale),
      data: toDocumentData(typeOf(singular).attributes, byLocale[locale] as JsonRecord, collected, `${singular}@${locale}`),
    }));
    if (entries.length > 0) documents.push({ key: singular, uid: uidOf(singular), name: singular.replace('-', ' '), entries });
  }

  // The cache keeps each media file where mediaCachePath puts its url (content contract, "Where the content comes from").
  const media = [...collected.media.values()].map((m) => ({ ...m, file: path.join(cacheDir, mediaCachePath(m.key)) }));
  return { file: { version: 1, media, documents }, dropped: collected.dropped };
}
