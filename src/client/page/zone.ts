import { createContext, useContext } from 'react';

/** Where a block is rendered: the page's own content (inside `<main>`) or a layout zone around it. */
export type Zone = 'page' | 'header' | 'footer';

/** Provided by `BlockList` for the blocks of its zone. */
export const ZoneContext = createContext<Zone>('page');

/** The zone of the block being rendered (`page` outside any `BlockList`). */
export function useZone(): Zone {
  return useContext(ZoneContext);
}
