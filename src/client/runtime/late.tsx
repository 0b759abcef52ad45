import { useEffect } from 'react';
import { LoadingOverlay } from './loading-overlay.js';
import { useFocusOnNavigation } from './focus-on-navigation.js';
import { startPrefetch } from './prefetch.js';
import { useScrollAnimation } from './scroll-animation.js';
import { watchBuilds } from './build-updates.js';
import { startOnUse } from './start-on-use.js';

export { applyHead } from '../app/document-head.js';
export { clientLoader } from '../app/client-loader.js';
export { ModalHost } from '../modals/ModalHost.js';

let watching = false;

/**
 * What the app runs once the page is live and no first view needs: its own
 * chunk, loaded after hydration (late-runtime.ts; docs/performance.md,
 * "First view"), with the navigations' loader (client-loader.ts), the head
 * of the page a navigation shows (document-head.ts, rule 12) and the host
 * that loads the modal runtime (rendered by the default layout). Rendered
 * by the Shell: rules 13–15, the build watch (once a visit); rule 6, focus
 * after a navigation; rule 19, link prefetching; rule 24, the loading
 * overlay; rule 25, the scroll animation; rules 26 and 29–30 for the
 * blocks that hydrate on use (start-on-use.ts). A navigation waits for the chunk,
 * so none of them misses one.
 */
export function AfterHydration() {
  useFocusOnNavigation();
  useScrollAnimation();
  useEffect(() => startPrefetch(document.body), []);
  useEffect(() => startOnUse(), []);
  useEffect(() => {
    if (watching) return;
    watching = true;
    watchBuilds();
  }, []);
  return <LoadingOverlay />;
}
