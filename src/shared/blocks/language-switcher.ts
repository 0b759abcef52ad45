import { declare } from './fields.js';

/** The link to the page in the other language; its labels come from the locale files. */
export const languageSwitcher = declare(
  'blocks.language-switcher',
  {},
  {
    label: 'Language switcher',
    icon: 'globe',
    description: 'The link to the same page in the other language (Layout only).',
    descriptionEs: 'El enlace a la misma página en el otro idioma (solo en el Layout).',
    layoutOnly: true,
  },
  { chrome: true },
);
