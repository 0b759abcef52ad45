/**
 * Tab and Shift+Tab wrap inside the dialog. `showModal()` already makes
 * the page inert, but without this Tab past the last control leaves the
 * document for the browser's toolbar; the issue asks for focus trapped in
 * the modal, so it wraps like the booking sheet does.
 */
const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  'summary',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** Keyboard-reachable elements of `root`, in order (hidden ones left out). */
export function tabbables(root: Element): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.tabIndex >= 0 && !el.closest('[hidden], [inert]') && el.getClientRects().length > 0);
}

/** Handles a Tab keydown inside `root`: wraps at the ends. Returns true when it moved the focus. */
export function trapTab(event: { key: string; shiftKey: boolean; preventDefault(): void }, root: Element): boolean {
  if (event.key !== 'Tab') return false;
  const items = tabbables(root);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return false;
  const active = root.ownerDocument.activeElement;
  const inside = active instanceof Element && root.contains(active);
  if (event.shiftKey && (active === first || !inside)) {
    event.preventDefault();
    last.focus();
    return true;
  }
  if (!event.shiftKey && (active === last || !inside)) {
    event.preventDefault();
    first.focus();
    return true;
  }
  return false;
}
