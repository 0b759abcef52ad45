import { declare, richText, text } from '../blocks/fields.js';

export const modalWysiwyg = declare(
  'modals.wysiwyg',
  { title: text(), body: richText() },
  { label: 'Rich text', icon: 'write', description: 'A title and formatted text.', descriptionEs: 'Un título y texto con formato.', labels: { body: 'Text' } },
);
