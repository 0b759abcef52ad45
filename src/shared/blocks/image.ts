import { declare, media, text } from './fields.js';

export const image = declare('blocks.image', { media: media(), caption: text() });
