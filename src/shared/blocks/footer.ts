import { declare, links, list, richText, text, url } from './fields.js';

export const footer = declare('blocks.footer', {
  columns: list({ title: text(), links: links() }),
  social: list({ network: text(), url: url() }),
  legal: richText(),
});
