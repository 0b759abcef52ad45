import { normalizePath } from '../../shared/routes.js';
import { prefetchPayload } from '../app/client-loader.js';
import { prefetchAllowed } from './connection.js';

/** Spec §9: at most 4 route preloads at once. */
export const MAX_PREFETCH_IN_FLIGHT = 4;

export interface PrefetchOptions {
  /** Loads one target. Default: the page's `_payload.json` into the loader's cache. */
  load?: (path: string) => Promise<void>;
  /** Default {@link MAX_PREFETCH_IN_FLIGHT}. */
  maxInFlight?: number;
}

/**
 * The path a link would prefetch, or null when it must not (rule 19): only
 * same-origin http(s) links the router will handle in this tab — not
 * `target=_blank` (or any other window), `download`, `rel=external`,
 * `mailto:`/`tel:`, files (`/assets/x.pdf`), or the page already shown.
 * Query and hash are dropped: payloads are per path (rule 3/18).
 */
export function prefetchTarget(anchor: HTMLAnchorElement, here: Location = window.location): string | null {
  const target = anchor.getAttribute('target');
  if (target && target.toLowerCase() !== '_self') return null;
  if (anchor.hasAttribute('download')) return null;
  if (/(^|\s)external(\s|$)/i.test(anchor.getAttribute('rel') ?? '')) return null;
  const href = anchor.getAttribute('href');
  if (!href) return null;
  let url: URL;
  try {
    url = new URL(href, here.href);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== here.origin) return null;
  const path = normalizePath(url.pathname);
  if (/\.[a-z0-9]+$/i.test(path) || path === normalizePath(here.pathname)) return null;
  return path;
}

/**
 * Starts link prefetching under `root` (call after hydration). Links are
 * prefetched when they scroll into view (IntersectionObserver) or on
 * hover, focus or touch start (user intent: those jump the queue). Links
 * added later (client-side navigation renders a new page) are picked up by
 * a MutationObserver. Each target is loaded once per page load, at most
 * `maxInFlight` at a time, and nothing at all while data saver is on or the
 * connection is 2g (checked per link: it can change).
 *
 * Route chunks: the app's routes are not lazy (one client chunk holds every
 * page), so rule 19's "route chunk" prefetch has nothing to load here; only
 * payloads are prefetched. A lazy route would add its `import()` to `load`.
 */
export function startPrefetch(root: HTMLElement, options: PrefetchOptions = {}): () => void {
  const load = options.load ?? prefetchPayload;
  const max = options.maxInFlight ?? MAX_PREFETCH_IN_FLIGHT;
  const seen = new Set<string>();
  const waiting: string[] = [];
  let inFlight = 0;
  let stopped = false;

  const pump = () => {
    while (!stopped && inFlight < max && waiting.length > 0) {
      const path = waiting.shift()!;
      inFlight += 1;
      load(path)
        .catch(() => {}) // an optimisation: the navigation itself retries (rule 20)
        .finally(() => {
          inFlight -= 1;
          pump();
        });
    }
  };
  const request = (anchor: HTMLAnchorElement, urgent: boolean) => {
    const path = prefetchTarget(anchor);
    if (path === null || !prefetchAllowed()) return;
    if (seen.has(path)) {
      // Still queued behind merely visible links: the pointer says this one is next.
      const queued = waiting.indexOf(path);
      if (urgent && queued > 0) waiting.unshift(...waiting.splice(queued, 1));
      return;
    }
    seen.add(path);
    if (urgent) waiting.unshift(path);
    else waiting.push(path);
    pump();
  };

  const visibility =
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver((entries) => {
          for (const entry of entries) {
            if (!entry.isIntersecting) continue;
            visibility?.unobserve(entry.target);
            request(entry.target as HTMLAnchorElement, false);
          }
        })
      : null;
  const anchorsIn = (node: Node): HTMLAnchorElement[] => {
    if (!(node instanceof Element)) return [];
    const found = Array.from(node.querySelectorAll<HTMLAnchorElement>('a[href]'));
    return node.matches('a[href]') ? [node as HTMLAnchorElement, ...found] : found;
  };
  anchorsIn(root).forEach((a) => visibility?.observe(a));
  const mutations = new MutationObserver((records) => {
    for (const record of records) {
      record.addedNodes.forEach((node) => anchorsIn(node).forEach((a) => visibility?.observe(a)));
      record.removedNodes.forEach((node) => anchorsIn(node).forEach((a) => visibility?.unobserve(a)));
    }
  });
  mutations.observe(root, { childList: true, subtree: true });

  const onIntent = (event: Event) => {
    const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (anchor instanceof HTMLAnchorElement && root.contains(anchor)) request(anchor, true);
  };
  const intents = ['mouseover', 'focusin', 'touchstart'] as const;
  intents.forEach((type) => root.addEventListener(type, onIntent, { passive: true }));

  return () => {
    stopped = true;
    waiting.length = 0;
    visibility?.disconnect();
    mutations.disconnect();
    intents.forEach((type) => root.removeEventListener(type, onIntent));
  };
}
