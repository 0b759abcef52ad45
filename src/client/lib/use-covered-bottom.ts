import { useEffect, type RefObject } from 'react';

/**
 * While `shown`, writes how much of the window's bottom edge a fixed layer covers (its
 * height plus its `bottom` offset, in px) to a CSS variable on `<html>`, kept up to date as
 * the layer or the window resizes or `offset` (what places it, e.g. the toast's clearance
 * above the notice) changes, and removes it when the layer hides. base.css makes the
 * largest of these the page's `scroll-padding-bottom`: an element the keyboard focuses is
 * then scrolled above the cookie notice or the offer toast instead of under it (WCAG 2.2,
 * 2.4.11 Focus Not Obscured). Chromium's focus scrolling ignores fixed layers otherwise.
 * One layer a variable: the one that hides removes it.
 */
export function useCoveredBottom(ref: RefObject<HTMLElement | null>, variable: `--${string}`, shown: boolean, offset = 0): void {
  useEffect(() => {
    const element = ref.current;
    if (!shown || !element) return;
    const style = document.documentElement.style;
    const write = () => {
      const bottom = parseFloat(getComputedStyle(element).bottom) || 0;
      style.setProperty(variable, `${Math.ceil(element.offsetHeight + bottom)}px`);
    };
    write();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(write);
    observer?.observe(element);
    window.addEventListener('resize', write);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', write);
      style.removeProperty(variable);
    };
  }, [ref, variable, shown, offset]);
}
