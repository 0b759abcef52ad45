import { declare, richText } from './fields.js';

export const wysiwyg = declare('blocks.wysiwyg', { body: richText() });
