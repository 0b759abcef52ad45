import { createContext, useContext } from 'react';
import type { Zone } from '../../shared/first-view.js';

export type { Zone };

/** Provided by `BlockList` for the blocks of its zone. */
export const ZoneContext = createContext<Zone>('page');

/** The zone of the block being rendered (`page` outside any `BlockList`). */
export function useZone(): Zone {
  return useContext(ZoneContext);
}
