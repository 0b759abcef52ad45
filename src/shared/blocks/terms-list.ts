import { declare, list, richText, text } from './fields.js';

/** Terms and conditions, each with an anchor from its title. */
export const termsList = declare(
  'blocks.terms-list',
  { title: text(), items: list({ title: text(), body: richText() }) },
  {
    label: 'Terms list',
    icon: 'book',
    description: 'Terms and conditions, each with its own title and link.',
    descriptionEs: 'Términos y condiciones, cada uno con su propio título y enlace.',
  },
);
