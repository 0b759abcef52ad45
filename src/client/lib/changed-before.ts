import { useLayoutEffect } from 'react';
import { useHydrated } from './use-hydrated.js';

/**
 * What the visitor made of a control of the static HTML before its block
 * hydrated: its value when it is no longer the HTML's (a text typed, an
 * option picked, a radio or box checked), else null. Read in the commit
 * that hydrated it (`useOnHydrated`): React has not written to it yet.
 */
export function changedBefore(control: Element | null): string | null {
  if (control instanceof HTMLSelectElement) return [...control.options].some((option) => option.selected !== option.hasAttribute('selected')) ? control.value : null;
  if (control instanceof HTMLInputElement && (control.type === 'radio' || control.type === 'checkbox')) return control.checked !== control.defaultChecked ? control.value : null;
  if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) return control.value !== control.defaultValue ? control.value : null;
  return null;
}

/**
 * Runs `take` once, in the commit that hydrated the component: React keeps
 * the values it finds in the fields it hydrates, but its next render puts
 * back a controlled field's value from the state it hydrated with. A
 * component takes what the visitor changed before (`changedBefore`) into
 * its state here, before anything renders again: nothing typed is lost,
 * and the field, left as it is, keeps the focus and the caret.
 */
export function useOnHydrated(take: () => void): void {
  const hydrated = useHydrated();
  useLayoutEffect(() => {
    if (!hydrated) take();
  });
}
