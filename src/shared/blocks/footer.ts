import { declare, links, list, richText, text, url } from './fields.js';

export const footer = declare(
  'blocks.footer',
  {
    columns: list({ title: text(), links: links() }),
    social: list({ network: text(), url: url() }),
    legal: richText(),
  },
  {
    label: 'Footer',
    icon: 'layer',
    description: 'Link columns, social networks and legal text at the bottom of every page (Layout only).',
    descriptionEs: 'Columnas de enlaces, redes sociales y texto legal al pie de cada página (solo en el Layout).',
    labels: { columns: 'Link columns', social: 'Social networks', legal: 'Legal text' },
    layoutOnly: true,
  },
);
