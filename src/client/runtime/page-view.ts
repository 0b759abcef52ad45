/**
 * Page views (rule 31): emitted once per view — the first and each
 * client-side navigation — after the new title is set. Analytics subscribe.
 */
export interface PageView {
  /** Path + query + hash of the view. */
  url: string;
  title: string;
}

type Listener = (view: PageView) => void;
const listeners = new Set<Listener>();
let last: PageView | null = null;

export function onPageView(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The last view emitted (a subscriber that starts late, e.g. after consent, can catch up). */
export function lastPageView(): PageView | null {
  return last;
}

export function emitPageView(view: PageView): void {
  last = view;
  for (const listener of listeners) listener(view);
}
