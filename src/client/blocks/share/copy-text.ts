/**
 * Copies text to the clipboard. The asynchronous Clipboard API first (secure
 * contexts only); where it is missing or refused, the legacy path: select a
 * read-only field and `execCommand('copy')`, which still works inside the
 * click that asked for it. False when both fail: the caller shows the text
 * selected so the visitor can copy it by hand.
 */
export async function copyText(value: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(value);
      return true;
    }
  } catch {
    // Refused (permissions, no focus): try the legacy path.
  }
  return legacyCopy(value);
}

function legacyCopy(value: string): boolean {
  const field = document.createElement('input');
  field.value = value;
  field.readOnly = true;
  field.setAttribute('aria-hidden', 'true');
  field.tabIndex = -1;
  // Off-screen but rendered: a hidden field cannot be selected.
  field.style.cssText = 'position:fixed;top:0;left:-9999px;opacity:0';
  const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  document.body.appendChild(field);
  try {
    field.select();
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    field.remove();
    previous?.focus();
  }
}
