import { declare, list, richText, text } from './fields.js';

/** Accordion.tsx leaves out items without a title. */
export const accordion = declare(
  'blocks.accordion',
  { title: text(), items: list({ title: text(), body: richText() }) },
  {
    label: 'Accordion',
    icon: 'collapse',
    description: 'Questions or sections that open and close, one title each.',
    descriptionEs: 'Preguntas o secciones que se abren y se cierran, cada una con su título.',
  },
  {
    check(props, warn) {
      props.items?.forEach((item, i) => {
        if (!item.title) warn.incompleteItem(['items', i, 'title'], 'Accordion item', 'title', item.title);
      });
    },
  },
);
