import { lazyOnce } from '../../lib/lazy-once.js';
import type { Lightbox } from './Lightbox.js';

export type LightboxComponent = typeof Lightbox;

/**
 * The lightbox (dialog, swipe) is its own chunk: the grid is all a gallery
 * needs until a thumbnail is opened, so it stays out of the first view's
 * JavaScript (docs/performance.md, "First view"). Loading starts when the pointer or the focus
 * reaches the grid.
 */
export const loadLightbox = lazyOnce<LightboxComponent>(() => import('./Lightbox.js').then((module) => module.Lightbox));
