import { declare, link, media, richText, text } from '../blocks/fields.js';

export const modalService = declare('modals.service', { title: text(), media: media(), body: richText(), cta: link() });
