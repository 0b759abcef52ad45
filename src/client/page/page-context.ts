import { createContext, useContext, useSyncExternalStore } from 'react';
import type { Locale } from '../../shared/model.js';

/** Who the page renders for: a country (ISO alpha-3) and "now" (rules 29–30). */
export interface Visitor {
  country: string;
  now: Date;
}

/** What every block may need to know about the page it is on. */
export interface PageContextValue {
  locale: Locale;
  path: string;
  alternates: Partial<Record<Locale, string>>;
  /** Rule 18: the release the page was built by (payload and modal URLs carry it as cache key). */
  release: string;
  /** Country the static HTML renders for (rule 30: the build's default); components read the visitor's with `useVisitor`. */
  country: string;
  /** Absolute canonical URL of the page (from SITE_URL at build time; '' on error pages): share links use it, identical on server and client. */
  canonical: string;
  /** The page's document title. */
  title: string;
  /** "Now" of the static HTML for dated content (rule 29: the build's day); components read the visitor's with `useVisitor`. */
  now: Date;
  /** The visitor's country and time, read once a page view in the browser (absent on the server and in tests that set `country` and `now`). */
  visitor?: Visitor;
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

const unchanging = () => () => {};

/**
 * The country and clock a component renders for (rules 29–30). A component
 * that hydrates renders the static HTML's (the build's country and day, the
 * page context's `country` and `now`), so nothing mismatches; right after
 * it hydrated it renders again for the visitor (`visitor`, read by
 * app/visitor.ts), each component for itself: the page context never
 * changes, so a block whose static HTML waits for its chunk
 * (app/later-hydration.ts) receives no update before it hydrates. A client
 * render (a navigation) is the visitor's at once.
 */
export function useVisitor(): Visitor {
  const page = usePage();
  return useSyncExternalStore(
    unchanging,
    () => page.visitor ?? page,
    () => page,
  );
}
