import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';

/** Above this width the widget is an inline bar; at or below it, a full-screen sheet (booking.css uses the same). */
const SHEET_QUERY = '(max-width: 768px)';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const focusables = (root: HTMLElement): HTMLElement[] => [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);

/**
 * The mobile sheet (a modal dialog): opened by its button, focus moves to
 * its close button, Tab stays inside, Escape or the close button closes it
 * and focus returns to the button that opened it. The page behind does not
 * scroll while it is open. Growing past the breakpoint closes it (the
 * inline bar is then shown).
 */
export function useSheet() {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const closer = useRef<HTMLButtonElement>(null);
  const show = useCallback(() => setOpen(true), []);
  const hide = useCallback(() => {
    setOpen(false);
    opener.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    closer.current?.focus();
    const body = document.body.style;
    const overflow = body.overflow;
    body.overflow = 'hidden';
    const narrow = window.matchMedia(SHEET_QUERY);
    const onChange = () => {
      if (!narrow.matches) setOpen(false);
    };
    narrow.addEventListener('change', onChange);
    return () => {
      body.overflow = overflow;
      narrow.removeEventListener('change', onChange);
    };
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (!open || !panel.current) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      hide();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = focusables(panel.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return { open, opener, panel, closer, show, hide, onKeyDown };
}
