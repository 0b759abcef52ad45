/**
 * APG accordion keys (optional there, offered here): Down/Up move to the
 * next/previous header, wrapping; Home/End to the first/last. Returns the
 * header to focus, or null when the key is not one of these or focus is
 * not on a header (a link inside a panel keeps its arrow keys).
 */
export function nextHeader(key: string, index: number, count: number): number | null {
  if (index < 0 || count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return (index + 1) % count;
    case 'ArrowUp':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
