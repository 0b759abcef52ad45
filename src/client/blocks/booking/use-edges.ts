import { useEffect, type RefObject } from 'react';

/** Rule 26: the CSS variables the widget's edges are written to (on the document element). */
const EDGE_VARIABLES = { left: '--booking-left', right: '--booking-right' } as const;

/**
 * Rule 26: writes the widget's left and right edges (viewport x of each,
 * in px, as `getBoundingClientRect` gives them) to `--booking-left` and
 * `--booking-right` on `<html>` after mount and on every resize (one write
 * per frame), so other parts of the page (a sticky bar, an offer toast)
 * can line up with it. Removed when the widget unmounts.
 */
export function useEdgeVariables(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const style = document.documentElement.style;
    let frame = 0;
    const write = () => {
      frame = 0;
      const { left, right } = element.getBoundingClientRect();
      style.setProperty(EDGE_VARIABLES.left, `${left}px`);
      style.setProperty(EDGE_VARIABLES.right, `${right}px`);
    };
    const onResize = () => {
      if (frame === 0) frame = requestAnimationFrame(write);
    };
    write();
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      cancelAnimationFrame(frame);
      style.removeProperty(EDGE_VARIABLES.left);
      style.removeProperty(EDGE_VARIABLES.right);
    };
  }, [ref]);
}
