import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

/** Whether the visitor asked for less motion, now (never true on the server). */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches;
}

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia?.(QUERY);
  if (!query) return () => {};
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

// The server cannot know the visitor's setting: assume "reduce" so nothing
// moves before the browser has said otherwise (and the hydration pass agrees).
const onServer = () => true;

/** Whether the visitor asked for reduced motion; follows changes of the setting live. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, onServer);
}
