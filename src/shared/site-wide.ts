import type { Component } from './blocks/catalogue.js';

/**
 * Blocks whose build-time data comes from other pages (lists, pagination, the
 * site map) or the whole site (forms and booking: the resorts), so a page
 * that carries one depends on every page (build-memo.ts `payloadDeps`,
 * page-inputs.ts). The normalise threads note them among the blocks they set
 * aside (spill.ts), since not all of them stay with their page.
 */
export const SITE_WIDE_COMPONENTS: ReadonlySet<string> = new Set<Component>([
  'blocks.blog-list',
  'blocks.pagination',
  'blocks.site-map',
  'blocks.form',
  'modals.embedded-form',
  'blocks.booking',
]);
