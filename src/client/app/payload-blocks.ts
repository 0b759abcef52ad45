import { firstView } from '../../shared/first-view.js';
import type { Payload } from '../../shared/payload.js';
import { componentsOf, loadBlocks } from '../blocks/registry.js';
import { beginLaterHydration } from './later-hydration.js';

/** The first call is the hydration of the page's static HTML (main.tsx, with the embedded payload); later ones are navigations. */
let hydrating = true;

/**
 * Loads the block chunks a payload renders (page and layout zones) so the
 * render that follows is synchronous: before a client-side navigation
 * commits, and before hydration — there, only the first view's blocks
 * (src/shared/first-view.ts): the page's other blocks keep their static HTML
 * and hydrate as their chunks arrive (later-hydration.ts). Modal items load
 * when a modal opens. A failure is returned, not thrown: the caller decides
 * whether it is a stale build (rule 17).
 */
export async function payloadBlocks(payload: Payload): Promise<{ ok: true } | { ok: false; error: unknown }> {
  const layout = payload.layout;
  const page = payload.kind === 'page' && Array.isArray(payload.page.blocks) ? payload.page.blocks : [];
  let components = componentsOf(page, layout?.header, layout?.footer);
  if (hydrating) {
    hydrating = false;
    const view = firstView(payload);
    beginLaterHydration(view);
    components = view.now;
  }
  try {
    await loadBlocks(components);
    return { ok: true };
  } catch (error) {
    console.error('[marea] could not load the blocks of the page', error);
    return { ok: false, error };
  }
}
