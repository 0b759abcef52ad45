import { describe, expect, it } from 'vitest';
import { block, image } from '../../test/support/blocks.js';
import type { Media } from './model.js';
import { wireJson } from './payload.js';
import { fromWire, toWire } from './wire.js';

/** What a value is once through the wire: the JSON the site serves, parsed and read back as the browser does. */
const roundTrip = (value: unknown) => fromWire(JSON.parse(wireJson(value)));
/** `value` as JSON gives it back: the most the wire can promise (no `undefined`, no functions). */
const asJson = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

const published: Media = {
  ...image,
  url: '/assets/media/garden_villa_b14c7d0803.0a1b2c3d4e.jpg',
  alt: 'The villa',
  formats: [
    { url: '/assets/media/thumbnail_garden_villa_b14c7d0803.9f8e7d6c5b.jpg', width: 245, height: 138 },
    { url: '/assets/media/small_garden_villa_b14c7d0803.5a5a5a5a5a.jpg', width: 500, height: 281 },
    { url: '/assets/media/large_garden_villa_b14c7d0803.0a1b2c3d4e.jpg', width: 1000, height: 563 },
  ],
  variants: { key: '39530f76', widths: [400, 800, 1200] },
};
const upload: Media = {
  ...published,
  url: 'https://cms.example/uploads/sea_1a2b.jpg',
  formats: [{ url: 'https://cms.example/uploads/small_sea_1a2b.jpg', width: 500, height: 281 }],
  variants: undefined,
};

describe('the payload wire form (media packed, rule 18)', () => {
  it('packs a published image and a CMS upload to their names, and gives each back exactly', () => {
    const wire = wireJson({ a: published, b: upload });
    expect(wire).toBe(
      '{"a":{"$m":["garden_villa_b14c7d0803.0a1b2c3d4e.jpg",1600,900,"The villa",["t9f8e7d6c5b","s5a5a5a5a5a","l"],["39530f76",[400,800,1200]]]},' +
        '"b":{"$m":["https://cms.example/uploads/sea_1a2b.jpg",1600,900,"The villa",["s"]]}}',
    );
    expect(JSON.stringify(roundTrip({ a: published, b: upload }))).toBe(JSON.stringify({ a: published, b: upload }));
  });

  it("writes Strapi's formats at the sizes Strapi makes them as a letter and a hash; any other size as [name, width]", () => {
    // 1200 × 800: the thumbnail fits 245 × 156 by its height (234 wide); a `small` 480 wide is not Strapi's.
    const portrait: Media = {
      ...published,
      width: 1200,
      height: 800,
      formats: [
        { url: '/assets/media/thumbnail_garden_villa_b14c7d0803.9f8e7d6c5b.jpg', width: 234, height: 156 },
        { url: '/assets/media/small_garden_villa_b14c7d0803.5a5a5a5a5a.jpg', width: 480, height: 320 },
        { url: '/assets/media/medium_garden_villa_b14c7d0803.0a1b2c3d4e.jpg', width: 750, height: 500 },
      ],
    };
    expect(wireJson({ portrait })).toContain('["t9f8e7d6c5b",["small.5a5a5a5a5a",480],"m"]');
    expect(JSON.stringify(roundTrip({ portrait }))).toBe(JSON.stringify({ portrait }));
    expect(() => fromWire({ a: { $m: ['x.jpg', 10, 10, '', ['q']] } })).toThrow(/malformed value/);
  });

  it('writes a media object used again as a reference, read back as the same object', () => {
    const value = { hero: published, gallery: [upload, published, { media: published }] };
    const wire = wireJson(value);
    expect(wire.match(/garden_villa/g)).toHaveLength(1);
    expect(wire).toContain('{"$m":0}');
    const back = roundTrip(value) as typeof value;
    expect(back).toEqual(asJson(value));
    expect(back.gallery[1]).toBe(back.hero);
  });

  it("packs equal copies of a media object (a page's blocks read back from disk) as the object itself, and a copy in another key order not at all", () => {
    const copy = JSON.parse(JSON.stringify(published)) as Media;
    expect(wireJson({ a: copy })).toBe(wireJson({ a: published }));
    expect(wireJson({ hero: published, again: copy })).toContain('"again":{"$m":0}');
    const reordered = Object.fromEntries(Object.entries(published).reverse()) as unknown as Media;
    expect(toWire(reordered)).toEqual(reordered);
    expect(wireJson({ a: JSON.parse(JSON.stringify(reordered)) as Media })).not.toContain('$m');
  });

  it('keeps whatever does not fit the pattern, in full: other names, heights off the ratio, types the extension does not say, no dimensions', () => {
    const odd: Media[] = [
      { ...published, formats: [{ url: '/elsewhere/large_garden_villa_b14c7d0803.0a1b2c3d4e.jpg', width: 1000, height: 560 }] },
      { ...published, formats: [{ url: '/assets/media/x.y_garden_villa_b14c7d0803.0a1b2c3d4e.jpg', width: 1000, height: 563 }] },
      { ...upload, mime: 'image/png', kind: 'video' },
      { ...upload, url: 'sea.jpg', formats: [{ url: 'small.jpg', width: 1, height: 1 }] },
      { kind: 'captions', url: '/assets/media/en.1a.vtt', mime: 'text/plain', width: null, height: null, alt: '', formats: [] },
      { kind: 'video', url: '/v/loop', mime: '', width: null, height: null, alt: '', formats: [{ url: '/v/small_loop', width: 10, height: 0 }] },
    ];
    expect(JSON.stringify(roundTrip(odd))).toBe(JSON.stringify(odd));
    expect(wireJson(odd[0])).toContain('"/elsewhere/large_garden_villa_b14c7d0803.0a1b2c3d4e.jpg",1000,560]');
  });

  it('a media-like object that would not come back exactly (an extra key, another key order) travels as it is', () => {
    const shapes = [
      { ...published, extra: 1 },
      { url: published.url, kind: 'image', mime: 'image/jpeg', width: 1, height: 1, alt: '', formats: [] },
      { ...published, formats: [{ url: published.formats[0]!.url, width: 245, height: 138, name: 'thumbnail' }] },
      { ...published, variants: { key: 'k', widths: [1], more: true } },
    ];
    for (const shape of shapes) {
      expect(toWire(shape)).toEqual(shape);
      expect(roundTrip(shape)).toEqual(asJson(shape));
    }
  });

  it('hostile content: objects shaped like the wire’s own, `__proto__` keys, script-closing text — all come back as they were', () => {
    const hostile = JSON.parse(
      '{"$m":[1,2],"x":{"$m":0},"y":{"$":{"$m":"a"}},"z":{"$":1},"b":[{"$b":["blocks.hero",{}]}],"__proto__":{"polluted":true},"list":[{"$m":[]},{"$":[]},{"$m":null,"other":1}],"text":"</script><!--\u2028\u2029","n":[0,null,true,"$m"]}',
    ) as unknown;
    const wire = wireJson(hostile);
    expect(wire).not.toMatch(/<|\u2028|\u2029/);
    const back = roundTrip(hostile);
    expect(JSON.stringify(back)).toBe(JSON.stringify(hostile));
    expect(Object.keys(back as object)).toContain('__proto__');
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('a block in a list whose name and key follow from its component and place is [component, props, countries?]; any other stays as it is', () => {
    const blocks = [block('blocks.hero', { title: 'Hi', media: published }), { ...block('blocks.wysiwyg', { body: '<p>x</p>' }, ['MEX']), key: '1' }];
    const wire = wireJson({ blocks });
    expect(wire).toBe(
      `{"blocks":[{"$b":["hero",{"title":"Hi","media":{"$m":${JSON.stringify(toWire(published)).slice(6, -1)}}}]},{"$b":["wysiwyg",{"body":"\\u003cp>x\\u003c/p>"},["MEX"]]}]}`,
    );
    expect(roundTrip({ blocks })).toEqual(asJson({ blocks }));
    // Only a page block's `blocks.` is left out; a modal's component is written as it is.
    const modal = [{ component: 'modals.room', name: 'ModalRoom', key: '0', countries: null, props: { title: 'Suite' } }];
    expect(wireJson(modal)).toBe('[{"$b":["modals.room",{"title":"Suite"}]}]');
    expect(roundTrip(modal)).toEqual(asJson(modal));
    const others = [
      [{ ...blocks[0]!, component: 'hero' }],
      [{ ...blocks[1]!, key: 'rule-6' }],
      [{ ...blocks[0]!, name: 'Banner' }],
      [{ name: 'Hero', component: 'blocks.hero', key: '0', countries: null, props: {} }],
      [{ ...blocks[0]!, countries: [1] }],
      [{ ...blocks[0]!, props: 'text' }],
    ];
    for (const list of others) expect(toWire(list)).toEqual(list.map((b) => JSON.parse(JSON.stringify(toWire(b)))));
    // Not in a list: no place to take the key from.
    expect(JSON.stringify(toWire({ one: blocks[0] }))).toContain('"component":"blocks.hero","name":"Hero","key":"0"');
  });

  it('writes a text of 16 characters or more again as a reference to where it was first written; shorter ones, ids, dates and URLs as they are', () => {
    const description = 'Ocean view suites with a private terrace';
    const [date, url] = ['2026-05-01T00:00:00.000Z', 'https://marea.example/rooms'];
    const value = { title: 'Rooms & suites', seo: { title: 'Rooms & suites', description, date, url }, head: { description, items: [description, { $s: 0 }], date, url } };
    const wire = wireJson(value);
    expect(wire.match(/Ocean view suites/g)).toHaveLength(1);
    expect(wire.match(/Rooms & suites/g)).toHaveLength(2);
    expect(wire.match(/2026-05-01T00:00:00.000Z/g)).toHaveLength(2);
    expect(wire.match(/https:\/\/marea.example\/rooms/g)).toHaveLength(2);
    expect(wire).toContain('"head":{"description":{"$s":0},"items":[{"$s":0},{"$":{"$s":0}}],"date":"2026-05-01T00:00:00.000Z"');
    expect(roundTrip(value)).toEqual(value);
    expect(() => fromWire({ a: { $s: 0 } })).toThrow(/malformed value/);
    expect(() => fromWire({ a: 'x x'.repeat(6), b: { $s: 'length' } })).toThrow(/malformed value/);
  });

  it('a reference to a media object the value does not hold is an error (the caller falls back as for any bad payload, rule 20)', () => {
    expect(() => fromWire({ a: { $m: 0 } })).toThrow(/malformed value/);
    expect(() => fromWire({ a: { $m: 'x' } })).toThrow(/malformed value/);
    expect(() => fromWire({ a: { $b: ['blocks.hero', {}] } })).toThrow(/malformed value/);
    expect(() => fromWire([{ $b: 'blocks.hero' }])).toThrow(/malformed value/);
    expect(fromWire({ v: 3, page: { blocks: 'not a list' } })).toEqual({ v: 3, page: { blocks: 'not a list' } });
  });
});
