import type { ComponentType } from 'react';
import type { BlockProps, Component } from '../../shared/blocks/catalogue.js';
import type { Block } from '../../shared/model.js';

/**
 * A block whose props are typed by its declaration (src/shared/blocks/):
 * the build normalised them by it, and a page only ever reads payloads of
 * its own build (rule 18), so the shapes hold.
 */
export type TypedBlock<C extends Component> = Omit<Block, 'component' | 'props'> & { component: C; props: BlockProps<C> };

/** What the registry passes to every block component; `C` types the props (untyped without it). */
export interface BlockComponentProps<C extends Component = Component> {
  block: [Component] extends [C] ? Block : TypedBlock<C>;
  /** Position on the page: the first block is above the fold (eager images). */
  index: number;
  /**
   * Rendered as a modal's item: the dialog already shows the item's `title`
   * as its heading (and labels itself with it), so the block leaves its own
   * title out. Default false.
   */
  inModal?: boolean;
}

export type BlockComponent = ComponentType<BlockComponentProps>;

/** Text of an untyped prop (a modal item read by the modal runtime, whatever its kind): '' unless a string. */
export const text = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
