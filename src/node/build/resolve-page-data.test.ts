import { describe, expect, it } from 'vitest';
import type { Block, Modal, Page, PageKind, SiteContent } from '../../shared/model.js';
import type { Component } from '../../shared/blocks/catalogue.js';
import { pagePath } from '../../shared/routes.js';
import { builtPages } from './list-pages.js';
import { DEFAULT_PAGE_SIZE } from '../../shared/block-values.js';
import { listData, listQuery, modalRefs, pageData, referencedModals, resortsOf, siteMapOf } from './resolve-page-data.js';

const block = (component: Component, props: Record<string, unknown> = {}, key = '0'): Block => ({ component, name: component, key, countries: null, props });

function page(slug: string, kind: PageKind, date: string | null, blocks: Block[] = [], locale: 'en' | 'es' = 'en'): Page {
  const path = pagePath(locale, slug);
  return {
    locale,
    documentId: `${slug}-doc`,
    slug,
    path,
    title: slug.split('/').pop()!,
    kind,
    summary: `About ${slug}`,
    cover: null,
    date,
    seo: { metaTitle: '', metaDescription: '', metaImage: null, noIndex: false },
    blocks,
    updatedAt: null,
    alternates: { [locale]: path },
  };
}

const list = (props: Record<string, unknown>) => block('blocks.blog-list', props, '1');
const posts = [
  page('blog/a', 'post', '2026-01-01'),
  page('blog/b', 'post', '2026-03-01'),
  page('blog/c', 'post', null),
  page('news/d', 'post', '2026-02-01'),
  page('rooms/x', 'room', '2026-05-01'),
];

function site(pages: Page[], modals: Modal[] = []): SiteContent {
  const layout = { header: [], footer: [block('blocks.footer', { columns: [{ links: [{ kind: 'modal', label: 'Gallery', modal: 'gallery' }] }] })] };
  return { pages, layouts: { en: layout, es: layout }, errors: {} as SiteContent['errors'], modals: { en: modals, es: [] }, promoCodes: [] };
}

describe('blog-list data (content contract, blocks.blog-list)', () => {
  it('lists pages of its kind, newest date first, undated last, never the listing page itself', () => {
    const blog = page('blog', 'post', '2026-09-01', [list({ kind: 'post', pageSize: 10 })]);
    const data = listData([...posts, blog], blog, blog.blocks[0]!, 1);
    expect(data.cards.map((c) => c.slug)).toEqual(['blog/b', 'news/d', 'blog/a', 'blog/c']);
    expect(data).toMatchObject({ total: 4, page: 1, pageCount: 1 });
    // Dates are formatted here, at build time, in the page's locale (the browser ships no formatter).
    expect(data.cards[0]).toMatchObject({ date: '2026-03-01', dateLabel: 'March 1, 2026' });
    expect(data.cards[3]).toMatchObject({ date: null, dateLabel: null });
  });

  it('filters by category as a slug prefix and paginates by pageSize', () => {
    const blog = page('blog', 'page', null, [list({ kind: 'post', category: 'blog', pageSize: 2 })]);
    expect(listData(posts, blog, blog.blocks[0]!, 1).cards.map((c) => c.slug)).toEqual(['blog/b', 'blog/a']);
    expect(listData(posts, blog, blog.blocks[0]!, 2)).toMatchObject({ page: 2, pageCount: 2, cards: [{ slug: 'blog/c' }] });
  });

  it('defaults kind to post and pageSize when missing or invalid', () => {
    expect(listQuery(list({}))).toEqual({ kind: 'post', category: null, pageSize: DEFAULT_PAGE_SIZE });
    expect(listQuery(list({ kind: 'nonsense', pageSize: -3, category: '  ' }))).toEqual({ kind: 'post', category: null, pageSize: DEFAULT_PAGE_SIZE });
    expect(listQuery(list({ kind: 'room', pageSize: 4 })).kind).toBe('room');
  });
});

describe('list pages (content contract, blocks.pagination)', () => {
  const blog = page('blog', 'page', null, [list({ kind: 'post', pageSize: 2 }), block('blocks.pagination', {}, '2')]);

  it('emits /{slug}/page/{n} for every page after the first, with its own path, title and pagination', () => {
    const built = builtPages([...posts, blog]);
    const extra = built.filter((b) => b.n > 1);
    expect(extra.map((b) => b.page.path)).toEqual(['/blog/page/2']);
    expect(extra[0]!.page.seo.metaTitle).toBe('blog – Page 2');
    const data = pageData(site([...posts, blog]), blog, 2);
    expect(data.pagination).toEqual({ page: 2, pageCount: 2, slugs: ['blog', 'blog/page/2'] });
    expect(data.lists['1']!.cards.map((c) => c.slug)).toEqual(['blog/a', 'blog/c']);
  });

  it('uses page/{n} on the home page and emits nothing without a pagination block', () => {
    const home = page('home', 'page', null, [list({ pageSize: 1 }), block('blocks.pagination', {}, '2')]);
    expect(
      builtPages([...posts, home])
        .filter((b) => b.n > 1)
        .map((b) => b.page.path),
    ).toEqual(['/page/2', '/page/3', '/page/4']);
    const noPagination = page('journal', 'page', null, [list({ pageSize: 1 })]);
    expect(builtPages([...posts, noPagination]).filter((b) => b.n > 1)).toEqual([]);
    expect(pageData(site([...posts, noPagination]), noPagination, 1).pagination).toBeNull();
  });

  it('links list pages to translations that have the same page only (rule 12)', () => {
    const en = { ...blog, alternates: { en: '/blog', es: '/es/blog' } };
    const es = { ...page('blog', 'page', null, [list({ pageSize: 10 }), block('blocks.pagination', {}, '2')], 'es'), alternates: { en: '/blog', es: '/es/blog' } };
    const page2 = builtPages([...posts, en, es]).find((b) => b.page.path === '/blog/page/2')!;
    expect(page2.page.alternates).toEqual({ en: '/blog/page/2' });
  });
});

describe('site map and modals', () => {
  it('groups every page of the locale by kind in a fixed order', () => {
    const groups = siteMapOf([...posts, page('about', 'page', null), page('x', 'page', null, [], 'es')], 'en');
    expect(groups.map((g) => g.kind)).toEqual(['page', 'room', 'post']);
    expect(groups[0]!.pages).toEqual([{ title: 'about', slug: 'about' }]);
    expect(groups[2]!.pages.map((p) => p.slug)).toEqual(['blog/a', 'blog/b', 'blog/c', 'news/d']);
  });

  it('finds modal links and groupsModal at any depth, and follows modals that open modals', () => {
    expect(
      [...modalRefs({ a: [{ kind: 'modal', modal: 'one' }], b: { groupsModal: 'two' }, body: '<p><a href="#modal=spa%20rituals">x</a> <a href="#top">y</a></p>' })].sort(),
    ).toEqual(['one', 'spa rituals', 'two']);
    const modals: Modal[] = [
      { id: 1, name: 'gallery', items: [block('modals.wysiwyg', { cta: { kind: 'modal', label: 'More', modal: '3' } })] },
      { id: 2, name: 'unused', items: [] },
      { id: 3, name: 'policy', items: [] },
    ];
    expect(referencedModals([block('blocks.footer', { l: { kind: 'modal', modal: 'gallery' } })], modals).map((m) => m.name)).toEqual(['gallery', 'policy']);
    const data = pageData(site(posts, modals), page('x', 'page', null), 1);
    expect(data.modals.map((m) => m.name)).toEqual(['gallery', 'policy']);
    expect(data.siteMap).toBeNull();
    expect(data.resorts).toEqual([]);
  });

  it('collects resorts of booking blocks for pages with a form, first code wins', () => {
    const resorts = [{ code: 'TUL', name: 'Marea Tulum', destination: 'Riviera Maya' }];
    const booking = page('book', 'page', null, [block('blocks.booking', { resorts: [...resorts, { code: 'TUL', name: 'dup', destination: '' }] })]);
    const contact = page('contact', 'page', null, [block('blocks.form', { fields: [] })]);
    expect(resortsOf(site([booking, contact]), 'en')).toEqual(resorts);
    expect(pageData(site([booking, contact]), contact, 1).resorts).toEqual(resorts);
  });
});
