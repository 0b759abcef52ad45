// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { declarationOf } from '../../shared/blocks/catalogue.js';
import type { Fields } from '../../shared/blocks/fields.js';
import type { Block, SiteContent } from '../../shared/model.js';
import { readCache } from '../cms/cache.js';
import { evilSite } from './fixtures/evil.js';
import { fixtureSite, siteWithBlocks } from './fixtures/raw-site.js';
import { normaliseSite } from './normalise.js';

const run = (blocks: unknown[]) => normaliseSite(siteWithBlocks(blocks), { strict: false });
const propsOf = (blocks: unknown[]) => run(blocks).content.pages[0]!.blocks.map((b) => b.props);
const issuesOf = (blocks: unknown[]) => run(blocks).issues.map((i) => [i.code, i.field]);

/** Every value of `props` fits its declared field (or is null), list items included: what the typed props promise a component. */
function expectDeclaredTypes(fields: Fields, props: Record<string, unknown>, where: string): void {
  for (const [key, value] of Object.entries(props)) {
    if (key === 'countries') {
      // Country targeting of a list item (ItemOf): a list of codes or null.
      expect(value === null || (Array.isArray(value) && value.every((c) => typeof c === 'string')), `${where}.countries`).toBe(true);
      continue;
    }
    const field = fields[key];
    expect(field, `${where}.${key} is declared`).toBeDefined();
    if (value === null || value === undefined) continue;
    expect(field!.schema.safeParse(value).success, `${where}.${key} = ${JSON.stringify(value)?.slice(0, 80)}`).toBe(true);
    if (field!.kind === 'list') (value as Record<string, unknown>[]).forEach((item, i) => expectDeclaredTypes(field!.item ?? {}, item, `${where}.${key}[${i}]`));
  }
}

function allBlocks(content: SiteContent): Block[] {
  const layouts = Object.values(content.layouts).flatMap((l) => [...l.header, ...l.footer]);
  const modals = Object.values(content.modals).flatMap((list) => list.flatMap((m) => m.items));
  return [...content.pages.flatMap((p) => p.blocks), ...layouts, ...modals];
}

describe('block props come from the declarations (src/shared/blocks/)', () => {
  it('the bundled site, both fixture sites and the hostile site give props of exactly the declared types', async () => {
    const cache = await readCache(fileURLToPath(new URL('../../../content-cache', import.meta.url)), { en: 'en', es: 'es-MX' });
    for (const [name, raw] of [
      ['content-cache', cache],
      ['strapi4', fixtureSite(4)],
      ['strapi5', fixtureSite(5)],
      ['evil', evilSite()],
    ] as const) {
      const blocks = allBlocks(normaliseSite(raw, { strict: false }).content);
      expect(blocks.length, name).toBeGreaterThan(5);
      for (const block of blocks) {
        const declaration = declarationOf(block.component, block.component.startsWith('modals.') ? 'modal' : 'block');
        expectDeclaredTypes(declaration!.fields, block.props, `${name} ${block.component}`);
      }
    }
  });

  it('keeps only declared fields: ids, bookkeeping and fields the site does not use never reach a block', () => {
    const [hero] = propsOf([{ __component: 'blocks.hero', id: 7, title: 'Hi', color_offer_close: '#fff', analyticsId: 'x', documentId: 'd', locale: 'en' }]);
    expect(hero).toEqual({ title: 'Hi' });
    const [footer] = propsOf([{ __component: 'blocks.footer', social: [{ id: 1, network: 'x', url: 'https://x.com/m', createdAt: '2026-01-01' }] }]);
    expect(footer).toEqual({ social: [{ network: 'x', url: 'https://x.com/m' }] });
  });

  it('captions (Strapi 4 or 5 upload) become Media of kind captions, whatever the mime: the media phase judges their bytes', () => {
    const vtt = { id: 18, url: '/uploads/lagoon_en.vtt', mime: 'text/vtt', ext: '.vtt', name: 'lagoon-en.vtt', width: null, height: null, formats: null };
    const [video, hero, mislabelled] = propsOf([
      { __component: 'blocks.video', media: { url: '/uploads/l.mp4', mime: 'video/mp4' }, captions: vtt },
      { __component: 'blocks.hero', captions: { data: { id: 18, attributes: vtt } } },
      { __component: 'blocks.video', captions: [{ url: '/uploads/photo.jpg', mime: 'image/jpeg' }] },
    ]);
    expect(video!.captions).toEqual({ kind: 'captions', url: '/uploads/lagoon_en.vtt', mime: 'text/vtt', width: null, height: null, alt: '', formats: [] });
    expect(hero!.captions).toEqual(video!.captions);
    expect(mislabelled!.captions).toMatchObject({ kind: 'captions', url: '/uploads/photo.jpg' });
    expect(issuesOf([{ __component: 'blocks.video', captions: { url: 'javascript:alert(1)', mime: 'text/vtt' } }])).toEqual([['UnsafeLink', 'blocks[0].captions.url']]);
  });

  it('a value that does not fit its field is reported and left out (the block falls back as documented)', () => {
    const blocks = [
      { __component: 'blocks.hero', title: 42, height: 'tall', cta: 'rooms' },
      { __component: 'blocks.carousel', slides: { id: 1 }, autoplay: '5s' },
      { __component: 'blocks.video', autoplay: 'yes' },
    ];
    expect(propsOf(blocks)).toEqual([{}, {}, {}]);
    expect(issuesOf(blocks)).toEqual([
      ['IncompleteLink', 'blocks[0].cta'],
      ['InvalidChoice', 'blocks[0].height'],
      ['InvalidField', 'blocks[0].title'],
      ['InvalidNumber', 'blocks[1].autoplay'],
      ['InvalidList', 'blocks[1].slides'],
      ['InvalidField', 'blocks[2].autoplay'],
    ]);
  });

  it('a form field written as Strapi components reads as the same props as plain values: options { label } are the label, a bound "5" is 5', () => {
    const field = (options: unknown, min: unknown, max: unknown) => ({ __component: 'blocks.form', name: 'f', fields: [{ kind: 'select', name: 'a', options, min, max }] });
    const [fromComponents] = propsOf([
      field(
        [
          { id: 1, label: 'A', value: null },
          { id: 2, label: 'B', value: 'B' },
          { id: 3, label: 'C', value: 'c' },
        ],
        '5',
        '2026-12-31',
      ),
    ]);
    const [fromValues] = propsOf([field(['A', 'B', { label: 'C', value: 'c' }], 5, '2026-12-31')]);
    expect(fromComponents).toEqual(fromValues);
    expect((fromValues as { fields: unknown[] }).fields).toEqual([{ kind: 'select', name: 'a', options: ['A', 'B', { label: 'C', value: 'c' }], min: 5, max: '2026-12-31' }]);
  });

  it('blank values stay quiet and are left out: null, [] and "" (not for text) are the documented defaults, as a CMS that sends every field and one that omits blanks agree', () => {
    const blocks = [
      { __component: 'blocks.carousel', title: '', slides: null, autoplay: '' },
      { __component: 'blocks.gallery', images: null, columns: null, title: 'x' },
    ];
    expect(propsOf(blocks)).toEqual([{ title: '' }, { title: 'x' }]);
    expect(issuesOf(blocks)).toEqual([['NoImages', 'blocks[1].images']]);
  });

  it("lists of strings take text entries, or a component's label, text, title or name; blanks are left out quietly", () => {
    const raw = siteWithBlocks([]);
    raw.modals.en = [{ id: 1, modalName: 'suite', dynZone: [{ __component: 'modals.room', features: ['62 m²', { id: 1, label: 'King bed' }, { text: 'Tub' }, null, 7] }] }];
    const result = normaliseSite(raw, { strict: false });
    expect(result.content.modals.en[0]!.items[0]!.props.features).toEqual(['62 m²', 'King bed', 'Tub']);
    expect(result.issues.map((i) => [i.code, i.field])).toEqual([['InvalidField', 'dynZone[0].features[4]']]);
  });

  it('form options: strings, numbers and objects (their text fields as plain text); null entries are left out', () => {
    const [form] = propsOf([{ __component: 'blocks.form', name: 'f', fields: [{ kind: 'select', name: 's', options: ['A', 3, { label: '<b>B</b>', value: 'b', id: 2 }, null] }] }]);
    expect((form!.fields as { options: unknown }[])[0]!.options).toEqual(['A', 3, { label: 'B', value: 'b' }]);
  });
});
