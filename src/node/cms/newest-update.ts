import { isRecord } from '../../shared/records.js';

/**
 * The newest `updatedAt` anywhere in the given responses, as an ISO string,
 * or null. Nested values count (Strapi 4 `attributes.updatedAt`, populated
 * media and relations): a new alt text changes the site as much as a new title.
 */
export function newestUpdate(values: Iterable<unknown>): string | null {
  let newest = Number.NEGATIVE_INFINITY;
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!isRecord(value)) return;
    for (const [key, child] of Object.entries(value)) {
      if (key === 'updatedAt' && typeof child === 'string') {
        const time = Date.parse(child);
        if (time > newest) newest = time;
      } else {
        visit(child);
      }
    }
  };
  for (const value of values) visit(value);
  return Number.isFinite(newest) ? new Date(newest).toISOString() : null;
}
