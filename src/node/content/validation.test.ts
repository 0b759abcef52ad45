// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { LIST_ERRORS } from '../../shared/errors.js';
import { slugProblem } from '../../shared/routes.js';
import { normaliseSite } from './normalise.js';
import { page, rawSite, siteWithBlocks } from './fixtures/raw-site.js';

const run = (raw = rawSite(), strict = false) => normaliseSite(raw, { strict });

describe('spec §5: lists that must be arrays (exact messages)', () => {
  it(`page blocks: "${LIST_ERRORS.components}"`, () => {
    const { content, issues } = run(rawSite({ pages: { en: [page('home')], es: [page('habitaciones', { oops: true })] } }));
    expect(issues).toEqual([
      expect.objectContaining({
        severity: 'error',
        code: 'ComponentsNotArray',
        message: 'Components must be an Array',
        entity: 'page',
        locale: 'es',
        slug: 'habitaciones',
        field: 'blocks',
      }),
    ]);
    expect(content.pages.find((p) => p.locale === 'es')?.blocks).toEqual([]);
  });

  it(`layout zones: "${LIST_ERRORS.components}"`, () => {
    const { issues } = run(rawSite({ layout: { en: { header: null, footer: [] }, es: { header: [], footer: [] } } }));
    expect(issues).toEqual([expect.objectContaining({ severity: 'error', message: LIST_ERRORS.components, entity: 'layout', locale: 'en', slug: 'header', field: 'header' })]);
    expect(issues[0]!.hint).toContain('null');
  });

  it(`promo codes: "${LIST_ERRORS.promocodes}" for the endpoint and for a booking block`, () => {
    const raw = siteWithBlocks([{ __component: 'blocks.booking', id: 4, title: 'Book', promocodes: { code: 'X' } }], 'book');
    raw.promoCodes = 'nope';
    const { issues } = run(raw);
    expect(issues).toEqual([
      expect.objectContaining({
        severity: 'error',
        code: 'PromocodesNotArray',
        message: 'promocodes must be an Array',
        entity: 'page',
        locale: 'en',
        slug: 'book',
        position: 0,
        field: 'blocks[0].promocodes',
      }),
      expect.objectContaining({ severity: 'error', code: 'PromocodesNotArray', message: 'promocodes must be an Array', entity: 'promo-codes', field: 'data' }),
    ]);
  });

  it(`modal dynZone and phone numbers: "${LIST_ERRORS.items}"`, () => {
    const raw = siteWithBlocks(
      [
        { __component: 'blocks.wysiwyg', body: '' },
        { __component: 'blocks.phone', numbers: { label: 'x' } },
      ],
      'contact',
    );
    raw.modals.es = [{ id: 3, modalName: 'deluxe-suite', dynZone: null }];
    const { issues } = run(raw);
    expect(issues).toEqual([
      expect.objectContaining({
        severity: 'error',
        code: 'ItemsNotArray',
        message: LIST_ERRORS.items,
        entity: 'page',
        locale: 'en',
        slug: 'contact',
        position: 1,
        field: 'blocks[1].numbers',
      }),
      expect.objectContaining({ severity: 'error', code: 'ItemsNotArray', message: LIST_ERRORS.items, entity: 'modal', locale: 'es', slug: 'deluxe-suite', field: 'dynZone' }),
    ]);
  });

  it('collects every problem instead of stopping at the first', () => {
    const raw = rawSite({ pages: { en: [page('a', null), page('b', 'x')], es: [page('c', {})] }, promoCodes: null });
    const { issues } = run(raw);
    expect(issues.filter((i) => i.severity === 'error')).toHaveLength(4);
  });
});

describe('unknown components', () => {
  const raw = () =>
    siteWithBlocks(
      [
        { __component: 'blocks.hero', title: 'a' },
        { __component: 'blocks.mystery', id: 9 },
        { __component: 'blocks.timer', title: 't' },
      ],
      'rooms',
    );

  it('are left out with a warning naming locale, slug, position and component', () => {
    const { content, issues } = run(raw());
    expect(content.pages[0]!.blocks.map((b) => [b.component, b.key])).toEqual([
      ['blocks.hero', '0'],
      ['blocks.timer', '2'],
    ]);
    expect(issues).toEqual([
      expect.objectContaining({
        severity: 'warning',
        code: 'UnknownComponent',
        locale: 'en',
        slug: 'rooms',
        position: 1,
        component: 'blocks.mystery',
        field: 'blocks[1]',
        message: expect.stringContaining('"blocks.mystery"'),
      }),
    ]);
  });

  it('are errors with strict', () => {
    const { issues } = run(raw(), true);
    expect(issues).toMatchObject([{ severity: 'error', code: 'UnknownComponent', position: 1 }]);
  });
});

describe('slugs and paths', () => {
  const bad = ['Rooms', 'rooms/', '/rooms', 'a//b', 'es', 'es/x', 'builds', 'assets/x', '404', 'blog/page/2', 'suite deluxe', ''];

  it.each(bad)('rejects %j with the problem from slugProblem and a hint', (slug) => {
    const { content, issues } = run(rawSite({ pages: { en: [page('home'), page(slug)], es: [] } }));
    expect(content.pages.map((p) => p.slug)).toEqual(['home']);
    expect(issues).toEqual([
      expect.objectContaining({
        severity: 'error',
        code: 'InvalidSlug',
        entity: 'page',
        locale: 'en',
        field: 'slug',
        message: expect.stringContaining(slugProblem(slug)!),
        hint: expect.stringContaining('[a-z0-9-]'),
      }),
    ]);
  });

  it('rejects a page without a slug', () => {
    const { issues } = run(rawSite({ pages: { en: [page('home'), { id: 2, title: 'x', blocks: [] }], es: [] } }));
    expect(issues).toMatchObject([{ code: 'InvalidSlug', message: expect.stringContaining('is missing') }]);
  });

  it('reports a duplicate path and keeps the first page', () => {
    const { content, issues } = run(
      rawSite({ pages: { en: [page('home'), page('spa', [], { title: 'First' }), page('spa', [], { id: 7, documentId: 'other', title: 'Second' })], es: [] } }),
    );
    expect(content.pages.map((p) => [p.path, p.title])).toEqual([
      ['/', 'Title of home'],
      ['/spa', 'First'],
    ]);
    expect(issues).toEqual([expect.objectContaining({ severity: 'error', code: 'DuplicatePath', locale: 'en', slug: 'spa', message: expect.stringContaining('/spa') })]);
  });

  it('warns about a missing title (the slug stands in) and an entry of another CMS locale', () => {
    const { content, issues } = run(rawSite({ pages: { en: [page('home')], es: [page('spa', [], { title: null, locale: 'en' })] } }));
    expect(content.pages.find((p) => p.locale === 'es')!.title).toBe('spa');
    expect(issues.map((i) => [i.code, i.locale, i.slug, i.field])).toEqual([
      ['LocaleMismatch', 'es', 'spa', 'locale'],
      ['InvalidField', 'es', 'spa', 'title'],
    ]);
  });

  it('treats an unknown kind as page, with a warning', () => {
    const { content, issues } = run(rawSite({ pages: { en: [page('home', [], { kind: 'villa' })], es: [] } }));
    expect(content.pages[0]!.kind).toBe('page');
    expect(issues).toMatchObject([{ severity: 'warning', code: 'UnknownPageKind', field: 'kind' }]);
  });
});

describe('single types, modals and promo codes', () => {
  it('missing layout and error page: empty defaults and warnings', () => {
    const { content, issues } = run(rawSite({ layout: { en: null, es: { header: [], footer: [] } }, errorPage: { en: { text404: 'x' }, es: null } }));
    expect(content.layouts.en).toEqual({ header: [], footer: [] });
    expect(content.errors.es).toEqual({ media: null, text404: '', description404: '', links: [] });
    expect(issues.map((i) => [i.code, i.entity, i.locale])).toEqual([
      ['MissingLayout', 'layout', 'en'],
      ['MissingErrorPage', 'error-page', 'es'],
    ]);
  });

  it('error-page links: slug from a component, a relation or a string; links missing slug or btntext are left out', () => {
    const links = [
      { slug: { slug: 'rooms' }, btntext: 'Rooms' },
      { slug: { id: 3, slug: '/spa/' }, btntext: 'Spa' },
      { slug: 'blog', btntext: 'Blog' },
      { slug: { slug: null }, btntext: 'No slug' },
      { slug: 'x', btntext: '' },
    ];
    const { content, issues } = run(rawSite({ errorPage: { en: { text404: 'Lost', links }, es: { text404: 'Perdido', links: [] } } }));
    expect(content.errors.en.links).toEqual([
      { slug: 'rooms', btntext: 'Rooms' },
      { slug: 'spa', btntext: 'Spa' },
      { slug: 'blog', btntext: 'Blog' },
    ]);
    expect(issues.filter((i) => i.code !== 'UnknownLinkTarget').map((i) => [i.code, i.field])).toEqual([
      ['IncompleteErrorLink', 'links[3]'],
      ['IncompleteErrorLink', 'links[4]'],
    ]);
    // The site has no pages: each kept link leads to the 404 page, and says so.
    expect(issues.filter((i) => i.code === 'UnknownLinkTarget').map((i) => i.field)).toEqual(['links[0].slug', 'links[1].slug', 'links[2].slug']);
  });

  it('modals need a unique name per locale', () => {
    const item = { __component: 'modals.wysiwyg', title: 't', body: 'b' };
    const raw = rawSite({
      modals: {
        en: [
          { id: 1, modalName: 'spa', dynZone: [item] },
          { id: 2, modalName: 'spa', dynZone: [] },
          { id: 3, dynZone: [] },
        ],
        es: [{ id: 4, modalName: 'spa', dynZone: [item] }],
      },
    });
    const { content, issues } = run(raw);
    expect(content.modals.en.map((m) => [m.id, m.name, m.items.map((b) => b.name)])).toEqual([[1, 'spa', ['ModalWysiwyg']]]);
    expect(content.modals.es).toHaveLength(1);
    expect(issues.map((i) => [i.severity, i.code, i.locale, i.slug])).toEqual([
      ['error', 'DuplicateModalName', 'en', 'spa'],
      ['error', 'MissingModalName', 'en', undefined],
    ]);
  });

  it('promo codes: trimmed and upper-cased; one without code is an error', () => {
    const { content, issues } = run(
      rawSite({
        promoCodes: [
          { code: ' fall26 ', startdate: '2026-09-01', enddate: 'soon', country: ['mex'], label: 'Fall' },
          { code: '  ', label: 'x' },
        ],
      }),
    );
    expect(content.promoCodes).toEqual([{ code: 'FALL26', startdate: '2026-09-01', enddate: null, countries: ['MEX'], label: 'Fall' }]);
    expect(issues.map((i) => [i.severity, i.code, i.field])).toEqual([
      ['warning', 'InvalidDate', 'data[0].enddate'],
      ['error', 'PromoCodeWithoutCode', 'data[1].code'],
    ]);
  });

  it('booking engineUrl: unknown placeholders are a warning, the url is kept', () => {
    const engineUrl = 'https://b.example/?r={resort}&d={destination}&x={nights}&p={promo}';
    const { content, issues } = run(siteWithBlocks([{ __component: 'blocks.booking', promocodes: [], engineUrl }]));
    expect(content.pages[0]!.blocks[0]!.props.engineUrl).toBe(engineUrl);
    expect(issues).toEqual([
      expect.objectContaining({ severity: 'warning', code: 'UnknownPlaceholder', field: 'blocks[0].engineUrl', message: expect.stringContaining('{destination}, {nights}') }),
    ]);
  });

  it('countries: component list or legacy list, upper-cased; bad codes reported', () => {
    const blocks = [
      { __component: 'blocks.timer', countries: { id: 1, country: ['mex', 'USA'] } },
      { __component: 'blocks.timer', country: ['can'] },
      { __component: 'blocks.timer', countries: { country: [] } },
      { __component: 'blocks.timer', countries: { country: ['MEXICO'] } },
    ];
    const { content, issues } = run(siteWithBlocks(blocks));
    expect(content.pages[0]!.blocks.map((b) => b.countries)).toEqual([['MEX', 'USA'], ['CAN'], [], []]);
    expect(content.pages[0]!.blocks[0]!.props).toEqual({});
    expect(issues).toMatchObject([{ code: 'InvalidCountry', field: 'blocks[3].countries.country' }]);
  });

  it('markup in plain-text fields is removed with a warning', () => {
    const { content, issues } = run(siteWithBlocks([{ __component: 'blocks.hero', title: 'Suite <b>Deluxe</b> & Spa' }]));
    expect(content.pages[0]!.blocks[0]!.props.title).toBe('Suite Deluxe & Spa');
    expect(issues).toMatchObject([{ code: 'MarkupInPlainText', field: 'blocks[0].title' }]);
  });
});
