import type { NavigateToOptions } from '../../runtime/navigation-safety.js';
import { engineUrl, type HandOff } from './engine-url.js';
import type { BookingDraft } from './search-state.js';
import { saveSearch, toStored } from './storage.js';

/**
 * A valid search leaves for the booking engine (docs/architecture.md): the
 * `bookingSearch` event goes to `dataLayer` (created when GTM is off, so a
 * container loaded later still sees it), the search is remembered for the
 * next visit, and the browser goes to the hand-off URL, an external
 * navigation that rule 22 allows only with the external flag.
 */
export function handOff(search: HandOff, draft: BookingDraft, template: string, pageSearch: string, navigateTo: (url: string, options: NavigateToOptions) => void): string {
  const url = engineUrl(template, search, pageSearch);
  (window.dataLayer ??= []).push({ event: 'bookingSearch', ...search });
  saveSearch(toStored(search, draft));
  navigateTo(url, { external: true });
  return url;
}
