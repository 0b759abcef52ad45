import { useEffect, useState } from 'react';

/**
 * Height of the visible cookie notice(s) (blocks.cookie-notice, rule 33), so
 * the toast sits above the notice instead of covering its buttons. The
 * notice is a fixed bar at the bottom on phones and a corner card from
 * 48rem; a hidden notice measures 0. Observed while the toast shows, since
 * the notice hides when the visitor chooses.
 */
export function useCookieClearance(active: boolean): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    if (!active) return;
    const notices = [...document.querySelectorAll<HTMLElement>('.cookie-notice')];
    const measure = () => setHeight(Math.max(0, ...notices.map((n) => n.offsetHeight)));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    for (const notice of notices) observer.observe(notice);
    return () => observer.disconnect();
  }, [active]);
  return height;
}
