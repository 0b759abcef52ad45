// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPublish, type Candidate, type PublishedSite } from './check.js';

/**
 * The publish gate's checks on the bundled site (content-cache/, as the
 * CMS sent it: the document service's shape with the crawl's populate).
 */
const CACHE = path.resolve(import.meta.dirname, '../../../content-cache/api');
const read = (file: string) => (JSON.parse(readFileSync(path.join(CACHE, `${file}.json`), 'utf8')) as { data: unknown }).data;
type Entry = Record<string, unknown> & { documentId: string; slug?: string; blocks?: Record<string, unknown>[] };

function site(): PublishedSite & { pages: Record<string, Entry[]> } {
  return {
    pages: { en: read('pages.en') as Entry[], 'es-MX': read('pages.es-MX') as Entry[] },
    layout: { en: read('layout.en'), 'es-MX': read('layout.es-MX') },
    'error-page': { en: read('error-page.en'), 'es-MX': read('error-page.es-MX') },
    modals: { en: read('modals.en'), 'es-MX': read('modals.es-MX') },
    'promo-codes': { '': read('promo-codes') },
  };
}

const OPTIONS = { cmsLocales: { en: 'en', es: 'es-MX' } } as const;
const page = (published: ReturnType<typeof site>, locale: string, slug: string) => published.pages[locale]!.find((p) => p.slug === slug)!;
const check = (candidate: Candidate, published: PublishedSite, language: 'en' | 'es' = 'en') => checkPublish(candidate, published, { ...OPTIONS, language });

describe('the publish gate runs the build’s checks on the site as the publish would leave it', () => {
  it('passes an unchanged page of the bundled site with nothing to say', () => {
    const published = site();
    expect(check({ endpoint: 'pages', locale: 'en', document: page(published, 'en', 'rooms') }, published)).toEqual({ errors: [], warnings: [] });
  });

  it('refuses a slug another page has, naming that page by title and path, never by id, in the editor’s language', () => {
    const published = site();
    const villa = page(published, 'es-MX', 'habitaciones/villa-jardin');
    const suite = page(published, 'es-MX', 'habitaciones/suite-familiar-con-alberca');
    const candidate = { endpoint: 'pages', locale: 'es-MX', document: { ...villa, slug: suite.slug } } as const;
    const es = check(candidate, published, 'es');
    expect(es.errors).toEqual([
      {
        code: 'DuplicatePath',
        severity: 'error',
        message: `Otra página ("${String(suite.title)}", /es/${suite.slug}) ya tiene la ruta /es/${suite.slug}; esta no se publicó`,
        hint: 'Da a una de las dos páginas otro slug en este idioma.',
        field: 'slug',
        fieldWords: 'Slug (dirección)',
        language: 'es',
      },
    ]);
    expect(es.errors[0]!.message).not.toContain(suite.documentId);
    // Refused, it breaks nothing elsewhere: the links to its live slug stay good.
    expect(es.warnings).toEqual([]);
    const [en] = check(candidate, published).errors;
    expect(en).toMatchObject({
      message: `Another page ("${String(suite.title)}", /es/${suite.slug}) already has the path /es/${suite.slug}; this one was not built`,
      fieldWords: 'Slug (address)',
      language: 'en',
    });
  });

  it('refuses a reserved slug', () => {
    const published = site();
    const { errors } = check({ endpoint: 'pages', locale: 'en', document: { ...page(published, 'en', 'rooms'), slug: 'assets/rooms' } }, published, 'es');
    expect(errors).toEqual([
      expect.objectContaining({ code: 'InvalidSlug', field: 'slug', message: 'El slug "assets/rooms" empieza por "assets", que está reservado; la página no se publicó' }),
    ]);
  });

  it('lets a link to a page the locale lacks through as a warning naming the block and field in words', () => {
    const published = site();
    const rooms = page(published, 'en', 'rooms');
    const blocks = rooms.blocks!.map((block, i) => (i === 0 ? { ...block, cta: { label: 'Book', slug: 'no-such-page', url: null, modal: null, external: false } } : block));
    const result = check({ endpoint: 'pages', locale: 'en', document: { ...rooms, blocks } }, published);
    expect(rooms.blocks![0]!.__component).toBe('blocks.hero');
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([
      expect.objectContaining({ code: 'UnknownLinkTarget', field: 'blocks[0].cta', fieldWords: 'Block 1 (Hero) › Button', message: expect.stringContaining('"no-such-page"') }),
    ]);
  });

  it('says nothing of problems other pages already had', () => {
    const published = site();
    const spa = page(published, 'en', 'services/spa');
    published.pages.en = published.pages.en!.map((p) => (p === spa ? { ...spa, blocks: [{ __component: 'blocks.hero', title: 'x', cta: { slug: 'gone' } }, ...spa.blocks!] } : p));
    expect(check({ endpoint: 'pages', locale: 'en', document: page(published, 'en', 'rooms') }, published)).toEqual({ errors: [], warnings: [] });
  });

  it('warns of the links a renamed slug breaks in other documents, naming them', () => {
    const published = site();
    const villa = page(published, 'en', 'rooms/garden-villa');
    const { errors, warnings } = check({ endpoint: 'pages', locale: 'en', document: { ...villa, slug: 'rooms/villa' } }, published);
    expect(errors).toEqual([]);
    expect(warnings.length).toBeGreaterThan(0);
    for (const warning of warnings) {
      expect(warning).toMatchObject({ code: 'UnknownLinkTarget', message: expect.stringContaining('"rooms/garden-villa"') });
      expect(warning.field).toBeUndefined();
      expect(warning.fieldWords).toMatch(/^(Page "[^"]+" \(\/[^)]*\)|Layout \(en\)|Modal "[^"]+" \(en\)) › /);
    }
  });

  it('refuses a modal named as another modal of its locale', () => {
    const published = site();
    const [first, second] = published.modals!.en as Entry[];
    const { errors } = check({ endpoint: 'modals', locale: 'en', document: { ...second!, modalName: first!.modalName } }, published);
    expect(errors).toEqual([expect.objectContaining({ code: 'DuplicateModalName', field: 'modalName', fieldWords: 'Modal name' })]);
  });

  it('refuses a promo code without a code, on the field of its own form', () => {
    const published = site();
    const [code] = published['promo-codes']![''] as Entry[];
    const { errors } = check({ endpoint: 'promo-codes', locale: '', document: { ...code!, code: ' ' } }, published, 'es');
    expect(errors).toEqual([
      expect.objectContaining({ code: 'PromoCodeWithoutCode', field: 'code', fieldWords: 'Código', message: 'El código promocional no tiene código (se encontró el texto " ")' }),
    ]);
  });

  it('refuses a layout whose header is not a list', () => {
    const published = site();
    const layout = published.layout!.en as Entry;
    const { errors } = check({ endpoint: 'layout', locale: 'en', document: { ...layout, header: { broken: true } } }, published);
    expect(errors).toEqual([expect.objectContaining({ code: 'ComponentsNotArray', field: 'header', fieldWords: 'Header' })]);
  });

  it('has nothing to say of a locale the site does not build', () => {
    const published = site();
    expect(check({ endpoint: 'pages', locale: 'fr', document: { ...page(published, 'en', 'rooms'), slug: 'es' } }, published)).toEqual({ errors: [], warnings: [] });
  });
});
