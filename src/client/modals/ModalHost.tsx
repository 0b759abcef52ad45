import { useEffect, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { usePageData } from '../page/page-data-context.js';
import { lazyOnce } from '../lib/lazy-once.js';
import { whenIdle } from '../lib/idle.js';
import { useHydrated } from '../lib/use-hydrated.js';
import { handleChunkError } from '../runtime/chunk-errors.js';
import { MODAL_LINK } from './use-modal-links.js';

/** The modal runtime (dialog, focus trap, hash state) is its own chunk: most visits never open a modal. */
const loadModalRuntime = lazyOnce<ComponentType>(() => import('./ModalRuntime.js').then((module) => module.ModalRuntime));

/**
 * Mounted once by the default layout. Nothing is in the static HTML (the
 * server never sees the hash), so the first client render equals the
 * server's. After hydration the runtime loads: at once when the URL names a
 * modal, when the visitor points at or focuses a modal link, else when idle
 * — and only on pages that have modals or a `#modal=` hash to explain.
 */
export function ModalHost() {
  const hydrated = useHydrated();
  const { modals } = usePageData();
  const [Runtime, setRuntime] = useState<ComponentType | null>(null);
  const named = useLocation().hash.startsWith('#modal=');

  useEffect(() => {
    if (!hydrated || Runtime) return;
    if (modals.length === 0 && !named) return;
    let done = false;
    const start = () => {
      if (done) return;
      done = true;
      stop();
      loadModalRuntime().then(
        (component) => setRuntime(() => component),
        (error: unknown) => {
          // Rule 17: a chunk a newer build removed; links still set the hash, which a reload honours.
          if (!handleChunkError(error)) console.error('[marea] could not load the modal runtime', error);
        },
      );
    };
    const onIntent = (event: Event) => {
      if ((event.target as Element | null)?.closest?.(MODAL_LINK)) start();
    };
    const stop = () => {
      document.removeEventListener('pointerover', onIntent);
      document.removeEventListener('focusin', onIntent);
      window.removeEventListener('hashchange', start);
    };
    if (named) start();
    else {
      document.addEventListener('pointerover', onIntent);
      document.addEventListener('focusin', onIntent);
      window.addEventListener('hashchange', start);
      whenIdle(start);
    }
    return () => {
      done = true;
      stop();
    };
  }, [hydrated, Runtime, modals.length, named]);

  return Runtime ? <Runtime /> : null;
}
