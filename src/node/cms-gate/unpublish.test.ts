// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PublishedSite } from './check.js';
import { checkUnpublish } from './unpublish.js';

/** What unpublishing a page of the bundled site (content-cache/, the document service's shape) leaves behind. */
const CACHE = path.resolve(import.meta.dirname, '../../../content-cache/api');
const read = (file: string) => (JSON.parse(readFileSync(path.join(CACHE, `${file}.json`), 'utf8')) as { data: unknown }).data;
type Entry = Record<string, unknown> & { documentId: string; slug: string; title: string };

const published = {
  pages: { en: read('pages.en') as Entry[], 'es-MX': read('pages.es-MX') as Entry[] },
  layout: { en: read('layout.en'), 'es-MX': read('layout.es-MX') },
  'error-page': { en: read('error-page.en'), 'es-MX': read('error-page.es-MX') },
  modals: { en: read('modals.en'), 'es-MX': read('modals.es-MX') },
  'promo-codes': { '': read('promo-codes') },
} satisfies PublishedSite;

const OPTIONS = { cmsLocales: { en: 'en', es: 'es-MX' } } as const;
const leaving = (locale: 'en' | 'es-MX', slug: string) => ({ locale, documentId: published.pages[locale].find((p) => p.slug === slug)!.documentId });

describe('unpublishing a page names the published entries that link to it', () => {
  it('by title and CMS locale, each link where the build finds it: a button, a menu, rich text', () => {
    const linking = checkUnpublish(leaving('en', 'rooms'), published, { ...OPTIONS, language: 'en' });
    expect(linking.map((entry) => entry.name)).toEqual(expect.arrayContaining(['Home (en)', 'All blocks (en)', 'Layout (en)']));
    const home = linking.find((entry) => entry.name === 'Home (en)')!;
    expect(home.notices).toContainEqual(expect.objectContaining({ code: 'UnknownLinkTarget', fieldWords: 'Page "Home" (/) › Block 1 (Hero) › Button', language: 'en' }));
    // A rich-text link is the build's too (link-targets.ts), with the path as written.
    const allBlocks = linking.find((entry) => entry.name === 'All blocks (en)')!;
    expect(allBlocks.notices.map((n) => n.message)).toContain('Link to "/rooms" matches no page in this locale; it leads to the 404 page');
    // Nothing about the page itself, nor about the other locale.
    expect(linking.flatMap((entry) => entry.notices).every((n) => n.code === 'UnknownLinkTarget')).toBe(true);
    expect(linking.some((entry) => entry.name.endsWith('(es-MX)'))).toBe(false);
  });

  it('in the editor’s language; nothing for a page not published, or for a locale the site does not build', () => {
    const es = checkUnpublish(leaving('es-MX', 'habitaciones'), published, { ...OPTIONS, language: 'es' });
    expect(es.find((entry) => entry.name === 'Inicio (es-MX)')!.notices[0]).toMatchObject({ fieldWords: 'Página "Inicio" (/es) › Bloque 1 (Portada) › Botón', language: 'es' });
    expect(checkUnpublish({ locale: 'en', documentId: 'not-published' }, published, { ...OPTIONS, language: 'en' })).toEqual([]);
    expect(checkUnpublish({ locale: 'fr', documentId: leaving('en', 'rooms').documentId }, published, { ...OPTIONS, language: 'en' })).toEqual([]);
  });
});
