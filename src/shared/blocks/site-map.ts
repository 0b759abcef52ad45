import { declare, text } from './fields.js';

/** Every built page of the locale, grouped by kind (the build fills the list). */
export const siteMap = declare(
  'blocks.site-map',
  { title: text() },
  {
    label: 'Site map',
    icon: 'pinMap',
    description: 'Every page of the site, grouped by kind; the build fills it in.',
    descriptionEs: 'Todas las páginas del sitio, agrupadas por tipo; se completa solo al generar el sitio.',
  },
);
