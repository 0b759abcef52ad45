import { useLocation } from 'react-router-dom';
import { useHydrated } from '../lib/use-hydrated.js';

/**
 * Rule 4: links carry the current query string. The static HTML has none
 * (it is the same for every visitor), so the query is added after hydration.
 */
export function useSearch(): string {
  const hydrated = useHydrated();
  const { search } = useLocation();
  return hydrated ? search : '';
}
