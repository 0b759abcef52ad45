import { createContext, useContext } from 'react';
import type { Locale } from '../../shared/model.js';

/** What every block may need to know about the page it is on. */
export interface PageContextValue {
  locale: Locale;
  path: string;
  alternates: Partial<Record<Locale, string>>;
  /** Rule 18: the release the page was built by (payload and modal URLs carry it as cache key). */
  release: string;
  /** Country the page renders for (rule 30: the build's default until the browser knows better). */
  country: string;
  /** Absolute canonical URL of the page (from SITE_URL at build time; '' on error pages): share links use it, identical on server and client. */
  canonical: string;
  /** The page's document title. */
  title: string;
  /** "Now" for dated content (rule 29): the build's day in the static HTML, the real time after hydration. */
  now: Date;
}

export const PageContext = createContext<PageContextValue>({
  locale: 'en',
  path: '/',
  alternates: {},
  release: '',
  canonical: '',
  title: '',
  country: 'USA',
  now: new Date(0),
});

export function usePage(): PageContextValue {
  return useContext(PageContext);
}
