import { declare, links, media, text } from './fields.js';

/** The site header: logo, navigation (links with optional children) and a phone number. */
export const header = declare('blocks.header', { logo: media(), nav: links(), phone: text() }, { chrome: true });
