import { describe, expect, it } from 'vitest';
import type { ListCard, ListData } from '../../../shared/page-data.js';
import { block, image } from '../../../../test/support/blocks.js';
import { renderStatic } from '../../../../test/support/render.js';
import { BlogList } from './BlogList.js';

const list = block('blocks.blog-list', { title: 'From the journal', kind: 'post', category: null, pageSize: 2 });
const cards: ListCard[] = [
  {
    title: 'Swimming in cenotes',
    slug: 'blog/swimming-in-cenotes',
    kind: 'post',
    summary: 'Cool water under the jungle.',
    cover: image,
    date: '2026-05-01',
    dateLabel: 'May 1, 2026',
  },
  { title: 'Sea turtle season', slug: 'blog/sea-turtle-season', kind: 'post', summary: '', cover: null, date: null, dateLabel: null },
];
const data = (c: ListCard[]): { lists: Record<string, ListData> } => ({ lists: { [list.key]: { cards: c, total: c.length, page: 1, pageCount: 1 } } });

describe('blocks.blog-list', () => {
  it('renders the title and one card per build-time card, each a single link to the page', () => {
    const html = renderStatic(<BlogList block={list} index={0} />, { data: data(cards) });
    expect(html).toMatch(/<h2 id="[^"]+" class="blog-list__title">From the journal<\/h2>/);
    expect(html.match(/<article class="blog-card">/g)).toHaveLength(2);
    expect(html).toContain('<h3 class="blog-card__title"><a class="blog-card__link" href="/blog/swimming-in-cenotes">Swimming in cenotes</a></h3>');
    // One link per card: the whole card is clickable through the title link's overlay.
    expect(html.match(/<a /g)).toHaveLength(2);
    expect(html).toContain('<p class="blog-card__summary">Cool water under the jungle.</p>');
  });

  it('covers are lazy, sized, with srcset; a card without cover keeps the frame', () => {
    const html = renderStatic(<BlogList block={list} index={0} />, { data: data(cards) });
    expect(html).toMatch(/<img src="\/assets\/media\/sea.abc.jpg" srcSet="[^"]*500w[^"]*" sizes="[^"]+" width="1600" height="900" alt="The bay at dawn" loading="lazy"/);
    expect(html.match(/<div class="blog-card__media">/g)).toHaveLength(2);
  });

  it('shows the build-formatted date with a machine-readable datetime (formatting: src/shared/card-date.test.ts)', () => {
    expect(renderStatic(<BlogList block={list} index={0} />, { data: data(cards) })).toContain('<time class="blog-card__date" dateTime="2026-05-01">May 1, 2026</time>');
    const es = renderStatic(<BlogList block={list} index={0} />, { locale: 'es', page: { path: '/es' }, data: data(cards) });
    expect(es).toContain('href="/es/blog/swimming-in-cenotes"');
    expect(es.match(/<time/g)).toHaveLength(1);
  });

  it('shows a friendly message when the list is empty or missing', () => {
    expect(renderStatic(<BlogList block={list} index={0} />, { data: data([]) })).toContain('<p class="blog-list__empty">Nothing here yet.');
    expect(renderStatic(<BlogList block={list} index={0} />)).toContain('blog-list__empty');
    expect(renderStatic(<BlogList block={list} index={0} />, { locale: 'es', data: data([]) })).toContain('Aún no hay nada por aquí.');
  });

  it('leaves its title to the dialog in a modal', () => {
    expect(renderStatic(<BlogList block={list} index={0} inModal />, { data: data(cards) })).not.toContain('<h2');
  });
});
