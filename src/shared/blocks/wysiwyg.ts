import { declare, richText } from './fields.js';

export const wysiwyg = declare(
  'blocks.wysiwyg',
  { body: richText() },
  {
    label: 'Rich text',
    icon: 'write',
    description: 'Formatted text: headings, paragraphs, lists, links and quotes.',
    descriptionEs: 'Texto con formato: títulos, párrafos, listas, enlaces y citas.',
    labels: { body: 'Text' },
  },
);
