import fc from 'fast-check';
import type { Field, Fields } from '../../shared/blocks/fields.js';
import { BLOCK_DECLARATIONS, MODAL_ITEM_DECLARATIONS } from '../../shared/blocks/catalogue.js';
import type { RawSite } from '../cms/raw.js';
import { builtPages } from '../build/list-pages.js';
import { manifestFiles } from '../build/manifests.js';
import { notFoundPayloads, pagePayload, type PayloadContext } from '../build/payloads.js';
import { CATALOGUE } from './issues.js';
import { normaliseSite } from './normalise.js';
import { isRecord } from './values.js';

/**
 * Property-based fuzzing of the content edge: malformed
 * CMS documents, in Strapi 4 and Strapi 5 shapes, for every part of a site
 * (pages with blocks of every type of the catalogue, layout, modals, error
 * page, promo codes). `npm run fuzz` runs many; a seeded sample runs in
 * `npm test` (fuzz.test.ts).
 */

/** Pieces that broke, or could break, some step: markup, URL tricks, odd unicode, regex and Markdown traps. */
const TRAPS = [
  '',
  ' ',
  '\u0000',
  '\u2028',
  '\u2029',
  '\u202e',
  '\u200f',
  '\ufeff',
  '\ud800',
  '\udfff',
  '😀',
  'é',
  '<a ',
  '<!--',
  '-->',
  ']]>',
  '<script>alert(1)</script>',
  '<p>',
  '</p>',
  '<img src=x onerror=alert(1)>',
  '<a href="#modal=%">x</a>',
  '#modal=%',
  '%',
  '%E0%A4%A',
  '\\evil.example',
  '//evil.example',
  'javascript:alert(1)',
  'java\tscript:',
  '&#106;avascript:',
  'data:text/html,x',
  'https://example.com/a?b=1&c=2',
  'mailto:a@b.example',
  'tel:+5215550000',
  '../../etc/passwd',
  'rooms/deluxe',
  'home',
  'es',
  'page/2',
  '{hotel}',
  '{unknown}',
  '*',
  '_',
  '**',
  '> ',
  '`',
  '[',
  '](',
  '\n',
  '\r\n',
  '(a+)+$',
  '(',
  '[0-9]{5}',
  '2026-13-45',
  '2026-06-01',
  '2026-06-01T00:00:00.000Z',
  'NaN',
  '-1',
  '1e309',
  '__proto__',
  'constructor',
  'MEX',
  'usa',
];

const trap = fc.constantFrom(...TRAPS);

/** A short string made of traps and arbitrary unicode (lone surrogates included). */
const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.array(fc.oneof(trap, fc.string({ maxLength: 8, unit: 'binary' })), { maxLength: 6 }).map((parts) => parts.join('')) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
);

/** Rarely, a huge string: one trap repeated up to 130 KB (the rich-text and slug limits). */
const hugeString: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('<a ', '_a', '*a', 'a*', '> ', 'a', '[', '<p>', '\u2028', '#', '- ', '`a', 'x'), fc.integer({ min: 1, max: 65_000 }))
  .map(([piece, n]) => piece.repeat(Math.min(n, Math.floor(130_000 / piece.length))));

const text: fc.Arbitrary<string> = fc.oneof({ weight: 20, arbitrary: hostileString }, { weight: 1, arbitrary: hugeString });

/** Any JSON-ish value, shallow. */
const scalar: fc.Arbitrary<unknown> = fc.oneof(fc.constant(null), fc.constant(undefined), fc.boolean(), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), text);

const anyValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(trap, fc.string({ maxLength: 6 })), tie('value'), { maxKeys: 3 }),
  ),
})).value;

/** A value nested `depth` levels (objects and arrays), holding `inner`. */
const deep: fc.Arbitrary<unknown> = fc.tuple(fc.integer({ min: 50, max: 3_000 }), fc.boolean(), anyValue).map(([depth, arrays, inner]) => {
  let value = inner;
  for (let i = 0; i < depth; i++) value = arrays ? [value] : { children: [value], type: 'paragraph' };
  return value;
});

/** Mostly `good`, sometimes a wrong type, a trap, null, or something nested too deep. */
function maybe<T>(good: fc.Arbitrary<T>): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 12, arbitrary: good }, { weight: 2, arbitrary: anyValue }, { weight: 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: text });
}

const media = fc.record(
  {
    id: maybe(fc.integer()),
    url: maybe(fc.oneof(fc.constantFrom('/uploads/a.jpg', 'https://cdn.example/b.png', '/uploads/c.mp4', 'javascript:alert(1)', '//evil.example/x.jpg'), text)),
    mime: maybe(fc.constantFrom('image/jpeg', 'image/png', 'video/mp4', 'application/pdf', 'text/html')),
    alternativeText: maybe(text),
    width: maybe(fc.integer({ min: -5, max: 5000 })),
    height: maybe(fc.integer({ min: -5, max: 5000 })),
    formats: maybe(fc.dictionary(fc.constantFrom('thumbnail', 'small', 'large', '__proto__'), fc.record({ url: maybe(text), width: maybe(fc.integer()) }))),
  },
  { requiredKeys: [] },
);

const slug = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('home', 'rooms', 'rooms/deluxe', 'blog', 'blog/hello', 'spa', 'es', 'page/2', 'builds/x', 'contact', 'a'.repeat(300)) },
  { weight: 2, arbitrary: fc.stringMatching(/^[a-z0-9-]{1,12}(\/[a-z0-9-]{1,12}){0,2}$/) },
  { weight: 2, arbitrary: text },
);

const link: fc.Arbitrary<unknown> = fc.letrec<{ link: unknown }>((tie) => ({
  link: fc.record(
    {
      label: maybe(text),
      slug: maybe(slug),
      url: maybe(fc.oneof(fc.constantFrom('https://example.com', 'mailto:a@b.example', '/rooms', 'ftp://x', '/\\evil.example', 'data:text/html,x'), text)),
      modal: maybe(fc.oneof(fc.constantFrom('deluxe-suite', 'spa', '3', '%'), fc.integer())),
      children: maybe(fc.array(tie('link'), { maxLength: 2 })),
    },
    { requiredKeys: [] },
  ),
})).link;

const strapiBlocks: fc.Arbitrary<unknown> = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    fc.record({ type: fc.constant('text'), text: maybe(text), bold: maybe(fc.boolean()), code: maybe(fc.boolean()) }, { requiredKeys: ['type'] }),
    fc.record({
      type: fc.constantFrom('paragraph', 'heading', 'list', 'list-item', 'quote', 'code', 'link', 'image', 'mystery'),
      level: maybe(fc.integer({ min: -3, max: 9 })),
      format: maybe(fc.constantFrom('ordered', 'unordered')),
      url: maybe(fc.oneof(fc.constantFrom('#modal=%', '#modal=spa', '/\\evil.example'), text)),
      image: maybe(media),
      children: maybe(fc.array(tie('node'), { maxLength: 3 })),
    }),
  ),
})).node;

const richText = fc.oneof(
  { weight: 4, arbitrary: text },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.oneof(trap, fc.constantFrom('# Title\n', '**b**', '_i_', '- item\n', '<p>x</p>', '<a href="/\\evil">x</a>', '[l](#modal=%)')), { maxLength: 8 })
      .map((p) => p.join('')),
  },
  { weight: 2, arbitrary: fc.array(strapiBlocks, { maxLength: 3 }) },
  { weight: 1, arbitrary: deep },
);

const countries = maybe(
  fc.oneof(fc.record({ country: maybe(fc.array(fc.oneof(fc.constantFrom('MEX', 'USA', 'mx', 'XXX'), text), { maxLength: 3 })) }), fc.array(fc.constantFrom('MEX', 'USA', 'ZZ'))),
);

const promoCode = fc.record(
  {
    id: maybe(fc.integer()),
    documentId: maybe(text),
    code: maybe(fc.oneof(fc.constantFrom(' summer26 ', 'VIP', ''), text)),
    label: maybe(text),
    startdate: maybe(fc.constantFrom('2026-06-01T00:00:00.000Z', '2026-13-01', 'yesterday')),
    enddate: maybe(fc.constantFrom('2026-12-31', '2020-01-01', '')),
    countries,
  },
  { requiredKeys: [] },
);

/** A plausible value of one declared field, or a hostile one. */
function fieldValue(key: string, field: Field, level: number): fc.Arbitrary<unknown> {
  switch (field.kind) {
    case 'richText':
      return maybe(richText);
    case 'media':
      return maybe(fc.oneof(media, fc.array(media, { maxLength: 2 })));
    case 'mediaList':
      return maybe(fc.array(media, { maxLength: 3 }));
    case 'link':
      return maybe(link);
    case 'links':
      return maybe(fc.array(link, { maxLength: 3 }));
    case 'list':
      return level > 2 || !field.item ? anyValue : maybe(fc.array(itemOf(field.item, level + 1, field.geolocated === true), { maxLength: 3 }));
    case 'strings':
    case 'options':
      return maybe(fc.array(fc.oneof(text, fc.record({ label: maybe(text), value: maybe(text) }), fc.integer()), { maxLength: 3 }));
    case 'promoCodes':
      return maybe(fc.array(promoCode, { maxLength: 2 }));
    case 'modal':
      return maybe(fc.oneof(fc.constantFrom('deluxe-suite', 'spa', '%'), fc.integer(), fc.record({ modalName: maybe(text) })));
    case 'number':
    case 'bound':
      return maybe(fc.oneof(fc.integer({ min: -10, max: 1000 }), fc.double(), fc.constantFrom('5', '2026-06-01', '-0', '1e3')));
    case 'boolean':
      return maybe(fc.boolean());
    case 'choice':
      return maybe(field.choices && field.choices.length > 0 ? fc.constantFrom(...field.choices) : text);
    case 'date':
      return maybe(fc.constantFrom('2026-06-01', '2026-06-01T10:00:00Z', '31/12/2026', '2026-02-30'));
    case 'url':
      return maybe(fc.oneof(fc.constantFrom('https://example.com/x', '/rooms', 'javascript:alert(1)', '//evil.example', '/\\evil.example'), text));
    case 'engineUrl':
      return maybe(fc.oneof(fc.constantFrom('https://book.example/{resort}?in={checkin}&out={checkout}&l={lang}', 'https://book.example/{hotel}'), text));
    default:
      // text; a form field's pattern is mostly a regex, good or bad (recheck takes up to its time limit over random text).
      if (key !== 'pattern') return maybe(text);
      return fc.oneof(
        { weight: 8, arbitrary: fc.constantFrom('(a+)+$', '(', '[0-9]{5}', '\\d{3}-\\d{4}', '(x+x+)+y', '[a-z]+@[a-z]+\\.[a-z]{2,}', '(a|a)*b', '^\\w+$', '[', '(?<n>a)\\k<n>') },
        { weight: 1, arbitrary: maybe(text) },
      );
  }
}

function itemOf(fields: Fields, level: number, geolocated: boolean): fc.Arbitrary<Record<string, unknown>> {
  const shape: Record<string, fc.Arbitrary<unknown>> = { id: maybe(fc.integer()) };
  for (const [key, field] of Object.entries(fields)) shape[key] = fieldValue(key, field, level);
  if (geolocated) shape.countries = countries;
  return fc.record(shape, { requiredKeys: [] });
}

/** Blocks of one zone: every component of the catalogue, unknown ones and broken items. */
function zone(kind: 'block' | 'modal'): fc.Arbitrary<unknown> {
  const declarations = kind === 'block' ? BLOCK_DECLARATIONS : MODAL_ITEM_DECLARATIONS;
  const known = fc.oneof(...declarations.map((d) => itemOf(d.fields as Fields, 0, false).map((item) => ({ __component: d.component, ...item }) as Record<string, unknown>)));
  const block = fc.oneof(
    {
      weight: 10,
      arbitrary: fc
        .tuple(known, countries, fc.dictionary(fc.constantFrom('extra', 'createdAt', '__proto__', 'color_offer_close'), anyValue, { maxKeys: 2 }))
        .map(([b, c, extra]) => ({ ...extra, ...b, countries: c })),
    },
    { weight: 1, arbitrary: fc.record({ __component: fc.oneof(fc.constantFrom('blocks.unknown', 'modals.room', 'blocks.hero'), text) }) },
    { weight: 1, arbitrary: anyValue },
  );
  return maybe(fc.array(block, { maxLength: 4 }));
}

const page = fc.record(
  {
    id: maybe(fc.integer({ min: 1, max: 50 })),
    documentId: maybe(fc.oneof(fc.constantFrom('doc-1', 'doc-2', 'doc-3'), text)),
    slug: maybe(slug),
    title: maybe(text),
    kind: maybe(fc.constantFrom('page', 'post', 'room', 'offer', 'mystery')),
    summary: maybe(text),
    locale: maybe(fc.constantFrom('en', 'es-MX', 'fr')),
    cover: maybe(media),
    date: maybe(fc.constantFrom('2026-06-01', 'soon', '2026-06-01T10:00:00Z')),
    updatedAt: maybe(fc.constantFrom('2026-06-01T10:00:00.000Z', '<!--', '2026-02-30', ']]>')),
    seo: maybe(fc.record({ metaTitle: maybe(text), metaDescription: maybe(text), metaImage: maybe(media), noIndex: maybe(fc.boolean()) }, { requiredKeys: [] })),
    blocks: zone('block'),
    localizations: maybe(
      fc.array(fc.record({ id: maybe(fc.integer()), documentId: maybe(text), locale: maybe(fc.constantFrom('en', 'es-MX')), slug: maybe(slug) }, { requiredKeys: [] }), {
        maxLength: 2,
      }),
    ),
  },
  { requiredKeys: [] },
);

const modal = fc.record(
  { id: maybe(fc.integer({ min: 1, max: 9 })), documentId: maybe(text), modalName: maybe(fc.oneof(fc.constantFrom('deluxe-suite', 'spa', '%', ''), text)), dynZone: zone('modal') },
  { requiredKeys: [] },
);

const layout = fc.record({ id: maybe(fc.integer()), header: zone('block'), footer: zone('block') }, { requiredKeys: [] });

const errorPage = fc.record(
  {
    id: maybe(fc.integer()),
    text404: maybe(text),
    description404: maybe(text),
    media: maybe(media),
    links: maybe(fc.array(fc.record({ slug: maybe(slug), btntext: maybe(text) }, { requiredKeys: [] }), { maxLength: 3 })),
  },
  { requiredKeys: [] },
);

/** A collection: a list of entries, sometimes not a list, sometimes nested too deep. */
function collection(entry: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 10, arbitrary: fc.array(fc.oneof({ weight: 10, arbitrary: entry }, { weight: 1, arbitrary: deep }), { maxLength: 4 }) },
    { weight: 1, arbitrary: anyValue },
  );
}

function single(entry: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 10, arbitrary: entry }, { weight: 1, arbitrary: anyValue }, { weight: 1, arbitrary: deep });
}

/** A whole raw site, in Strapi 5 (flat) or Strapi 4 (`{ id, attributes }`, `data` envelopes) shape. */
export const rawSiteArbitrary: fc.Arbitrary<RawSite> = fc
  .record({
    strapi4: fc.boolean(),
    source: fc.constantFrom('cms' as const, 'cache' as const),
    pages: fc.record({ en: collection(page), es: collection(page) }),
    layout: fc.record({ en: single(layout), es: single(layout) }),
    errorPage: fc.record({ en: single(errorPage), es: single(errorPage) }),
    modals: fc.record({ en: collection(modal), es: collection(modal) }),
    promoCodes: collection(promoCode),
  })
  .map(({ strapi4, ...site }) => {
    const shape = strapi4 ? toStrapi4 : (value: unknown) => value;
    return {
      source: site.source,
      cmsLocales: { en: 'en', es: 'es-MX' },
      pages: { en: shape(site.pages.en), es: shape(site.pages.es) },
      layout: { en: shape(site.layout.en), es: shape(site.layout.es) },
      errorPage: { en: shape(site.errorPage.en), es: shape(site.errorPage.es) },
      modals: { en: shape(site.modals.en), es: shape(site.modals.es) },
      promoCodes: shape(site.promoCodes),
      newestUpdate: null,
    };
  });

/**
 * Strapi 4's envelopes: an entry (a record with an `id`, not a component)
 * becomes `{ id, attributes }`, a media file `{ data: { id, attributes } }`.
 * Iterative over depth would be needed for deep values; `deep` ones are left as they are.
 */
function toStrapi4(value: unknown, level = 0): unknown {
  if (level > 40) return value;
  if (Array.isArray(value)) return value.map((item) => toStrapi4(item, level + 1));
  if (!isRecord(value)) return value;
  const fields: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) fields[key] = toStrapi4(item, level + 1);
  if (typeof value.mime === 'string' || (typeof value.url === 'string' && 'alternativeText' in value)) {
    const { id, ...attributes } = fields;
    return { data: { id: id ?? 1, attributes } };
  }
  if (level <= 1 && !('__component' in value)) {
    const { id, ...attributes } = fields;
    return { id: id ?? 1, attributes };
  }
  return fields;
}

const CODES = new Set(Object.values(CATALOGUE).map((d) => d.code));

const PAYLOAD_CONTEXT: PayloadContext = { release: 'fuzz', siteUrl: 'https://resort.example', countries: { en: 'USA', es: 'MEX' }, day: '2026-06-15', shares: new Map() };

export interface CaseResult {
  pages: number;
  issues: { code: string }[];
}

/**
 * The property of one document: normalising and building the payloads and
 * manifests never throws; every issue is from the catalogue, names where it
 * is (entity; a field, a slug or a locale), and the payloads are JSON.
 */
export function checkSite(raw: RawSite): CaseResult {
  const { content, issues } = normaliseSite(raw, { strict: false });
  for (const issue of issues) {
    if (!CODES.has(issue.code)) throw new Error(`issue code ${issue.code} is not in the catalogue`);
    if (!issue.message || !issue.entity) throw new Error(`issue ${issue.code} has no message or entity`);
    if (issue.field === undefined && issue.slug === undefined && issue.locale === undefined && issue.entity !== 'promo-codes')
      throw new Error(`issue ${issue.code} does not say where it is: ${JSON.stringify(issue)}`);
  }
  for (const built of builtPages(content.pages)) JSON.stringify(pagePayload(content, built, PAYLOAD_CONTEXT));
  for (const payload of notFoundPayloads(content, PAYLOAD_CONTEXT)) JSON.stringify(payload);
  const sitemap = manifestFiles({ id: 'fuzz', timestamp: '2026-06-15T00:00:00.000Z' }, content.pages, PAYLOAD_CONTEXT.siteUrl).find((f) => f.file === 'sitemap.xml')!;
  if (typeof sitemap.content === 'string' && /<lastmod>(?!\d{4}-\d{2}-\d{2}<)/.test(sitemap.content)) throw new Error('sitemap lastmod is not a date');
  return { pages: content.pages.length, issues };
}
