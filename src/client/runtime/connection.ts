/**
 * The Network Information API (Chromium only; absent elsewhere, which means
 * "no hint": prefetch stays on). Read at each use, since a visitor can
 * switch data saver on while the page is open.
 */
export interface ConnectionHints {
  saveData?: boolean;
  effectiveType?: string;
}

export function connectionHints(): ConnectionHints | undefined {
  if (typeof navigator === 'undefined') return undefined;
  return (navigator as Navigator & { connection?: ConnectionHints }).connection;
}

/** Rule 19 / spec §9: no prefetch with data saver on or on a 2g connection (`2g` and `slow-2g`). */
export function prefetchAllowed(hints: ConnectionHints | undefined = connectionHints()): boolean {
  if (!hints) return true;
  if (hints.saveData === true) return false;
  return !(hints.effectiveType ?? '').includes('2g');
}
