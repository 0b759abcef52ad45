import type { Page } from 'playwright-core';

export interface FocusState {
  /** A short description of the focused element: tag, id or class, text. */
  element: string;
  /** Nothing has the focus: `document.activeElement` is the body (or null). */
  lost: boolean;
  /** The element matches `:focus-visible`. */
  focusVisible: boolean;
  /** An outline (style not none, width > 0) or a box shadow is drawn: on the element, or for a visually hidden input on the label or sibling that draws it. */
  indicator: boolean;
  /** What draws the indicator is inside the viewport. */
  inViewport: boolean;
  /** Every sample point of it (centre and corners) is covered by something else (WCAG 2.4.11, focus not obscured). */
  obscured: boolean;
}

/** Where the focus is and whether a sighted keyboard user can see it. */
export function focusState(page: Page): Promise<FocusState> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement) {
      return { element: el?.tagName.toLowerCase() ?? 'null', lost: true, focusVisible: false, indicator: false, inViewport: false, obscured: false };
    }
    const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.classList.length ? `.${[...el.classList].join('.')}` : ''}${text ? ` "${text}"` : ''}`;
    const outlined = (style: CSSStyleDeclaration) => style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const drawn = (node: Element, shadow: boolean) => {
      const style = getComputedStyle(node);
      // A link stretched over its card draws the ring on its ::after, which covers the card.
      const pseudo = [getComputedStyle(node, '::after'), getComputedStyle(node, '::before')].some((p) => p.content !== 'none' && outlined(p));
      return outlined(style) || (shadow && style.boxShadow !== 'none') || pseudo;
    };
    // A visually hidden radio or checkbox draws its focus on its label or the sibling after it (`input:focus-visible + span`).
    const helpers = el instanceof HTMLInputElement ? [el.nextElementSibling, ...(el.labels ? [...el.labels] : [])].filter((n): n is Element => !!n) : [];
    const painter = drawn(el, true) ? el : helpers.find((node) => drawn(node, false));
    const box = (painter ?? el).getBoundingClientRect();
    const inViewport = box.width > 0 && box.height > 0 && box.bottom > 0 && box.right > 0 && box.top < window.innerHeight && box.left < window.innerWidth;
    const mine = (node: Element | null) => !!node && (el.contains(node) || node.contains(el) || (painter?.contains(node) ?? false));
    const inset = 2;
    const points = [
      [box.left + box.width / 2, box.top + box.height / 2],
      [box.left + inset, box.top + inset],
      [box.right - inset, box.top + inset],
      [box.left + inset, box.bottom - inset],
      [box.right - inset, box.bottom - inset],
    ] as const;
    const obscured = inViewport && points.every(([x, y]) => !mine(document.elementFromPoint(x, y)));
    return { element: name, lost: false, focusVisible: el.matches(':focus-visible'), indicator: !!painter, inViewport, obscured };
  });
}
