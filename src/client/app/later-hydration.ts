import { useSyncExternalStore } from 'react';
import type { FirstView } from '../../shared/first-view.js';
import { loadBlocks, promiseBlocks, promisedBlock } from '../blocks/registry.js';
import { handleChunkError } from '../runtime/chunk-errors.js';

/**
 * The page's hydration past its first view (src/shared/first-view.ts): the
 * blocks of the static HTML whose chunks load after hydration, and when the
 * whole page is live (the `data-hydrated` marker). The page context never
 * changes under them (a dehydrated Suspense boundary that receives an update
 * is thrown away and rendered again from nothing): each block takes the
 * visitor's country and clock (rules 29–30) for itself once it hydrated
 * (visitor.ts).
 */

/** Block id → its component, for the blocks of the static HTML still waiting. */
const waiting = new Map<string, string>();
const requested = new Set<string>();
const failed = new Set<string>();
const listeners = new Set<() => void>();
let complete = true;

/** Called once, with the embedded page's first view, before hydration. */
export function beginLaterHydration(view: FirstView): void {
  promiseBlocks(view.later);
  for (const block of view.laterBlocks) if (promisedBlock(block.component)) waiting.set(block.id, block.component);
  complete = waiting.size === 0;
}

/**
 * Loads later blocks' chunks: when the visitor comes near or touches one
 * (or reaches for one that hydrates on use). A chunk that cannot be
 * loaded is rule 17's stale build (one reload); if the page stays, its
 * blocks keep their static HTML and no longer hold the page back.
 */
export function loadLater(components: Iterable<string>): void {
  for (const component of components) {
    if (requested.has(component)) continue;
    requested.add(component);
    loadBlocks([component]).catch((error: unknown) => {
      handleChunkError(error);
      requested.delete(component);
      failed.add(component);
      settle(() => {
        for (const [id, of] of waiting) if (of === component) waiting.delete(id);
      });
    });
  }
}

/** A later block has hydrated, or left the page before it could (a navigation). */
export function laterBlockDone(id: string): void {
  settle(() => waiting.delete(id));
}

function settle(change: () => void): void {
  change();
  if (waiting.size === 0) complete = true;
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Calls `listener` once the whole page is hydrated (at once when it is). */
export function onPageHydrated(listener: () => void): () => void {
  if (complete) {
    listener();
    return () => {};
  }
  const unsubscribe = subscribe(() => {
    if (!complete) return;
    unsubscribe();
    listener();
  });
  return unsubscribe;
}

/**
 * Whether a later block's chunk could not be loaded: its frame then gives
 * way to the static HTML kept as it is (BlockList's KeptBlock), before the
 * page's context changes under its dehydrated boundary.
 */
export function useLaterFailed(component: string): boolean {
  return useSyncExternalStore(
    subscribe,
    () => failed.has(component),
    () => false,
  );
}
