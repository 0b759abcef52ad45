// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Media } from '../../shared/model.js';
import { mediaUrlsInContent, rewriteMediaUrls } from './media.js';

const media: Media = { kind: 'image', url: '/uploads/a.jpg', mime: 'image/jpeg', width: 10, height: 10, alt: '', formats: [{ url: '/uploads/small_a.jpg', width: 5, height: 5 }] };

describe('media phase', () => {
  it('collects media fields, formats and uploads inside rich text', () => {
    const content = { blocks: [{ props: { media, body: '<p><img src="/uploads/b.png" alt=""></p>', text: 'see ![x](/uploads/c.gif)' } }] };
    expect(mediaUrlsInContent(content)).toEqual(['/uploads/a.jpg', '/uploads/b.png', '/uploads/c.gif', '/uploads/small_a.jpg']);
  });

  it('rewrites every url to its site copy without touching the input', () => {
    const content = { media, body: '<img src="/uploads/b.png">' };
    const urls = new Map([
      ['/uploads/a.jpg', '/assets/media/a.111.jpg'],
      ['/uploads/small_a.jpg', '/assets/media/small_a.222.jpg'],
      ['/uploads/b.png', '/assets/media/b.333.png'],
    ]);
    const out = rewriteMediaUrls(content, urls);
    expect(out.media.url).toBe('/assets/media/a.111.jpg');
    expect(out.media.formats[0]!.url).toBe('/assets/media/small_a.222.jpg');
    expect(out.body).toBe('<img src="/assets/media/b.333.png">');
    expect(content.media.url).toBe('/uploads/a.jpg');
  });
});
