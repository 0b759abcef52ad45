// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { BlockComponent } from '../../shared/blocks/catalogue.js';
import { pickTemplatePages } from './templates.js';

type Tail<C> = C extends `blocks.${infer N}` ? N : never;
const block = (name: Tail<BlockComponent>, props: Record<string, unknown> = {}) => ({ component: `blocks.${name}` as const, props });
const page = (path: string, kind: 'page' | 'room' | 'post', blocks: ReturnType<typeof block>[]) => ({
  locale: path === '/es' || path.startsWith('/es/') ? ('es' as const) : ('en' as const),
  path,
  kind,
  blocks,
});

describe('one page of every template (bench:lighthouse --templates)', () => {
  const site = [
    page('/', 'page', [block('hero'), block('blog-list', { kind: 'post' })]),
    page('/all-blocks', 'page', [block('hero'), block('form'), block('site-map'), block('blog-list', { kind: 'post' }), block('wysiwyg')]),
    page('/blog', 'page', [block('hero'), block('blog-list', { kind: 'post' }), block('pagination')]),
    page('/blog/page/2', 'page', [block('blog-list', { kind: 'post' })]),
    page('/rooms', 'page', [block('hero'), block('blog-list', { kind: 'room' })]),
    page('/rooms/suite', 'room', [block('hero')]),
    page('/blog/turtles', 'post', [block('hero'), block('wysiwyg')]),
    page('/contact', 'page', [block('hero'), block('form')]),
    page('/sitemap', 'page', [block('site-map')]),
    page('/terms', 'page', [block('wysiwyg'), block('terms-list')]),
    page('/privacy', 'page', [block('wysiwyg')]),
    page('/es', 'page', [block('hero')]),
    page('/es/habitaciones/suite', 'room', [block('hero')]),
  ];

  it('picks, per locale, the page of each template with the fewest blocks, never a list page after the first', () => {
    const { found } = pickTemplatePages(site);
    const en = Object.fromEntries(found.filter((p) => p.locale === 'en').map((p) => [p.template, p.path]));
    expect(en).toEqual({
      home: '/',
      'content page': '/privacy',
      room: '/rooms/suite',
      // The rooms list lists rooms, not posts; /blog/page/2 is a later page of /blog.
      'blog list': '/blog',
      'blog post': '/blog/turtles',
      // all-blocks has a form too, with more blocks around it.
      contact: '/contact',
      'site map': '/sitemap',
      // Rules 27–28: the error page at the path it is rendered for.
      '404': '/404',
    });
  });

  it('names the templates a locale has no page of, and still measures its 404 page', () => {
    const { found, missing } = pickTemplatePages(site);
    expect(found.filter((p) => p.locale === 'es').map((p) => [p.template, p.path])).toEqual([
      ['home', '/es'],
      ['room', '/es/habitaciones/suite'],
      ['404', '/es/404'],
    ]);
    expect(missing).toEqual(['content page (es)', 'blog list (es)', 'blog post (es)', 'contact (es)', 'site map (es)']);
  });
});
