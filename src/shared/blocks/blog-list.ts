import { DEFAULT_PAGE_SIZE, PAGE_KINDS } from '../block-values.js';
import { choice, declare, number, text } from './fields.js';

/** Cards of the pages of one kind, newest first, paginated by the build (src/node/build/list-pages.ts). */
export const blogList = declare(
  'blocks.blog-list',
  {
    title: text(),
    kind: choice(PAGE_KINDS, 'the list shows posts', { default: 'post' }),
    category: text(),
    pageSize: number('a whole number above 0', 'the default page size is used', { ok: (n) => Number.isInteger(n) && n > 0, default: DEFAULT_PAGE_SIZE }),
  },
  {
    label: 'Page list',
    icon: 'bulletList',
    description: 'Cards of the pages of one kind (posts, offers…), newest first, a page at a time.',
    descriptionEs: 'Tarjetas de las páginas de un tipo (artículos, ofertas…), las más recientes primero, por páginas.',
    labels: { kind: 'Kind of pages', pageSize: 'Cards per page' },
  },
  // The list pages a page has (list-pages.ts `builtPages`).
  { readAcrossPages: true },
);
