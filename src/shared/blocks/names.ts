import type { Block } from '../model.js';
import type { BlockComponent, Component } from './catalogue.js';

/**
 * Names and roles of blocks the browser needs at run time, kept free of the
 * declarations (which carry zod) so a page loads none of them.
 */

/**
 * Spec §3: the display name is the last dotted segment of `__component` in
 * PascalCase (`blocks.blog-list` → `BlogList`); modals are prefixed with
 * `Modal` (`modals.embedded-form` → `ModalEmbeddedForm`).
 */
export function displayName(component: string): string {
  const last = component.split('.').pop() ?? '';
  const pascal = last
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
  return component.startsWith('modals.') ? `Modal${pascal}` : pascal;
}

/**
 * Site chrome: blocks that frame a page rather than start its content
 * (a page zone may hold them too: a cache, or a CMS other than the generated one).
 * The first block that is not chrome opens the page: a hero there carries
 * the page's h1 and its image is preloaded; otherwise the page title is the h1.
 * The declarations say `chrome: true` for exactly these (tested).
 */
export const CHROME_COMPONENTS: ReadonlySet<string> = new Set<BlockComponent>([
  'blocks.header',
  'blocks.language-switcher',
  'blocks.phone',
  'blocks.offer-toast',
  'blocks.cookie-notice',
]);

/** The first content (non-chrome) block of a zone, or undefined. */
export function firstContentBlock<T extends { component: string }>(blocks: readonly T[]): T | undefined {
  return blocks.find((block) => !CHROME_COMPONENTS.has(block.component));
}

/**
 * Whether `block` is a `component` block; narrows it, so its props are that
 * component's declared props (`isBlock(b, 'blocks.hero') && b.props.media`).
 */
export function isBlock<C extends Component>(block: Pick<Block, 'component'>, component: C): block is Block<C> {
  return block.component === component;
}
