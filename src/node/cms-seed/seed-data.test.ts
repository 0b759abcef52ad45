// @vitest-environment node
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../shared/locales.js';
import { readCache } from '../cms/cache.js';
import type { RawSite } from '../cms/raw.js';
import { normaliseSite } from '../content/normalise.js';
import { isRecord } from '../content/values.js';
import { seedFromSite } from './seed-data.js';

const CACHE = fileURLToPath(new URL('../../../content-cache', import.meta.url));
const cmsLocales = { en: 'en', es: 'es-MX' } as const;

/** Every object with a `url` and `mime` in the cache: the media objects, by url. */
function mediaObjects(value: unknown, out = new Map<string, unknown>()): Map<string, unknown> {
  if (Array.isArray(value)) value.forEach((v) => mediaObjects(v, out));
  else if (isRecord(value)) {
    if (typeof value.url === 'string' && typeof value.mime === 'string') out.set(value.url, value);
    Object.values(value).forEach((v) => mediaObjects(v, out));
  }
  return out;
}

/**
 * What Strapi answers for seeded data, without a Strapi: references resolved
 * to the cached media object and promo code (the real round trip against
 * Strapi is test/cms/round-trip.test.ts).
 */
function asResponse(value: unknown, media: Map<string, unknown>, documents: Map<string, unknown>): unknown {
  if (Array.isArray(value)) return value.map((v) => asResponse(v, media, documents));
  if (!isRecord(value)) return value;
  if (typeof value.$media === 'string') return media.get(value.$media);
  if (typeof value.$document === 'string') return documents.get(value.$document);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asResponse(v, media, documents)]));
}

function siteFromSeed(cache: RawSite): RawSite {
  const { file } = seedFromSite(cache, CACHE);
  const media = mediaObjects([cache.pages, cache.layout, cache.errorPage, cache.modals, cache.promoCodes]);
  const promo = new Map(file.documents.filter((d) => d.uid.includes('promo-code')).map((d) => [d.key, { documentId: d.key, ...d.entries[0]!.data }]));
  // What Strapi assigns itself (the entry's id, its updatedAt) is taken from the cached entry of the same document and locale.
  const assigned = (singular: string, key: string, locale: 'en' | 'es') => {
    const all = { page: cache.pages, modal: cache.modals, layout: cache.layout, 'error-page': cache.errorPage }[singular as 'page'][locale];
    const entry = (Array.isArray(all) ? all : [all]).find((e) => isRecord(e) && (e.documentId === key.split(':')[1] || !Array.isArray(all))) as { id?: number; updatedAt?: string };
    return { id: entry.id, updatedAt: entry.updatedAt };
  };
  const entriesOf = (singular: string, locale: 'en' | 'es') =>
    file.documents
      .filter((d) => d.uid === `api::${singular}.${singular}`)
      .flatMap((d) =>
        d.entries
          .filter((e) => e.locale === cmsLocales[locale])
          .map((e) => ({
            documentId: d.key.slice(d.key.indexOf(':') + 1),
            locale: e.locale,
            ...assigned(singular, d.key, locale),
            ...(asResponse(e.data, media, promo) as object),
          })),
      );
  const perLocale = (singular: string, single: boolean) =>
    Object.fromEntries(LOCALES.map((locale) => [locale, single ? (entriesOf(singular, locale)[0] ?? null) : entriesOf(singular, locale)])) as Record<'en' | 'es', unknown>;
  return {
    ...cache,
    pages: perLocale('page', false),
    modals: perLocale('modal', false),
    layout: perLocale('layout', true),
    errorPage: perLocale('error-page', true),
    promoCodes: [...promo.values()],
  };
}

describe('seeding a Strapi from content-cache/ (the CMS schema generated from the declarations)', () => {
  it('keeps everything the site is built from: the seeded content normalises to the same site as the cache', async () => {
    const cache = await readCache(CACHE, cmsLocales);
    const fromCache = normaliseSite(cache, { strict: false });
    const fromSeed = normaliseSite(siteFromSeed(cache), { strict: false });
    expect(fromSeed.issues).toEqual(fromCache.issues);
    expect(fromSeed.content).toEqual(fromCache.content);
  });

  it('drops nothing of the bundled content, uploads every media file it uses once, and links both locales of a page as one document', async () => {
    const { file, dropped } = seedFromSite(await readCache(CACHE, cmsLocales), CACHE);
    expect(dropped).toEqual([]);
    expect(new Set(file.media.map((m) => m.key)).size).toBe(file.media.length);
    for (const media of file.media) expect(existsSync(media.file), media.file).toBe(true);
    const home = file.documents.find((d) => d.entries.some((e) => e.data.slug === 'home'))!;
    expect(home.entries.map((e) => [e.locale, e.data.slug])).toEqual([
      ['en', 'home'],
      ['es-MX', 'home'],
    ]);
  });

  it('orders documents so relations point backwards: promo codes before the pages whose booking blocks use them', async () => {
    const { file } = seedFromSite(await readCache(CACHE, cmsLocales), CACHE);
    const position = new Map(file.documents.map((d, i) => [d.key, i]));
    file.documents.forEach((document, i) => {
      for (const [, key] of JSON.stringify(document).matchAll(/"\$document":"([^"]+)"/g)) expect(position.get(key!)!, `${document.key} → ${key}`).toBeLessThan(i);
    });
  });

  it('reports what the schema cannot hold instead of sending it: an unknown block, a component of another zone', async () => {
    const cache = await readCache(CACHE, cmsLocales);
    const pages = structuredClone(cache.pages) as Record<'en' | 'es', Array<{ blocks: unknown[] }>>;
    pages.en[0]!.blocks.push({ __component: 'blocks.nope', id: 1 }, { __component: 'modals.room', id: 2 });
    const { dropped } = seedFromSite({ ...cache, pages }, CACHE);
    expect(dropped).toEqual([expect.stringMatching(/blocks\.nope is not a component of this zone$/), expect.stringMatching(/modals\.room is not a component of this zone$/)]);
  });

  it('seeds as blank what the build reads as blank and Strapi would refuse the entry for: an unknown choice, a fraction for a whole number, an unreadable date', async () => {
    const cache = await readCache(CACHE, cmsLocales);
    const pages = structuredClone(cache.pages) as Record<'en' | 'es', Array<{ blocks: unknown[] }>>;
    pages.en[0]!.blocks.push({ __component: 'blocks.hero', id: 1, height: 'giant', startdate: 'soon' }, { __component: 'blocks.blog-list', id: 2, pageSize: 2.5 });
    const { file, dropped } = seedFromSite({ ...cache, pages }, CACHE);
    expect(dropped).toEqual([
      expect.stringMatching(/blocks\[\d+\]\.startdate: "soon" is not a date$/),
      expect.stringMatching(/blocks\[\d+\]\.height: "giant" is not one of its choices$/),
      expect.stringMatching(/blocks\[\d+\]\.pageSize: 2\.5 is not a whole number$/),
    ]);
    const blocks = file.documents.find((d) => d.entries[0]!.data.slug === 'home')!.entries[0]!.data.blocks as Array<Record<string, unknown>>;
    expect(blocks.slice(-2).map((block) => [block.height ?? null, block.startdate, block.pageSize ?? null])).toEqual([
      [null, null, null],
      [null, null, null],
    ]);
  });
});
