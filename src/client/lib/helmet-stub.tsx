import type { ReactNode } from 'react';

/**
 * Stands in for react-helmet-async in the bundles (vite.config.ts alias).
 * vite-react-ssg wraps the app in its HelmetProvider, but Marea never uses
 * Helmet: the head is written by the prerender (src/shared/head.ts) and
 * updated on navigation by app/document-head.ts. The real library and its
 * dependencies were ≈ 3 KB gzip of every first view for nothing.
 */
export function HelmetProvider({ children }: { children?: ReactNode }) {
  return children;
}

/** vite-react-ssg's `<Head>` renders through this; Marea does not use it. */
export function Helmet(): null {
  return null;
}
