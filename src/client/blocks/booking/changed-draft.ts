import type { BookingConfig } from './config.js';
import type { BookingMode } from './engine-url.js';
import { airportOptions, exactOption, resortOptions } from './options.js';
import type { BookingDraft } from './search-state.js';
import { FIELD } from './validation.js';

/**
 * What the visitor changed in the widget's static HTML before it hydrated
 * (it hydrates on use: src/shared/first-view.ts), read in the commit that
 * hydrated it: the mode, the text of the resort and airport boxes (a text
 * naming an option picks it, as typing does), the dates and the promo code.
 * The mode radios are named `idOf('mode')`.
 */
export function changedDraft(config: BookingConfig, idOf: (field: string) => string): Partial<BookingDraft> {
  const draft: Partial<BookingDraft> = {};
  const mode = changed(document.querySelector(`input[name="${idOf('mode')}"]:checked`));
  if (mode) draft.mode = mode as BookingMode;
  for (const [field, options] of [
    [FIELD.resort, resortOptions(config.resorts)],
    [FIELD.airport, airportOptions(config.airports)],
  ] as const) {
    const text = changed(document.getElementById(idOf(field)));
    if (text !== null) draft[field] = { code: exactOption(options, text)?.value ?? '', text };
  }
  for (const field of [FIELD.checkin, FIELD.checkout, FIELD.promo] as const) {
    const text = changed(document.getElementById(idOf(field)));
    if (text !== null) draft[field] = text;
  }
  return draft;
}

/**
 * An input's value when it is no longer the HTML's (a radio: when its
 * checked state is not). `changedBefore` (src/client/lib/changed-before.ts)
 * for the widget's inputs, written out: imported here and by the form, it
 * would be a chunk of its own, one more file name in the preload map of the
 * entry, which every page's first view pays for.
 */
function changed(control: Element | null): string | null {
  if (!(control instanceof HTMLInputElement)) return null;
  const same = control.type === 'radio' ? control.checked === control.defaultChecked : control.value === control.defaultValue;
  return same ? null : control.value;
}
