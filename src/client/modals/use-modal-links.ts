import { useEffect, useEffectEvent } from 'react';

/** A modal link: SmartLink's `data-modal` anchors, or any `#modal=` link (rich text, the booking's Groups). */
export const MODAL_LINK = 'a[data-modal], a[href^="#modal="]';

/**
 * Calls `onOpen(anchor, event)` for plain left clicks (and Enter, which is a
 * click) on modal links anywhere in the document. The handler decides
 * whether to take over (`preventDefault`).
 *
 * Why not let the browser follow `#modal=x`: a native fragment navigation
 * reaches react-router as a POP with a fresh, key-less location, and its
 * ScrollRestoration then scrolls to a remembered or the top position. The
 * host instead navigates through the router with `preventScrollReset`, so
 * the page stays where it is. Modified clicks (new tab, new window) keep
 * the native behaviour: the new tab opens the modal from its URL.
 */
export function useModalLinks(onOpen: (anchor: HTMLAnchorElement, event: MouseEvent) => void): void {
  // The latest `onOpen`, for the listener added once.
  const open = useEffectEvent(onOpen);
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.<HTMLAnchorElement>(MODAL_LINK);
      const target = anchor?.getAttribute('target');
      if (!anchor || (target && target !== '_self')) return;
      open(anchor, event);
    };
    // Bubble phase on the document: React's handlers (inside the root) have had their say.
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);
}
