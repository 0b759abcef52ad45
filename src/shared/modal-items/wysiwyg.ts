import { declare, richText, text } from '../blocks/fields.js';

export const modalWysiwyg = declare('modals.wysiwyg', { title: text(), body: richText() });
