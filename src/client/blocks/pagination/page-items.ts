/** A numbered link, or a gap shown as an ellipsis. */
export type PageItem = number | 'gap';

/**
 * The page numbers to show: always the first and last, the current one and
 * `siblings` on each side; a run of hidden pages becomes one gap, but a gap
 * of a single page shows that page instead (an ellipsis would hide nothing).
 * `pageItems(5, 10)` → `[1, 'gap', 4, 5, 6, 'gap', 10]`.
 */
export function pageItems(page: number, count: number, siblings = 1): PageItem[] {
  const shown = new Set<number>([1, count]);
  for (let n = page - siblings; n <= page + siblings; n++) if (n >= 1 && n <= count) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  for (const n of sorted) {
    const previous = items.length > 0 ? sorted[sorted.indexOf(n) - 1]! : null;
    if (previous !== null && n - previous === 2) items.push(n - 1);
    else if (previous !== null && n - previous > 2) items.push('gap');
    items.push(n);
  }
  return items;
}
