import type { Block } from '../../../shared/model.js';

/**
 * Dismissals last for the browser session (sessionStorage). The key hashes
 * the offer's content (text, link, dates), not its position: an edited or new
 * offer is a new key and shows again, the same offer on another page stays
 * dismissed.
 */
export function dismissalKey(block: Block): string {
  const { text, link, startdate, enddate } = block.props;
  return `marea:offer-toast:${fnv1a(JSON.stringify([text ?? '', link ?? null, startdate ?? null, enddate ?? null]))}`;
}

/** FNV-1a (32 bit), base 36: short, stable, no crypto needed for a storage key. */
function fnv1a(input: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < input.length; i++) {
    hash ^= input.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

// Storage can throw (disabled cookies, Safari private mode quotas): then the offer is simply not remembered.
export function isDismissed(key: string): boolean {
  try {
    return window.sessionStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

export function rememberDismissal(key: string): void {
  try {
    window.sessionStorage.setItem(key, '1');
  } catch {
    /* not remembered: see above */
  }
}
