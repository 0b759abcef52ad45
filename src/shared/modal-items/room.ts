import { declare, link, mediaList, richText, strings, text } from '../blocks/fields.js';

export const modalRoom = declare('modals.room', { title: text(), images: mediaList(), body: richText(), features: strings(), cta: link() });
