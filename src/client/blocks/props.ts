import type { ComponentType } from 'react';
import type { Block } from '../../shared/model.js';

/** What the registry passes to every block component. */
export interface BlockComponentProps {
  block: Block;
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

// Narrowing helpers: normalisation guarantees shapes, these keep components total.
export const text = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
export const num = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;
export const bool = (value: unknown): boolean => value === true;
export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
export const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
