import { declare, link, richText, text } from './fields.js';

/** The cookie notice (rules 31–33): consent gates analytics. */
export const cookieNotice = declare('blocks.cookie-notice', { text: richText(), acceptLabel: text(), rejectLabel: text(), policy: link() }, { chrome: true });
