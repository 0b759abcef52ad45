import { describe, expect, it } from 'vitest';
import type { Pagination as PaginationData } from '../../../shared/page-data.js';
import { block } from '../../../../test/support/blocks.js';
import { mount, renderStatic } from '../../../../test/support/render.js';
import { pageItems } from './page-items.js';
import { Pagination } from './Pagination.js';

const pagination = block('blocks.pagination', {});
const slugs = (count: number) => Array.from({ length: count }, (_, i) => (i === 0 ? 'blog' : `blog/page/${i + 1}`));
const data = (page: number, pageCount: number): { pagination: PaginationData } => ({ pagination: { page, pageCount, slugs: slugs(pageCount) } });

describe('blocks.pagination', () => {
  it('is a labelled nav with previous, numbered and next links to each list page', () => {
    const html = renderStatic(<Pagination block={pagination} index={0} />, { data: data(2, 3) });
    expect(html).toMatch(/^<nav class="pagination container" aria-label="Pages">/);
    expect(html).toContain('href="/blog"><span aria-hidden="true">←</span> Previous</a>');
    expect(html).toContain('href="/blog/page/3">Next <span aria-hidden="true">→</span></a>');
    expect(html).toContain('<a class="pagination__link" href="/blog"><span class="visually-hidden">Page </span>1</a>');
    expect(html).toContain('<a class="pagination__link" href="/blog/page/3"><span class="visually-hidden">Page </span>3</a>');
  });

  it('marks the current page with aria-current="page" and does not link it', () => {
    const html = renderStatic(<Pagination block={pagination} index={0} />, { data: data(2, 3) });
    expect(html).toContain('<span class="pagination__link pagination__link--current" aria-current="page"><span class="visually-hidden">Page </span>2</span>');
    expect(html).not.toContain('href="/blog/page/2"');
  });

  it('has no previous link on the first page and no next link on the last', () => {
    const first = renderStatic(<Pagination block={pagination} index={0} />, { data: data(1, 3) });
    expect(first).not.toContain('Previous');
    expect(first).toContain('Next');
    const last = renderStatic(<Pagination block={pagination} index={0} />, { data: data(3, 3) });
    expect(last).toContain('Previous');
    expect(last).not.toContain('Next');
  });

  it('collapses long ranges with ellipses hidden from screen readers', () => {
    const html = renderStatic(<Pagination block={pagination} index={0} />, { data: data(6, 12) });
    expect(html.match(/<li class="pagination__gap" aria-hidden="true">…<\/li>/g)).toHaveLength(2);
    expect(html).toContain('href="/blog/page/12"');
    expect(html).not.toContain('href="/blog/page/3"');
  });

  it('renders nothing for a single page or without pagination data', () => {
    expect(renderStatic(<Pagination block={pagination} index={0} />, { data: data(1, 1) })).toBe('');
    expect(renderStatic(<Pagination block={pagination} index={0} />)).toBe('');
  });

  it('rule 4: links carry the current query string once hydrated; Spanish under /es', async () => {
    const root = await mount(<Pagination block={pagination} index={0} />, { url: '/blog?utm_source=mail', data: data(1, 2) });
    expect(root.querySelector('a[href^="/blog/page/2"]')?.getAttribute('href')).toBe('/blog/page/2?utm_source=mail');
    const es = renderStatic(<Pagination block={pagination} index={0} />, { locale: 'es', page: { path: '/es/blog' }, data: data(1, 2) });
    expect(es).toContain('aria-label="Páginas"');
    expect(es).toContain('href="/es/blog/page/2">Siguiente');
    expect(es).toContain('<span class="visually-hidden">Página </span>2');
  });
});

describe('pageItems', () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 10, [1, 2, 'gap', 10]],
    [5, 10, [1, 'gap', 4, 5, 6, 'gap', 10]],
    [3, 10, [1, 2, 3, 4, 'gap', 10]],
    [10, 10, [1, 'gap', 9, 10]],
    [4, 7, [1, 2, 3, 4, 5, 6, 7]],
  ] as const)('page %i of %i → %j (a one-page gap shows the page)', (page, count, expected) => {
    expect(pageItems(page, count)).toEqual(expected);
  });
});
