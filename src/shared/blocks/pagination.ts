import { declare } from './fields.js';

/** The page links of the list on the same page; no fields of its own. */
export const pagination = declare(
  'blocks.pagination',
  {},
  {
    label: 'Page numbers',
    icon: 'arrowRight',
    description: 'The page numbers of the page list above it on the same page.',
    descriptionEs: 'Los números de página de la lista de páginas que está arriba, en la misma página.',
  },
  // Whether a page's list is paginated (list-pages.ts `builtPages`).
  { readAcrossPages: true },
);
