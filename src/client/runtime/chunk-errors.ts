import { navigationTarget } from './navigation-target.js';
import { reloadOnce } from './reload-guard.js';

/**
 * Rule 17: a chunk that cannot be loaded (usually: a newer build replaced
 * it) reloads the target of the navigation — or the current page — once,
 * guarded for 10 s. A failed CSS preload alone does not reload.
 */
function isCssPreloadFailure(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('Unable to preload CSS');
}

export function handleChunkError(error: unknown): boolean {
  if (isCssPreloadFailure(error)) return false;
  const target = navigationTarget() ?? `${window.location.pathname}${window.location.search}${window.location.hash}`;
  return reloadOnce(target);
}

export function watchChunkErrors(): () => void {
  const listener = (event: Event) => {
    const error = (event as Event & { payload?: unknown }).payload;
    if (handleChunkError(error)) event.preventDefault();
  };
  window.addEventListener('vite:preloadError', listener);
  return () => window.removeEventListener('vite:preloadError', listener);
}
