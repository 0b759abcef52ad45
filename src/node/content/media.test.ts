// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { toMedia, toMediaList } from './media.js';
import { testContext } from './fixtures/raw-site.js';

const image = {
  id: 1,
  documentId: 'm1',
  url: '/uploads/hero.jpg',
  mime: 'image/jpeg',
  width: 1200,
  height: 630,
  alternativeText: 'Blue hero banner',
  caption: 'Hero',
  formats: {
    thumbnail: { url: '/uploads/thumbnail_hero.jpg', width: 245, height: 129, mime: 'image/jpeg' },
    large: { url: '/uploads/large_hero.jpg', width: 1000, height: 525 },
    small: { url: '/uploads/small_hero.jpg', width: 500, height: 263 },
    medium: { url: '/uploads/medium_hero.jpg', width: 750, height: 394 },
  },
};

describe('media', () => {
  it('gives srcset-ready Media: formats sorted by width, explicit size and alt', () => {
    const ctx = testContext();
    expect(toMedia(image, ctx, 'cover')).toEqual({
      kind: 'image',
      url: '/uploads/hero.jpg',
      mime: 'image/jpeg',
      width: 1200,
      height: 630,
      alt: 'Blue hero banner',
      formats: [
        { url: '/uploads/thumbnail_hero.jpg', width: 245, height: 129 },
        { url: '/uploads/small_hero.jpg', width: 500, height: 263 },
        { url: '/uploads/medium_hero.jpg', width: 750, height: 394 },
        { url: '/uploads/large_hero.jpg', width: 1000, height: 525 },
      ],
    });
    expect(ctx.issues).toEqual([]);
  });

  it('takes alt from the caption, then empty', () => {
    const ctx = testContext();
    expect(toMedia({ ...image, alternativeText: null }, ctx, 'cover')?.alt).toBe('Hero');
    expect(toMedia({ ...image, alternativeText: '', caption: null }, ctx, 'cover')?.alt).toBe('');
  });

  it('marks video/* as video', () => {
    const ctx = testContext();
    const video = toMedia({ url: '/uploads/tour.mp4', mime: 'video/mp4', width: 1920, height: 1080, formats: null }, ctx, 'media');
    expect(video).toMatchObject({ kind: 'video', mime: 'video/mp4', formats: [] });
    expect(toMedia({ url: '/uploads/clip.webm' }, ctx, 'media')?.kind).toBe('video');
  });

  it('reads null as no media, and reports what is not a media file', () => {
    const ctx = testContext();
    expect(toMedia(null, ctx, 'cover')).toBeNull();
    expect(toMedia({ name: 'no url' }, ctx, 'blocks[0].media')).toBeNull();
    expect(ctx.issues).toMatchObject([{ code: 'InvalidMedia', severity: 'warning', field: 'blocks[0].media' }]);
  });

  it('drops media with an unsafe url (rule 23)', () => {
    const ctx = testContext();
    expect(toMedia({ url: 'javascript:alert(1)', mime: 'image/png' }, ctx, 'cover')).toBeNull();
    expect(ctx.issues).toMatchObject([{ code: 'UnsafeLink', field: 'cover.url' }]);
  });

  it('reads a media list, blank as [], dropping unreadable entries', () => {
    const ctx = testContext();
    expect(toMediaList(null, ctx, 'images')).toEqual([]);
    const list = toMediaList([image, 'x'], ctx, 'images');
    expect(list).toHaveLength(1);
    expect(ctx.issues).toMatchObject([{ code: 'InvalidMedia', field: 'images[1]' }]);
  });
});
