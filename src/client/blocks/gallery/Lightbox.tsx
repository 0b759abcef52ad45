import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.js';
import type { Media } from '../../../shared/model.js';
import { ResponsiveImage } from '../../components/ResponsiveImage.js';
import { useSwipe } from './use-swipe.js';
import './lightbox.css';

interface Props {
  images: Media[];
  /** The photo it opens on. */
  start: number;
  /** Called once the dialog has closed (Escape, close button, backdrop); the gallery returns focus. */
  onClose: () => void;
}

const Icon = ({ d }: { d: string }) => (
  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
    <path d={d} fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

/**
 * The gallery's lightbox: a native `<dialog>` opened with showModal(), so
 * the browser makes the page behind inert and keeps focus inside. A large
 * image (srcset for the full viewport), its text, "3 / 12", previous/next
 * (buttons, arrow keys, touch swipe); Escape, the close button or a click
 * on the backdrop close it. The page does not scroll behind it.
 */
export function Lightbox({ images, start, onClose }: Props) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const [index, setIndex] = useState(start);
  const count = images.length;
  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);
  const swipe = useSwipe(go);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (!el.open) el.showModal();
    // showModal() focuses the first button (close) in browsers; said explicitly so every browser (and test DOM) agrees.
    el.querySelector<HTMLElement>('.lightbox__close')?.focus();
    const body = document.body.style;
    const overflow = body.overflow;
    body.overflow = 'hidden';
    return () => {
      body.overflow = overflow;
      if (el.open) el.close();
    };
  }, []);

  const close = () => dialog.current?.close();
  // `close` is dispatched a task after close(): a dialog shown again meanwhile (StrictMode's effect replay) stays.
  const onClosed = () => {
    if (!dialog.current?.open) onClose();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      go(event.key === 'ArrowLeft' ? -1 : 1);
    } else if (event.key === 'Escape') {
      // Closed here rather than by the browser's cancel: same path everywhere, and no "cancel" left pending.
      event.preventDefault();
      close();
    }
  };
  // The dialog fills the viewport; a click on it (not on its content) is a click on the backdrop.
  const onClick = (event: MouseEvent) => {
    if (event.target === event.currentTarget) close();
  };

  const image = images[index];
  if (!image) return null;
  const position = t('gallery.position', { current: index + 1, total: count });
  return (
    <dialog ref={dialog} className="lightbox" aria-label={t('gallery.viewer')} onKeyDown={onKeyDown} onClick={onClick} onClose={onClosed}>
      <div className="lightbox__bar">
        <p className="lightbox__counter" aria-hidden="true">
          {t('gallery.counter', { current: index + 1, total: count })}
        </p>
        {/* Announces the new photo after previous/next; the visible counter above is for the eye. */}
        <p className="visually-hidden" aria-live="polite">
          {image.alt ? `${position}: ${image.alt}` : position}
        </p>
        <button type="button" className="lightbox__button lightbox__close" aria-label={t('gallery.close')} onClick={close}>
          <Icon d="M6 6l12 12M18 6L6 18" />
        </button>
      </div>
      <figure className="lightbox__figure" {...swipe}>
        <ResponsiveImage key={index} className="lightbox__image" media={image} sizes="100vw" priority />
        {/* The image's alt already names it for screen readers. */}
        {image.alt && (
          <figcaption className="lightbox__caption" aria-hidden="true">
            {image.alt}
          </figcaption>
        )}
      </figure>
      {count > 1 && (
        <>
          <button type="button" className="lightbox__button lightbox__nav lightbox__nav--previous" aria-label={t('gallery.previous')} onClick={() => go(-1)}>
            <Icon d="M15 5l-7 7 7 7" />
          </button>
          <button type="button" className="lightbox__button lightbox__nav lightbox__nav--next" aria-label={t('gallery.next')} onClick={() => go(1)}>
            <Icon d="M9 5l7 7-7 7" />
          </button>
        </>
      )}
    </dialog>
  );
}
