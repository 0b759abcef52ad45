import { declare, link, richText, text } from './fields.js';

/** The cookie notice (rules 31–33): consent gates analytics. */
export const cookieNotice = declare(
  'blocks.cookie-notice',
  { text: richText(), acceptLabel: text(), rejectLabel: text(), policy: link() },
  {
    label: 'Cookie notice',
    icon: 'shield',
    description: 'Asks visitors to accept or refuse analytics cookies (Layout only).',
    descriptionEs: 'Pide a los visitantes aceptar o rechazar las cookies de analítica (solo en el Layout).',
    labels: { acceptLabel: 'Accept button text', rejectLabel: 'Refuse button text', policy: 'Cookie policy link' },
    layoutOnly: true,
  },
  { chrome: true },
);
