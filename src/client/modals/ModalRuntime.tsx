import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../i18n/use-translation.js';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Block, Modal } from '../../shared/model.js';
import { useVisitor } from '../page/page-context.js';
import { useLocaleModals } from './use-locale-modals.js';
import { blockComponent, loadBlocks } from '../blocks/registry.js';
import { text, type BlockComponent } from '../blocks/props.js';
import { handleChunkError } from '../runtime/chunk-errors.js';
import { linkModalRef, modalHash, modalRef, resolveModal, resolutionWarning } from './modal-hash.js';
import { ModalDialog } from './ModalDialog.js';
import { MODAL_LINK, useModalLinks } from './use-modal-links.js';

/** `location.state` marker: this history entry was pushed by a modal link, so closing can go back to the page's entry. */
export const PUSHED_STATE = 'mareaModal';

const wasPushed = (state: unknown): boolean => !!state && typeof state === 'object' && (state as Record<string, unknown>)[PUSHED_STATE] === true;

interface Shown {
  modal: Modal;
  item: Block;
  Component: BlockComponent;
  /** The page it was opened on: a link inside it may lead to another page. */
  path: string;
}

/**
 * The modals of the page (docs/architecture.md; content contract "Modal"), loaded
 * after hydration by ModalHost. The URL hash holds the state (`#modal=name`
 * or `#modal=id`): shareable, opened from the URL, closed by the back button.
 */
export function ModalRuntime() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { modals, pending } = useLocaleModals(location.hash);
  // Rule 30: the visitor's country (the host only runs after hydration).
  const { country } = useVisitor();
  const resolution = useMemo(() => resolveModal(location.hash, modals, country), [location.hash, modals, country]);
  const [shown, setShown] = useState<Shown | null>(null);
  // Shown only while the URL names a modal that can open (or one the locale's list may still hold):
  // reset during render (not in an effect), so a stale dialog is never committed.
  if (shown && resolution.kind !== 'open' && !(resolution.kind === 'unknown' && pending)) setShown(null);
  /** Where focus goes back to on close: the link that opened it, else the element focused before. */
  const opener = useRef<Element | null>(null);
  /** The latest render's values, for callbacks and listeners (written after each commit, before any effect runs). */
  const current = useRef({ location, modals, country, shown });
  useLayoutEffect(() => {
    current.current = { location, modals, country, shown };
  });
  /** The location whose hash is being removed (a second close must not go back twice). */
  const clearing = useRef<string | null>(null);

  /** Removes `#modal=…`: back to the entry the link pushed, else replaced in place (a shared URL). */
  const clearHash = useCallback(
    (replace = false) => {
      const { location } = current.current;
      // Keyed by hash too: hash changes the browser made itself (a typed or scripted
      // `#modal=…`) all reach the router as POPs with the same key.
      const entry = `${location.key}${location.hash}`;
      if (modalRef(location.hash) === null || clearing.current === entry) return;
      clearing.current = entry;
      if (!replace && wasPushed(location.state)) navigate(-1);
      // preventScrollReset: ScrollRestoration would otherwise scroll to the top of the "new" location.
      else navigate({ pathname: location.pathname, search: location.search }, { replace: true, preventScrollReset: true });
    },
    [navigate],
  );

  // Open links through the router (use-modal-links.ts says why).
  useModalLinks((anchor, event) => {
    const ref = linkModalRef(anchor);
    if (!ref) return;
    event.preventDefault();
    const { location, modals, country, shown } = current.current;
    const wanted = resolveModal(modalHash(ref), modals, country);
    if (wanted.kind !== 'open') {
      console.warn(resolutionWarning(wanted, country));
      return;
    }
    // A link inside an open modal swaps the content: one history entry for the whole visit to the modals.
    const fromModal = modalRef(location.hash) !== null;
    if (!shown) opener.current = anchor;
    navigate(
      { pathname: location.pathname, search: location.search, hash: modalHash(ref) },
      { preventScrollReset: true, replace: fromModal, state: fromModal ? location.state : { [PUSHED_STATE]: true } },
    );
  });

  // The URL names a modal: load its item's chunk, then show it; or explain why not.
  useEffect(() => {
    if (resolution.kind === 'none') return;
    // Not among the page's modals: the locale's full list is on its way (use-locale-modals.ts).
    if (resolution.kind === 'unknown' && pending) return;
    if (resolution.kind !== 'open') {
      console.warn(resolutionWarning(resolution, country));
      clearHash(true);
      return;
    }
    let cancelled = false;
    const { modal, item } = resolution;
    loadBlocks([item.component]).then(
      () => {
        if (cancelled) return;
        const Component = blockComponent(item.component);
        if (!Component) {
          console.warn(`[marea] modal "${modal.name}": its item ${item.component} has no component in this build`);
          clearHash(true);
          return;
        }
        if (!current.current.shown && !opener.current && document.activeElement !== document.body) opener.current = document.activeElement;
        setShown({ modal, item, Component, path: current.current.location.pathname });
      },
      (error: unknown) => {
        if (cancelled) return;
        console.error(`[marea] could not load the modal "${modal.name}"`, error);
        // Rule 17: a chunk a newer build removed reloads the page (which reopens the modal from the hash).
        if (!handleChunkError(error)) clearHash(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [resolution, pending, country, clearHash]);

  // Closed (by the visitor or by the URL): focus goes back where it came from, without scrolling the page.
  const lastShown = useRef<Shown | null>(null);
  useEffect(() => {
    const closed = lastShown.current;
    lastShown.current = shown;
    if (shown || !closed) return;
    const target = returnTarget(opener.current, closed.modal);
    opener.current = null;
    // Closed by following a link inside to another page: that page's focus handling wins.
    if (current.current.location.pathname === closed.path) target?.focus({ preventScroll: true });
  }, [shown]);

  if (!shown) return null;
  const { modal, item, Component } = shown;
  return (
    <ModalDialog
      key={modal.id}
      name={modal.name}
      title={text(item.props.title) || t('modal.untitled')}
      onRequestClose={() => {
        setShown(null);
        clearHash();
      }}
    >
      <Component key={item.key} block={item} index={0} inModal />
    </ModalDialog>
  );
}

/** The opener if it is still on the page, else the first link that opens this modal (by name or id). */
function returnTarget(opener: Element | null, modal: Modal): HTMLElement | null {
  if (opener instanceof HTMLElement && opener.isConnected && opener !== document.body) return opener;
  const refs = new Set([modal.name, String(modal.id)]);
  for (const link of document.querySelectorAll<HTMLElement>(MODAL_LINK)) {
    const ref = linkModalRef(link);
    if (ref && refs.has(ref)) return link;
  }
  return null;
}
