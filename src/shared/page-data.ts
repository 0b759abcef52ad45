import type { Resort } from './booking.js';
import type { Media, Modal, PageKind } from './model.js';

/**
 * What blocks need beyond their own props, resolved at build time from the
 * whole site (no CMS call in the browser): blog-list cards, pagination, the
 * site map, the modals a page can open and the resorts a form can offer.
 * Carried in every payload as `data`.
 */
export interface PageData {
  /** Cards of each `blocks.blog-list` on the page, by block key (`Block.key`). */
  lists: Record<string, ListData>;
  /** The page's paginated list (its first blog-list), when the page has a `blocks.pagination`. */
  pagination: Pagination | null;
  /** Every built page of the locale grouped by kind, when the page has a `blocks.site-map`. */
  siteMap: SiteMapGroup[] | null;
  /** Modals opened by links on the page or its layout (content contract, Modal), all items kept: the browser picks the geolocated one. */
  modals: Modal[];
  /** Resorts of the locale's booking blocks, for `destination` form fields and a destination page's structured data. */
  resorts: Resort[];
}

/** One card of a blog list: a page of the listed kind. */
export interface ListCard {
  title: string;
  /** Locale-relative slug (links are built with the current query, rule 4). */
  slug: string;
  kind: PageKind;
  summary: string;
  cover: Media | null;
  /** The page's day, `yyyy-MM-dd` (UTC), for `<time datetime>`; null when undated. */
  date: string | null;
  /** That day in words in the page's locale (`May 1, 2026`, `1 de mayo de 2026`), formatted at build time. */
  dateLabel: string | null;
}

export interface ListData {
  cards: ListCard[];
  /** Cards of the whole list, every page. */
  total: number;
  /** 1-based page shown here. */
  page: number;
  pageCount: number;
}

export interface Pagination {
  /** 1-based current page. */
  page: number;
  pageCount: number;
  /** Locale-relative slug of each page, index 0 = page 1 (`blog`, `blog/page/2`, …). */
  slugs: string[];
}

export interface SiteMapGroup {
  kind: PageKind;
  pages: { title: string; slug: string }[];
}

export const EMPTY_PAGE_DATA: PageData = { lists: {}, pagination: null, siteMap: null, modals: [], resorts: [] };
