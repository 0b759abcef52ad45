/**
 * Locks the page behind an open modal (docs/architecture.md: "the page behind
 * does not scroll"). `overflow: hidden` on <body> propagates to the
 * viewport, so wheel and touch scrolling stop while `scrollY` is kept (no
 * jump to the top, unlike `position: fixed` tricks). The scrollbar that
 * disappears is replaced by the same width of padding, so the page does
 * not shift sideways. Returns the unlock function, which restores the
 * previous inline styles (another lock, e.g. the booking sheet's, may
 * have set them).
 */
export const SCROLL_LOCK_CLASS = 'has-modal';

export function lockScroll(doc: Document = document): () => void {
  const root = doc.documentElement;
  const body = doc.body;
  const view = doc.defaultView;
  // clientWidth excludes the classic scrollbar; 0 means no layout (nothing to measure).
  const scrollbar = view && root.clientWidth > 0 ? Math.max(0, view.innerWidth - root.clientWidth) : 0;
  const previous = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
  if (scrollbar > 0) {
    const padding = view ? parseFloat(view.getComputedStyle(body).paddingRight) || 0 : 0;
    body.style.paddingRight = `${padding + scrollbar}px`;
  }
  body.style.overflow = 'hidden';
  root.classList.add(SCROLL_LOCK_CLASS);
  return () => {
    body.style.overflow = previous.overflow;
    body.style.paddingRight = previous.paddingRight;
    root.classList.remove(SCROLL_LOCK_CLASS);
  };
}
