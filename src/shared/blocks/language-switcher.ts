import { declare } from './fields.js';

/** The link to the page in the other language; its labels come from the locale files. */
export const languageSwitcher = declare('blocks.language-switcher', {}, { chrome: true });
