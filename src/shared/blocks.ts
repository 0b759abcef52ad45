/**
 * The CMS components the site knows (content contract, "Content blocks").
 * The browser registry (src/client/blocks/registry.ts) maps each of these
 * to a component; the build uses this list to report unknown ones.
 */
export const BLOCK_COMPONENTS = [
  'blocks.hero',
  'blocks.image',
  'blocks.video',
  'blocks.wysiwyg',
  'blocks.blog-list',
  'blocks.pagination',
  'blocks.booking',
  'blocks.carousel',
  'blocks.gallery',
  'blocks.accordion',
  'blocks.form',
  'blocks.header',
  'blocks.footer',
  'blocks.cookie-notice',
  'blocks.language-switcher',
  'blocks.offer-toast',
  'blocks.timer',
  'blocks.terms-list',
  'blocks.site-map',
  'blocks.share',
  'blocks.phone',
] as const;

export const MODAL_COMPONENTS = [
  'modals.carousel',
  'modals.embedded-form',
  'modals.room',
  'modals.service',
  'modals.wysiwyg',
] as const;

export type BlockComponent = (typeof BLOCK_COMPONENTS)[number];
export type ModalComponent = (typeof MODAL_COMPONENTS)[number];

const KNOWN = {
  block: new Set<string>(BLOCK_COMPONENTS),
  modal: new Set<string>(MODAL_COMPONENTS),
} as const;

/**
 * Whether the site has a component for `__component` in that kind of zone:
 * page and layout zones hold `blocks.*`, a modal's `dynZone` holds `modals.*`
 * (either kind when no zone is given).
 */
export function isKnownComponent(component: string, zone?: 'block' | 'modal'): boolean {
  return zone ? KNOWN[zone].has(component) : KNOWN.block.has(component) || KNOWN.modal.has(component);
}

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
 * (editors may place them in a page zone too, as the all-blocks page does).
 * The first block that is not chrome opens the page: a hero there carries
 * the page's h1 and its image is preloaded; otherwise the page title is the h1.
 */
export const CHROME_COMPONENTS: ReadonlySet<string> = new Set(['blocks.header', 'blocks.language-switcher', 'blocks.phone', 'blocks.offer-toast', 'blocks.cookie-notice']);

/** The first content (non-chrome) block of a zone, or undefined. */
export function firstContentBlock<T extends { component: string }>(blocks: readonly T[]): T | undefined {
  return blocks.find((block) => !CHROME_COMPONENTS.has(block.component));
}
