import { declare, link, richText, text } from './fields.js';

/** The cookie notice (rules 31–33): consent gates analytics. */
export const cookieNotice = declare(
  'blocks.cookie-notice',
  { text: richText(), acceptLabel: text(), rejectLabel: text(), policy: link() },
  {
    label: 'Cookie notice',
    icon: 'shield',
    description: 'Asks visitors to accept or refuse analytics cookies (Layout only).',
    labels: { acceptLabel: 'Accept button text', rejectLabel: 'Refuse button text', policy: 'Cookie policy link' },
    layoutOnly: true,
  },
  { chrome: true },
);
