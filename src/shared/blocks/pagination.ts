import { declare } from './fields.js';

/** The page links of the list on the same page; no fields of its own. */
export const pagination = declare('blocks.pagination', {});
