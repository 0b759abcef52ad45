import { useEffect, useEffectEvent, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { useTranslation } from '../i18n/use-translation.js';
import { trapTab } from './focus-trap.js';
import { lockScroll } from './scroll-lock.js';
import './modal.css';

interface Props {
  /** The item's title, shown as the dialog's heading and its accessible name. */
  title: string;
  /** The modal's name (a hook for tests and styles). */
  name: string;
  /** The visitor closed the dialog (close button, Escape, backdrop, or the browser's own close request). */
  onRequestClose: () => void;
  children: ReactNode;
}

/**
 * A native modal `<dialog>`, open for as long as it is mounted. `showModal()`
 * puts it in the top layer and makes the page inert; this adds what the
 * platform leaves out: focus on the close button, Tab wrapping inside,
 * Escape and backdrop clicks, and the page's scroll locked (scroll-lock.ts).
 *
 * Every way the visitor closes it goes through `dialog.close()` and the
 * native `close` event, so the browser's own close requests (Android back
 * gesture, Chrome's close watcher) end up in the same place. Unmounting
 * (the host's URL no longer names the modal, e.g. the back button) closes
 * it silently.
 */
export function ModalDialog({ title, name, onRequestClose, children }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const closer = useRef<HTMLButtonElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const pressedOnBackdrop = useRef(false);
  // The latest handler, called from the `close` listener the layout effect adds once.
  const requestClose = useEffectEvent(onRequestClose);
  const scrollable = useScrollable(body);

  // Layout effect: open before paint, and on unmount close before the host's
  // effects run (focus can only return to the page once it is no longer inert).
  useLayoutEffect(() => {
    const element = dialog.current!;
    const onClose = () => requestClose();
    if (!element.open) element.showModal();
    const unlock = lockScroll();
    closer.current?.focus();
    element.addEventListener('close', onClose);
    return () => {
      element.removeEventListener('close', onClose);
      if (element.open) element.close();
      unlock();
    };
  }, []);

  const close = () => dialog.current?.close();

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    // A control inside (a combobox's list, a lightbox) may use Escape for itself first.
    if (event.defaultPrevented) return;
    if (event.key === 'Escape') {
      // Handled here rather than left to the native `cancel`: the same in every browser and in tests.
      event.preventDefault();
      close();
      return;
    }
    trapTab(event, event.currentTarget);
  };

  // A click on the dialog element itself is a click on its ::backdrop (the panel fills the box).
  // Both ends of the click must be there: a text selection dragged out of the panel is not a close.
  const onPointerDown = (event: MouseEvent<HTMLDialogElement>) => {
    pressedOnBackdrop.current = event.target === event.currentTarget;
  };
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget && pressedOnBackdrop.current) close();
    pressedOnBackdrop.current = false;
  };

  return (
    <dialog ref={dialog} className="modal" aria-labelledby={titleId} data-modal-name={name} onKeyDown={onKeyDown} onPointerDown={onPointerDown} onClick={onClick}>
      <div className="modal__panel">
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button ref={closer} type="button" className="modal__close" aria-label={t('modal.close')} onClick={close}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
            </svg>
          </button>
        </div>
        {/* A scrolling region must be reachable by keyboard when nothing inside it is (axe: scrollable-region-focusable). */}
        <div ref={body} className="modal__body" tabIndex={scrollable ? 0 : undefined} aria-labelledby={scrollable ? titleId : undefined} role={scrollable ? 'region' : undefined}>
          {children}
        </div>
      </div>
    </dialog>
  );
}

/** Whether the element's content overflows it (it then scrolls on its own). */
function useScrollable(ref: RefObject<HTMLElement | null>): boolean {
  const [scrollable, setScrollable] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setScrollable(element.scrollHeight > element.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    return () => observer.disconnect();
  }, [ref]);
  return scrollable;
}
