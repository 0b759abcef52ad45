import { adminLanguage, byLabel, describeTiles } from './describe.js';
import descriptions from './descriptions.json';

/**
 * Describes the blocks and modal items in every dynamic-zone picker the admin
 * opens (describe.js). The picker mounts when an editor asks to add a
 * component, so a MutationObserver watches the page and looks only where
 * something changed. The descriptions are the block declarations', generated
 * as descriptions.json by `npm run cms:schema`, in English and Spanish: a
 * picker reads in the admin's language of the moment it opens. Whatever goes
 * wrong here leaves the picker as Strapi made it.
 */
export function registerPickerDescriptions(doc = globalThis.document) {
  if (!doc?.body || typeof MutationObserver === 'undefined') return null;
  const labelsIn = { en: byLabel(descriptions.components, 'en'), es: byLabel(descriptions.components, 'es') };
  const observer = new MutationObserver((records) => {
    try {
      const labels = labelsIn[adminLanguage(doc)];
      const roots = new Set();
      for (const record of records) {
        for (const node of record.addedNodes) if (node.nodeType === 1) roots.add(node);
        // Text that changed inside a tile (a translation loaded late) is seen from the tile itself.
        const tile = record.target.nodeType === 1 ? record.target.closest('button') : null;
        if (tile) roots.add(tile);
      }
      for (const root of roots) if (root.isConnected) describeTiles(root, labels);
    } catch (error) {
      console.warn('[marea] block picker descriptions:', error);
    }
  });
  observer.observe(doc.body, { childList: true, subtree: true });
  return observer;
}
