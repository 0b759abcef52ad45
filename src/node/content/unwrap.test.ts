// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { unwrap } from './unwrap.js';

describe('unwrap (Strapi 4 → flat)', () => {
  it('flattens `{ id, attributes }` entries', () => {
    expect(unwrap([{ id: 3, attributes: { slug: 'home', title: 'Home' } }])).toEqual([{ id: 3, slug: 'home', title: 'Home' }]);
  });

  it('unwraps media and relations under `data` (single, list, null, empty)', () => {
    const raw = {
      cover: { data: { id: 1, attributes: { url: '/uploads/a.jpg', mime: 'image/jpeg' } } },
      images: { data: [{ id: 2, attributes: { url: '/uploads/b.jpg' } }] },
      poster: { data: null },
      promocodes: { data: [] },
      localizations: { data: [{ id: 9, attributes: { locale: 'es-MX', slug: 'inicio' } }] },
    };
    expect(unwrap(raw)).toEqual({
      cover: { id: 1, url: '/uploads/a.jpg', mime: 'image/jpeg' },
      images: [{ id: 2, url: '/uploads/b.jpg' }],
      poster: null,
      promocodes: [],
      localizations: [{ id: 9, locale: 'es-MX', slug: 'inicio' }],
    });
  });

  it('reaches relations inside components and dynamic zones', () => {
    const raw = { id: 1, attributes: { blocks: [{ __component: 'blocks.hero', id: 7, media: { data: { id: 4, attributes: { url: '/x.jpg' } } } }] } };
    expect(unwrap(raw)).toEqual({ id: 1, blocks: [{ __component: 'blocks.hero', id: 7, media: { id: 4, url: '/x.jpg' } }] });
  });

  it('passes Strapi 5 values through unchanged', () => {
    const s5 = { id: 3, documentId: 'abc', slug: 'home', seo: { id: 3, metaTitle: 'Home' }, blocks: [{ __component: 'blocks.hero', image: { id: 1, url: '/u.png' } }] };
    expect(unwrap(s5)).toEqual(s5);
  });

  it('detects per value, so mixed input works', () => {
    const mixed = [
      { id: 1, attributes: { slug: 'a' } },
      { id: 2, documentId: 'd2', slug: 'b' },
    ];
    expect(unwrap(mixed)).toEqual([
      { id: 1, slug: 'a' },
      { id: 2, documentId: 'd2', slug: 'b' },
    ]);
  });

  it('leaves content fields named `data` or `attributes` alone when they are not envelopes', () => {
    const value = { data: ['x', 'y'], attributes: 'plain', table: { data: [{ a: 1 }] } };
    expect(unwrap(value)).toEqual(value);
  });

  it('returns Strapi 5 values as they are, without copying them, and copies only the path to an envelope', () => {
    const s5 = { id: 3, slug: 'home', blocks: [{ __component: 'blocks.hero', image: { id: 1, url: '/u.png' } }] };
    expect(unwrap(s5)).toBe(s5);
    const seo = { metaTitle: 'Home' };
    const blocks = [{ __component: 'blocks.text' }, { __component: 'blocks.hero', image: { data: { id: 1, attributes: { url: '/u.png' } } } }];
    const mixed = { slug: 'home', seo, blocks };
    const out = unwrap(mixed) as typeof mixed;
    expect(out).toEqual({ slug: 'home', seo, blocks: [{ __component: 'blocks.text' }, { __component: 'blocks.hero', image: { id: 1, url: '/u.png' } }] });
    expect(out).not.toBe(mixed);
    expect(out.seo).toBe(seo);
    expect(out.blocks[0]).toBe(blocks[0]);
    // The input is left as it was.
    expect(blocks[1]).toEqual({ __component: 'blocks.hero', image: { data: { id: 1, attributes: { url: '/u.png' } } } });
  });
});
