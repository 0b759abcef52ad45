import type { Payload } from '../../shared/payload.js';
import { componentsOf, loadBlocks } from '../blocks/registry.js';

/**
 * Loads the block chunks a payload renders (page and layout zones) so the
 * render that follows is synchronous: before hydration (the tree must be the
 * server's) and before a client-side navigation commits. Modal items load
 * when a modal opens. A failure is returned, not thrown: the caller decides
 * whether it is a stale build (rule 17).
 */
export async function payloadBlocks(payload: Payload): Promise<{ ok: true } | { ok: false; error: unknown }> {
  const layout = payload.layout;
  const page = payload.kind === 'page' && Array.isArray(payload.page.blocks) ? payload.page.blocks : [];
  try {
    await loadBlocks(componentsOf(page, layout?.header, layout?.footer));
    return { ok: true };
  } catch (error) {
    console.error('[marea] could not load the blocks of the page', error);
    return { ok: false, error };
  }
}
