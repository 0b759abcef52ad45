// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readCache } from '../cms/cache.js';
import { normaliseSite } from './normalise.js';
import { page, rawSite, siteWithBlocks } from './fixtures/raw-site.js';

const run = (blocks: unknown[], slug = 'contact') => normaliseSite(siteWithBlocks(blocks, slug), { strict: false });
/** The issues of a one-page site, as `[code, field]` pairs. */
const codes = (blocks: unknown[]) => run(blocks).issues.map((i) => [i.code, i.field]);

const image = { id: 1, url: '/uploads/a.jpg', mime: 'image/jpeg' };
const video = { id: 2, url: '/uploads/a.mp4', mime: 'video/mp4' };
const form = (fields: unknown, extra: Record<string, unknown> = {}) => ({ __component: 'blocks.form', id: 1, name: 'contact', fields, ...extra });

describe('block warnings (declarations): forms', () => {
  it('InvalidFieldKind: an unknown kind renders as text', () => {
    const { content, issues } = run([
      { __component: 'blocks.hero', title: 'Hi' },
      form([
        { kind: 'text', name: 'a' },
        { kind: 'textarea', name: 'message' },
      ]),
    ]);
    expect(issues).toEqual([
      expect.objectContaining({
        severity: 'warning',
        code: 'InvalidFieldKind',
        entity: 'page',
        locale: 'en',
        slug: 'contact',
        position: 1,
        component: 'blocks.form',
        field: 'blocks[1].fields[1].kind',
        message: 'Unknown form field kind the string "textarea"; it renders as a text field',
        hint: expect.stringContaining('checkbox, country-state, date'),
      }),
    ]);
    // A warning only: the block is kept as it came.
    expect(content.pages[0]!.blocks[1]!.props.fields).toEqual([
      { kind: 'text', name: 'a' },
      { kind: 'textarea', name: 'message' },
    ]);
  });

  it('MissingFormName: submissions are filed under "form"', () => {
    const { issues } = run([form([], { name: '  ' })]);
    expect(issues).toEqual([
      expect.objectContaining({ severity: 'warning', code: 'MissingFormName', field: 'blocks[0].name', message: expect.stringContaining('filed under "form"') }),
    ]);
    expect(codes([form([], { name: null })])).toEqual([['MissingFormName', 'blocks[0].name']]);
  });

  it('IncompleteItem and DuplicateFieldName: fields the form leaves out', () => {
    const { issues } = run([
      form([
        { kind: 'text', name: 'email' },
        { kind: 'text', label: 'No name' },
        { kind: 'email', name: ' email ' },
      ]),
    ]);
    expect(issues).toEqual([
      expect.objectContaining({
        code: 'IncompleteItem',
        field: 'blocks[0].fields[1].name',
        message: 'Form field has no name (found nothing (the field is missing)); it is left out',
      }),
      expect.objectContaining({
        code: 'DuplicateFieldName',
        field: 'blocks[0].fields[2].name',
        message: 'Field name "email" is already used by fields[0] of this form; this field is left out',
      }),
    ]);
  });

  it('MissingOptions: select and radio without a usable option (checkbox and destination do without)', () => {
    const fields = [
      { kind: 'select', name: 'topic', options: [] },
      { kind: 'radio', name: 'by', options: [null, { label: '' }] },
      { kind: 'select', name: 'ok', options: ['Spa'] },
      { kind: 'checkbox', name: 'privacy' },
      { kind: 'destination', name: 'resort' },
    ];
    const { issues } = run([form(fields)]);
    expect(issues.map((i) => [i.code, i.field, i.message])).toEqual([
      ['MissingOptions', 'blocks[0].fields[0].options', 'A select field has no usable options; it renders with nothing to choose'],
      ['MissingOptions', 'blocks[0].fields[1].options', 'A radio field has no usable options; it renders with nothing to choose'],
    ]);
  });

  it('modal forms are checked too, named by the modal', () => {
    const raw = rawSite({
      modals: { en: [{ id: 3, modalName: 'groups', dynZone: [{ __component: 'modals.embedded-form', fields: [{ kind: 'textarea', name: 'x' }] }] }], es: [] },
    });
    const { issues } = normaliseSite(raw, { strict: false });
    expect(issues.map((i) => [i.entity, i.locale, i.slug, i.component, i.code, i.field])).toEqual([
      ['modal', 'en', 'groups', 'modals.embedded-form', 'MissingFormName', 'dynZone[0].name'],
      ['modal', 'en', 'groups', 'modals.embedded-form', 'InvalidFieldKind', 'dynZone[0].fields[0].kind'],
    ]);
  });
});

describe('block warnings (declarations): lists and their items', () => {
  it.each([
    ['blocks.carousel', 'slides'],
    ['modals.carousel', 'slides'],
    ['blocks.form', 'fields'],
    ['blocks.accordion', 'items'],
    ['blocks.terms-list', 'items'],
    ['blocks.share', 'networks'],
    ['blocks.booking', 'resorts'],
    ['blocks.footer', 'social'],
    ['blocks.header', 'nav'],
  ])('InvalidList: %s %s that is not a list', (component, key) => {
    const raw = component.startsWith('modals.')
      ? rawSite({ modals: { en: [{ id: 1, modalName: 'm', dynZone: [{ __component: component, [key]: { title: 'one' } }] }], es: [] } })
      : siteWithBlocks([{ __component: component, name: 'f', [key]: { title: 'one' } }], 'contact');
    const { issues } = normaliseSite(raw, { strict: false });
    expect(issues).toEqual([
      expect.objectContaining({
        severity: 'warning',
        code: 'InvalidList',
        field: `${component.startsWith('modals.') ? 'dynZone' : 'blocks'}[0].${key}`,
        message: `Expected ${key} to be a list, found an object with title; it is read as an empty list`,
      }),
    ]);
  });

  it('IncompleteItem: slides without image or title, accordion items without title, phone entries without a number', () => {
    const blocks = [
      { __component: 'blocks.carousel', slides: [{ title: 'Pool' }, { media: image }, { media: video, text: 'Only a video' }] },
      {
        __component: 'blocks.accordion',
        items: [
          { title: 'Q', body: 'A' },
          { title: '', body: 'Lost answer' },
        ],
      },
      {
        __component: 'blocks.phone',
        numbers: [
          { label: 'Call', number: 'ask reception' },
          { label: 'US', number: '+1 800 555 0100' },
        ],
      },
    ];
    expect(run(blocks).issues.map((i) => [i.code, i.field, i.message])).toEqual([
      ['IncompleteItem', 'blocks[0].slides[2]', 'Slide has no image or title; it is left out'],
      ['IncompleteItem', 'blocks[1].items[1].title', 'Accordion item has no title (found the string ""); it is left out'],
      ['IncompleteItem', 'blocks[2].numbers[0].number', 'Phone entry has no number (found the string "ask reception"); it is left out'],
    ]);
  });

  it('UnknownShareNetwork: each unknown entry, case and spaces aside', () => {
    const { issues } = run([{ __component: 'blocks.share', networks: ['Facebook', ' x ', 'tiktok', 7] }]);
    expect(issues.map((i) => [i.code, i.field, i.message])).toEqual([
      // Not text at all: the declaration's `strings` field leaves it out before the block's check runs.
      ['InvalidField', 'blocks[0].networks[3]', 'Expected blocks[0].networks[3] to be text, found the number 7; using nothing (the entry is left out)'],
      ['UnknownShareNetwork', 'blocks[0].networks[2]', 'Unknown share network the string "tiktok"; it is left out'],
    ]);
    expect(issues[1]!.hint).toBe('Use only facebook, x, whatsapp, email, copy.');
  });

  it('NoImages: a gallery with no images, or only videos, is not shown', () => {
    expect(
      run([
        { __component: 'blocks.gallery', images: [] },
        { __component: 'blocks.gallery', images: [video] },
        { __component: 'blocks.gallery', images: [video, image] },
      ]).issues.map((i) => [i.code, i.field, i.message]),
    ).toEqual([
      ['NoImages', 'blocks[0].images', 'Gallery has no images; it is not shown'],
      ['NoImages', 'blocks[1].images', 'Gallery has no images (only 1 video, which a gallery does not show); it is not shown'],
    ]);
  });
});

describe('block warnings (declarations): values', () => {
  it('InvalidDate: an unreadable timer end hides the timer', () => {
    const { issues } = run([{ __component: 'blocks.timer', title: 'Sale ends', enddate: 'next friday' }]);
    expect(issues).toEqual([
      expect.objectContaining({
        code: 'InvalidDate',
        field: 'blocks[0].enddate',
        message: 'Expected an ISO date (yyyy-MM-dd or full ISO), found the string "next friday"; the timer is not shown',
      }),
    ]);
  });

  it('InvalidDate: an unreadable start or end of another block is ignored (the block shows regardless)', () => {
    const toast = { __component: 'blocks.offer-toast', text: 'Offer', startdate: '2026-02-30', enddate: '2026-12-31T23:59:59.000Z' };
    expect(run([toast]).issues.map((i) => [i.code, i.field, i.message])).toEqual([
      ['InvalidDate', 'blocks[0].startdate', 'Expected an ISO date (yyyy-MM-dd or full ISO), found the string "2026-02-30"; the block is shown as if it had no start date'],
    ]);
  });

  it('InvalidColour: only opaque hex and rgb() colours colour the toast', () => {
    const toast = (background: unknown) => ({ __component: 'blocks.offer-toast', background });
    const { issues } = run([toast('url(x.png)'), toast('rgba(0, 0, 0, 0.5)'), toast('teal'), toast('#0e6f80'), toast('rgb(14 111 128)'), toast(null)]);
    expect(issues.map((i) => [i.code, i.field])).toEqual([
      ['InvalidColour', 'blocks[0].background'],
      ['InvalidColour', 'blocks[1].background'],
      ['InvalidColour', 'blocks[2].background'],
    ]);
    expect(issues[2]!.message).toBe('Expected an opaque colour (#rgb, #rrggbb or rgb()), found the string "teal"; the toast keeps its default colours');
  });

  it('InvalidNumber: numbers the blocks read with a default', () => {
    const blocks = [
      { __component: 'blocks.blog-list', pageSize: 'ten' },
      { __component: 'blocks.blog-list', pageSize: 2.5 },
      { __component: 'blocks.gallery', images: [image], columns: 'three' },
      { __component: 'blocks.carousel', slides: [{ title: 'a' }], autoplay: '5s' },
      { __component: 'blocks.offer-toast', delay: '2s' },
      { __component: 'blocks.booking', promocodes: [], maxAdults: 'eight', maxChildren: 3, maxRooms: -1 },
    ];
    const { issues } = run(blocks);
    expect(issues.map((i) => [i.code, i.field])).toEqual([
      ['InvalidNumber', 'blocks[0].pageSize'],
      ['InvalidNumber', 'blocks[1].pageSize'],
      ['InvalidNumber', 'blocks[2].columns'],
      ['InvalidNumber', 'blocks[3].autoplay'],
      ['InvalidNumber', 'blocks[4].delay'],
      ['InvalidNumber', 'blocks[5].maxAdults'],
    ]);
    expect(issues[0]!.message).toBe('Expected pageSize to be a whole number above 0, found the string "ten"; the default page size is used');
    expect(issues[3]!.message).toBe('Expected autoplay to be a number of milliseconds (0 = off), found the string "5s"; autoplay is off');
  });

  it('InvalidChoice: hero height and blog-list kind', () => {
    const { issues } = run([
      { __component: 'blocks.hero', height: 'tall' },
      { __component: 'blocks.hero', height: 'Half' },
      { __component: 'blocks.blog-list', kind: 'posts' },
    ]);
    expect(issues.map((i) => [i.code, i.field, i.message])).toEqual([
      ['InvalidChoice', 'blocks[0].height', 'Expected height to be one of full, half, found the string "tall"; the hero is full height'],
      ['InvalidChoice', 'blocks[1].height', 'Expected height to be one of full, half, found the string "Half"; the hero is full height'],
      ['InvalidChoice', 'blocks[2].kind', 'Expected kind to be one of page, room, service, destination, post, found the string "posts"; the list shows posts'],
    ]);
  });

  it('layout zones are checked, named by the zone', () => {
    const raw = rawSite({ layout: { en: { header: [], footer: [] }, es: { header: [{ __component: 'blocks.offer-toast', background: 'red' }], footer: [] } } });
    const { issues } = normaliseSite(raw, { strict: false });
    expect(issues).toEqual([
      expect.objectContaining({
        code: 'InvalidColour',
        entity: 'layout',
        locale: 'es',
        slug: 'header',
        position: 0,
        component: 'blocks.offer-toast',
        field: 'header[0].background',
      }),
    ]);
  });

  it('blank values are the defaults and are not reported', () => {
    const blank = {
      height: null,
      kind: null,
      pageSize: null,
      columns: null,
      autoplay: null,
      delay: null,
      background: '',
      enddate: null,
      startdate: '',
      networks: null,
      slides: null,
      items: null,
    };
    const blocks = ['blocks.hero', 'blocks.blog-list', 'blocks.carousel', 'blocks.offer-toast', 'blocks.timer', 'blocks.share', 'blocks.accordion', 'blocks.terms-list'].map(
      (c) => ({ __component: c, ...blank }),
    );
    expect(run([...blocks, form([{ name: 'a', kind: null }])]).issues).toEqual([]);
    expect(normaliseSite(rawSite({ pages: { en: [page('home', blocks)], es: [page('inicio', blocks)] } }), { strict: false }).issues).toEqual([]);
  });
});

describe('the bundled content', () => {
  it('gives no warnings and no errors', async () => {
    const raw = await readCache(fileURLToPath(new URL('../../../content-cache', import.meta.url)), { en: 'en', es: 'es-MX' });
    const { content, issues } = normaliseSite(raw, { strict: true });
    expect(content.pages.length).toBeGreaterThan(10);
    expect(issues).toEqual([]);
  });
});
