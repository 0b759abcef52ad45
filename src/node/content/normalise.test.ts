// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { normaliseSite } from './normalise.js';
import { fixtureSite, page, rawSite } from './fixtures/raw-site.js';

const strapi5 = () => normaliseSite(fixtureSite(5), { strict: false });
const strapi4 = () => normaliseSite(fixtureSite(4), { strict: false });

describe('normaliseSite: fixture sites', () => {
  it('reads the fixtures without issues, but for the layout’s links to pages the small fixture site does not have', () => {
    for (const { issues } of [strapi5(), strapi4()]) {
      // The footers' legal texts link `/privacy` (no such page here) and, in Spanish, `/privacidad`: an English path.
      expect(issues.map((i) => [i.code, i.locale, i.field])).toEqual([
        ['UnknownLinkTarget', 'en', 'header[0].nav[0]'],
        ['UnknownLinkTarget', 'en', 'footer[0].legal'],
        ['UnknownLinkTarget', 'en', 'footer[1].policy'],
        ['UnknownLinkTarget', 'es', 'header[0].nav[0]'],
        ['OtherLocaleLink', 'es', 'footer[0].legal'],
        ['UnknownLinkTarget', 'es', 'footer[1].policy'],
      ]);
    }
  });

  it('gives the same SiteContent for Strapi 4 and Strapi 5 input', () => {
    expect(strapi4().content).toStrictEqual(strapi5().content);
  });

  it('leaves no CMS envelope or bookkeeping in the output', () => {
    const { content } = strapi4();
    expect(JSON.stringify(content)).not.toMatch(/"(attributes|data|__component|createdAt|publishedAt|color_offer_close)":/);
    // Repeatable components' ids are dropped too (modals keep their own id).
    expect(JSON.stringify([content.pages, content.layouts, content.errors, content.modals.en[0]!.items])).not.toMatch(/"id":/);
  });

  it('is deterministic: same input twice gives identical JSON', () => {
    expect(JSON.stringify(strapi5())).toBe(JSON.stringify(strapi5()));
    expect(JSON.stringify(strapi4())).toBe(JSON.stringify(strapi4()));
  });

  it('sorts pages by locale, then path', () => {
    expect(strapi5().content.pages.map((p) => p.path)).toEqual(['/', '/blog/hello', '/rooms/deluxe-suite', '/es', '/es/habitaciones/suite-deluxe']);
  });

  it('reads page fields with their defaults', () => {
    const pages = strapi5().content.pages;
    const home = pages.find((p) => p.path === '/')!;
    const suite = pages.find((p) => p.path === '/es/habitaciones/suite-deluxe')!;
    expect(home).toMatchObject({ locale: 'en', slug: 'home', title: 'Home', kind: 'page', summary: '', cover: null, date: null, updatedAt: '2026-05-03T09:12:00.000Z' });
    expect(home.seo).toMatchObject({ metaTitle: 'Marea Resorts', metaDescription: '', noIndex: false, metaImage: { url: '/uploads/hero_a1b2.jpg' } });
    expect(suite).toMatchObject({ locale: 'es', slug: 'habitaciones/suite-deluxe', kind: 'room', date: '2026-05-01', summary: 'Vista al mar, 65 m²' });
    expect(suite.seo).toEqual({ metaTitle: 'Suite Deluxe', metaDescription: 'Vista al mar, 65 m²', metaImage: null, noIndex: false });
    expect(suite.cover).toMatchObject({ kind: 'image', alt: 'The deluxe suite' });
  });

  it('turns blocks into Block { component, name, key, countries, props }', () => {
    const home = strapi4().content.pages.find((p) => p.path === '/')!;
    expect(home.blocks.map((b) => [b.component, b.name, b.key])).toEqual([
      ['blocks.hero', 'Hero', '0'],
      ['blocks.wysiwyg', 'Wysiwyg', '1'],
      ['blocks.booking', 'Booking', '2'],
      ['blocks.phone', 'Phone', '3'],
    ]);
    expect(Object.keys(home.blocks[0]!.props)).toEqual(['cta', 'height', 'media', 'subtitle', 'title']);
    expect(home.blocks[1]!.props.body).toMatch(/^<h2>Hello<\/h2><p>Some <strong>bold<\/strong>/);
    expect(home.blocks[2]!.props.promocodes).toEqual([
      { code: 'SUMMER26', startdate: '2026-06-01T00:00:00.000Z', enddate: null, countries: ['USA', 'CAN'], label: '15% off' },
      { code: 'MX10', startdate: null, enddate: '2026-12-31', countries: ['MEX'], label: '10% MX' },
    ]);
    expect(home.blocks[3]!.props.numbers).toEqual([
      { countries: ['USA', 'CAN'], label: 'USA', number: '+1 800 555 0100' },
      { countries: ['MEX'], label: 'México', number: '+52 55 5555 0100' },
      { countries: null, label: 'Other', number: '+52 998 555 0100' },
    ]);
  });

  it('reaches media two levels down (carousel slides, gallery images)', () => {
    const suite = strapi4().content.pages.find((p) => p.path === '/rooms/deluxe-suite')!;
    const [gallery, carousel] = suite.blocks;
    expect((gallery!.props.images as Array<{ url: string }>).map((m) => m.url)).toEqual(['/uploads/suite_a1b2.jpg', '/uploads/pool_a1b2.jpg']);
    expect(carousel!.props.slides).toMatchObject([{ media: { kind: 'video', mime: 'video/mp4' }, link: { kind: 'modal', modal: 'deluxe-suite' } }, { media: { kind: 'image' } }]);
    expect((carousel!.props.slides as object[])[1]).not.toHaveProperty('link');
  });

  it('reads layouts, error pages, modals and promo codes per locale', () => {
    const { content } = strapi4();
    expect(content.layouts.es.header.map((b) => b.name)).toEqual(['Header', 'LanguageSwitcher', 'OfferToast']);
    expect(content.layouts.es.header[2]!.countries).toEqual(['USA']);
    expect(content.layouts.en.footer.map((b) => b.name)).toEqual(['Footer', 'CookieNotice']);
    expect(content.errors.es).toMatchObject({
      text404: 'Perdido en el mar',
      links: [
        { slug: 'habitaciones/suite-deluxe', btntext: 'Ver la suite' },
        { slug: 'home', btntext: 'Inicio' },
      ],
    });
    expect(content.modals.en).toMatchObject([
      {
        id: 7,
        name: 'deluxe-suite',
        items: [
          { name: 'ModalRoom', countries: ['MEX'] },
          { name: 'ModalRoom', countries: null },
        ],
      },
    ]);
    expect(content.promoCodes.map((p) => p.code)).toEqual(['SUMMER26', 'MX10', 'ALWAYS']);
  });
});

describe('translations (rule 12)', () => {
  const alternates = (pages: ReturnType<typeof strapi5>['content']['pages']) => Object.fromEntries(pages.map((p) => [p.path, p.alternates]));

  it.each([
    ['Strapi 5 (documentId)', strapi5],
    ['Strapi 4 (localizations)', strapi4],
  ])('%s: reciprocal alternates; a page in one locale lists only itself', (_name, run) => {
    expect(alternates(run().content.pages)).toEqual({
      '/': { en: '/', es: '/es' },
      '/es': { en: '/', es: '/es' },
      '/rooms/deluxe-suite': { en: '/rooms/deluxe-suite', es: '/es/habitaciones/suite-deluxe' },
      '/es/habitaciones/suite-deluxe': { en: '/rooms/deluxe-suite', es: '/es/habitaciones/suite-deluxe' },
      '/blog/hello': { en: '/blog/hello' },
    });
  });

  it('Strapi 4: documentId is String(id) of the default-locale entry', () => {
    expect(strapi4().content.pages.map((p) => [p.path, p.documentId])).toEqual([
      ['/', '1'],
      ['/blog/hello', '5'],
      ['/rooms/deluxe-suite', '3'],
      ['/es', '1'],
      ['/es/habitaciones/suite-deluxe', '3'],
    ]);
  });

  it('Strapi 5: pages with the same documentId are translations, without localizations', () => {
    const raw = rawSite({
      pages: {
        en: [page('home', [], { documentId: 'd1' }), page('spa', [], { id: 2, documentId: 'd2' })],
        es: [page('home', [], { id: 3, documentId: 'd1' }), page('alberca', [], { id: 4, documentId: 'd9' })],
      },
    });
    const { content } = normaliseSite(raw, { strict: false });
    expect(alternates(content.pages)).toEqual({
      '/': { en: '/', es: '/es' },
      '/spa': { en: '/spa' },
      '/es': { en: '/', es: '/es' },
      '/es/alberca': { es: '/es/alberca' },
    });
  });

  it('Strapi 4: a one-sided localizations entry (by locale + slug) still links both ways', () => {
    const raw = rawSite({
      pages: {
        en: [{ id: 10, attributes: { slug: 'home', title: 'Home', blocks: [], localizations: { data: [{ id: 99, attributes: { locale: 'es-MX', slug: 'inicio' } }] } } }],
        es: [{ id: 11, attributes: { slug: 'inicio', title: 'Inicio', blocks: [], localizations: { data: [] } } }],
      },
    });
    const { content } = normaliseSite(raw, { strict: false });
    expect(content.pages.map((p) => [p.path, p.documentId, p.alternates])).toEqual([
      ['/', '10', { en: '/', es: '/es/inicio' }],
      ['/es/inicio', '10', { en: '/', es: '/es/inicio' }],
    ]);
  });

  it('a page whose translation has an invalid slug lists only itself', () => {
    const raw = rawSite({ pages: { en: [page('home', [], { documentId: 'd1' })], es: [page('Inicio', [], { id: 2, documentId: 'd1' })] } });
    const { content } = normaliseSite(raw, { strict: false });
    expect(content.pages.map((p) => p.alternates)).toEqual([{ en: '/' }]);
  });
});
