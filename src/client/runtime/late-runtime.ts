import { useEffect, useSyncExternalStore } from 'react';
import type { LoaderFunctionArgs } from 'react-router-dom';
import type { Payload } from '../../shared/payload.js';
import { lazyOnce } from '../lib/lazy-once.js';
import { handleChunkError } from './chunk-errors.js';
import { setNavigationTarget } from './navigation-target.js';

type LateRuntime = typeof import('./late.js');

let loaded: LateRuntime | null = null;
const listeners = new Set<() => void>();

/**
 * The runtime that loads after hydration (late.tsx), its own
 * chunk: asked for once the page is live (`useLateRuntime`), awaited by every
 * client-side navigation (its loader is in it; rules 6, 12, 16 and 24 act
 * on navigations). A failed load rejects and the next call tries again.
 */
export const loadLateRuntime = lazyOnce(() =>
  import('./late.js').then((module) => {
    loaded = module;
    for (const listener of [...listeners]) listener();
    return module;
  }),
);

/** The runtime once loaded, else null (the first view, which needs none of it). */
export function lateRuntime(): LateRuntime | null {
  return loaded;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The runtime for rendering, asked for once mounted (after hydration): null
 * on the server, through hydration and until it arrives. Rule 17: a chunk a
 * redeploy removed reloads the page once.
 */
export function useLateRuntime(): LateRuntime | null {
  useEffect(() => void loadLateRuntime().catch((error: unknown) => handleChunkError(error)), []);
  return useSyncExternalStore(subscribe, lateRuntime, () => null);
}

/**
 * The page routes' loader (main.tsx): the navigation's own (client-loader.ts),
 * once the runtime is in. When its chunk cannot be had (rule 17: a redeploy
 * removed it) the navigation is a full load of the target, guarded against
 * loops; a click the guard holds back is still a full load, since the
 * visitor asked for it.
 */
export async function pageLoader(args: LoaderFunctionArgs): Promise<Payload> {
  let runtime: LateRuntime;
  try {
    runtime = await loadLateRuntime();
  } catch (error) {
    const url = new URL(args.request.url);
    const target = `${url.pathname}${url.search}${url.hash}`;
    setNavigationTarget(target);
    if (!handleChunkError(error)) window.location.assign(target);
    return new Promise<Payload>(() => {});
  }
  return runtime.clientLoader(args);
}
