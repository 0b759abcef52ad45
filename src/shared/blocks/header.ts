import { declare, links, media, text } from './fields.js';

/** The site header: logo, navigation (links with optional children) and a phone number. */
export const header = declare(
  'blocks.header',
  { logo: media(), nav: links(), phone: text() },
  {
    label: 'Header',
    icon: 'layout',
    description: 'Logo, menu and phone at the top of every page (Layout only).',
    descriptionEs: 'Logotipo, menú y teléfono en la parte superior de cada página (solo en el Layout).',
    labels: { nav: 'Menu' },
    layoutOnly: true,
  },
  { chrome: true },
);
