import { useEffect, useState } from 'react';
import { useHydrated } from '../../lib/use-hydrated.js';
import { loadedRegions, loadRegions, type RegionTable } from './regions.js';

/**
 * The region table for a form with a `country-state` field: null in the
 * static HTML and during hydration (so both render the same text box), then
 * loaded once the visitor reaches for the form (`want`: a focus, a pointer
 * down or a change inside it), not at hydration: the data set is the
 * largest chunk a page may load, and a visitor who never fills the form
 * never pays for it. After a client-side navigation an already loaded table
 * is used at once. A failed load is logged and leaves the text box.
 */
export function useRegions(wanted: boolean): [RegionTable | null, want: () => void] {
  const hydrated = useHydrated();
  const [table, setTable] = useState<RegionTable | null>(loadedRegions);
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (!wanted || !asked || table) return;
    let live = true;
    loadRegions().then(
      (loaded) => {
        if (live) setTable(loaded);
      },
      (error: unknown) => console.warn('Could not load the list of states and regions:', error),
    );
    return () => {
      live = false;
    };
  }, [wanted, asked, table]);
  return [wanted && hydrated ? table : null, () => setAsked(true)];
}
