import { isRecord } from '../../shared/records.js';

/**
 * The newest `updatedAt` anywhere in the given responses, as an ISO string,
 * or null. Nested values count (Strapi 4 `attributes.updatedAt`, populated
 * media and relations): a new alt text changes the site as much as a new title.
 */
export function newestUpdate(values: Iterable<unknown>, memo?: WeakMap<object, number>): string | null {
  let newest = Number.NEGATIVE_INFINITY;
  for (const value of values) {
    // With a memo (a long-running builder's): each entry of a list, and each other value, walked once while it is the same object.
    for (const item of Array.isArray(value) ? value : [value]) {
      if (!item || typeof item !== 'object') continue;
      let time = memo?.get(item);
      if (time === undefined) {
        time = newestIn(item);
        memo?.set(item, time);
      }
      if (time > newest) newest = time;
    }
  }
  return Number.isFinite(newest) ? new Date(newest).toISOString() : null;
}

/** The newest `updatedAt` in a value and everything nested in it, as a time (-Infinity: none). */
function newestIn(value: unknown): number {
  let newest = Number.NEGATIVE_INFINITY;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (!isRecord(node)) return;
    for (const key in node) {
      const child = node[key];
      if (key === 'updatedAt' && typeof child === 'string') {
        const time = Date.parse(child);
        if (time > newest) newest = time;
      } else {
        visit(child);
      }
    }
  };
  visit(value);
  return newest;
}
