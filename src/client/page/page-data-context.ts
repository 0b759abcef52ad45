import { createContext, useContext } from 'react';
import { EMPTY_PAGE_DATA, type PageData } from '../../shared/page-data.js';

/** The payload's build-time data (lists, pagination, site map, modals, resorts) for the blocks of the page. */
export const PageDataContext = createContext<PageData>(EMPTY_PAGE_DATA);

export function usePageData(): PageData {
  return useContext(PageDataContext);
}
