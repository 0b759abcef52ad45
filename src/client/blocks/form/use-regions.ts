import { useEffect, useState } from 'react';
import { useHydrated } from '../../lib/use-hydrated.js';
import { loadedRegions, loadRegions, type RegionTable } from './regions.js';

/**
 * The region table for a form with a `country-state` field: null in the
 * static HTML and during hydration (so both render the same text box), then
 * loaded. After a client-side navigation an already loaded table is used at
 * once. A failed load is logged and leaves the text box.
 */
export function useRegions(wanted: boolean): RegionTable | null {
  const hydrated = useHydrated();
  const [table, setTable] = useState<RegionTable | null>(loadedRegions);
  useEffect(() => {
    if (!wanted || table) return;
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
  }, [wanted, table]);
  return wanted && hydrated ? table : null;
}
