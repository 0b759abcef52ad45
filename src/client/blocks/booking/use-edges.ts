import { useEffect, type RefObject } from 'react';

/** Rule 26: the CSS variables the widget's edges are written to (on the document element). */
const EDGE_VARIABLES = { left: '--booking-left', right: '--booking-right' } as const;

/** Widgets whose edges are written, and how to stop. */
const watched = new Map<Element, () => void>();

/**
 * Rule 26: writes a widget's left and right edges (viewport x of each, in
 * px, as `getBoundingClientRect` gives them) to `--booking-left` and
 * `--booking-right` on `<html>` at once and on every resize (one write per
 * frame), so other parts of the page (a sticky bar, an offer toast) can
 * line up with it. Once a widget: the runtime starts it from the static
 * HTML at start (runtime/late.tsx), before the widget hydrates, and the
 * widget takes it over then (the same element). Returns the stop, which
 * removes the variables; a widget that left the page stops at the next
 * resize.
 */
export function watchEdges(element: Element): () => void {
  const known = watched.get(element);
  if (known) return known;
  const style = document.documentElement.style;
  let frame = 0;
  const write = () => {
    frame = 0;
    if (!element.isConnected) return stop();
    const { left, right } = element.getBoundingClientRect();
    style.setProperty(EDGE_VARIABLES.left, `${left}px`);
    style.setProperty(EDGE_VARIABLES.right, `${right}px`);
  };
  const onResize = () => {
    if (frame === 0) frame = requestAnimationFrame(write);
  };
  const stop = () => {
    watched.delete(element);
    window.removeEventListener('resize', onResize);
    cancelAnimationFrame(frame);
    style.removeProperty(EDGE_VARIABLES.left);
    style.removeProperty(EDGE_VARIABLES.right);
  };
  watched.set(element, stop);
  write();
  window.addEventListener('resize', onResize);
  return stop;
}

/** Rule 26 for a mounted widget: its edges from mount (or from start: `watchEdges`) until it unmounts. */
export function useEdgeVariables(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    return element ? watchEdges(element) : undefined;
  }, [ref]);
}
