import type { Block, Locale, Modal, Page, PageKind, SiteContent } from '../../shared/model.js';
import { DEFAULT_PAGE_SIZE, isPageKind, PAGE_KINDS } from '../../shared/block-values.js';
import { isBlock } from '../../shared/blocks/names.js';
import { cardDate } from '../../shared/card-date.js';
import { listPageSlug } from '../../shared/routes.js';
import type { Resort } from '../../shared/booking.js';
import type { ListCard, ListData, PageData, SiteMapGroup } from '../../shared/page-data.js';

/**
 * Build-time data of a page's blocks (src/shared/page-data.ts): everything a
 * block needs from the rest of the site is resolved here, so the browser
 * never asks the CMS. Pure functions of the normalised content.
 */

/** What a blog-list block selects: kind (default `post`), category as a slug prefix, page size. */
export interface ListQuery {
  kind: PageKind;
  category: string | null;
  pageSize: number;
}

export function listQuery(block: Block): ListQuery {
  const { kind, category, pageSize } = block.props;
  return {
    kind: isPageKind(kind) ? kind : 'post',
    category: typeof category === 'string' && category.trim() !== '' ? category.trim().replace(/^\/+|\/+$/g, '') : null,
    pageSize: typeof pageSize === 'number' && Number.isInteger(pageSize) && pageSize > 0 ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

/**
 * Derived once per content (every page of the build asks again): a build
 * of n pages with lists must not sort the whole site n times. Keyed by the
 * content object itself, so a new build's content never sees old entries.
 */
function memo<K extends object, V>(compute: (key: K, part: string) => V): (key: K, part: string) => V {
  const cache = new WeakMap<K, Map<string, V>>();
  return (key, part) => {
    let parts = cache.get(key);
    if (!parts) cache.set(key, (parts = new Map()));
    if (!parts.has(part)) parts.set(part, compute(key, part));
    return parts.get(part)!;
  };
}

/** The pages of one locale and kind (`en/post`), newest `date` first (undated last, then by title). */
const pagesByDate = memo((pages: readonly Page[], localeKind: string) =>
  pages
    .filter((p) => `${p.locale}/${p.kind}` === localeKind)
    .sort((a, b) => (b.date ?? '').localeCompare(a.date ?? '') || a.title.localeCompare(b.title) || a.slug.localeCompare(b.slug)),
);

/**
 * Pages a list shows, newest `date` first (undated last, then by title):
 * same locale and kind, under `{category}/` when a category is given,
 * never the listing page itself.
 */
function listedPages(pages: readonly Page[], from: Page, query: ListQuery): Page[] {
  return pagesByDate(pages, `${from.locale}/${query.kind}`).filter((p) => p.documentId !== from.documentId && (query.category === null || p.slug.startsWith(`${query.category}/`)));
}

function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

function card(page: Page): ListCard {
  const date = cardDate(page.date, page.locale);
  return { title: page.title, slug: page.slug, kind: page.kind, summary: page.summary, cover: page.cover, date: date?.iso ?? null, dateLabel: date?.label ?? null };
}

/** Page `n` (1-based) of a list. */
export function listData(pages: readonly Page[], from: Page, block: Block, n: number): ListData {
  const query = listQuery(block);
  const all = listedPages(pages, from, query);
  const count = pageCount(all.length, query.pageSize);
  const page = Math.min(Math.max(1, n), count);
  const cards = all.slice((page - 1) * query.pageSize, page * query.pageSize).map(card);
  return { cards, total: all.length, page, pageCount: count };
}

/** How many list pages a page has: its paginated list's page count (pages with a `blocks.pagination`), else 1. */
export function listPageCount(pages: readonly Page[], page: Page): number {
  if (!page.blocks.some((b) => isBlock(b, 'blocks.pagination'))) return 1;
  const list = page.blocks.find((b) => isBlock(b, 'blocks.blog-list'));
  return list ? listData(pages, page, list, 1).pageCount : 1;
}

/** Every page of the locale, grouped by kind in a fixed order, each group sorted by title. */
export const siteMapOf: (pages: readonly Page[], locale: Locale) => SiteMapGroup[] = memo((pages: readonly Page[], locale: string) => {
  const ofLocale = pages.filter((p) => p.locale === locale);
  return PAGE_KINDS.map((kind) => ({
    kind,
    pages: ofLocale
      .filter((p) => p.kind === kind)
      .sort((a, b) => a.title.localeCompare(b.title, locale) || a.slug.localeCompare(b.slug))
      .map((p) => ({ title: p.title, slug: p.slug })),
  })).filter((group) => group.pages.length > 0);
});

/** `href="#modal=name"` in sanitised rich text: editors can open a modal from a text link too. */
const RICH_TEXT_MODAL = /href="#modal=([^"&]+)"/g;

/** A `#modal=` name as written in an href; one that is not valid URL encoding (`%`) is kept as written. */
function decodedRef(encoded: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded;
  }
}

/** Modal names or ids a value refers to: modal links (`{kind:'modal'}`), the booking's `groupsModal` and rich-text `#modal=` links, at any depth. */
export function modalRefs(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    if (value.includes('#modal=')) for (const match of value.matchAll(RICH_TEXT_MODAL)) into.add(decodedRef(match[1]!));
  } else if (Array.isArray(value)) for (const item of value) modalRefs(item, into);
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (record.kind === 'modal' && typeof record.modal === 'string') into.add(record.modal);
    for (const [key, item] of Object.entries(record)) {
      if (key === 'groupsModal' && typeof item === 'string' && item !== '') into.add(item);
      else modalRefs(item, into);
    }
  }
  return into;
}

/**
 * The modals the blocks can open, following modals that open other modals;
 * in content order. `seed`: references already known (the layout's).
 */
export function referencedModals(blocks: readonly Block[], modals: readonly Modal[], seed: ReadonlySet<string> = new Set()): Modal[] {
  const wanted = modalRefs(
    blocks.map((b) => b.props),
    new Set(seed),
  );
  const found = new Set<Modal>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const modal of modals) {
      if (found.has(modal) || !(wanted.has(modal.name) || wanted.has(String(modal.id)))) continue;
      found.add(modal);
      modalRefs(
        modal.items.map((i) => i.props),
        wanted,
      );
      grew = true;
    }
  }
  return modals.filter((m) => found.has(m));
}

/** What the layout of a locale links to: the same for every page of it. */
const layoutModalRefs = memo((content: SiteContent, locale: string) => {
  const layout = content.layouts[locale as Locale];
  return modalRefs([...layout.header, ...layout.footer].map((b) => b.props));
});

/** Resorts of every booking block of the locale (pages, layout, modals), first occurrence of a code wins. */
export const resortsOf: (content: SiteContent, locale: Locale) => Resort[] = memo((content: SiteContent, part: string) => {
  const locale = part as Locale;
  const zones = [
    ...content.pages.filter((p) => p.locale === locale).map((p) => p.blocks),
    content.layouts[locale].header,
    content.layouts[locale].footer,
    ...content.modals[locale].map((m) => m.items),
  ];
  const byCode = new Map<string, Resort>();
  for (const block of zones.flat()) {
    if (!isBlock(block, 'blocks.booking') || !Array.isArray(block.props.resorts)) continue;
    for (const r of block.props.resorts) {
      if (typeof r?.code !== 'string' || byCode.has(r.code)) continue;
      byCode.set(r.code, { code: r.code, name: String(r.name ?? r.code), destination: String(r.destination ?? '') });
    }
  }
  return [...byCode.values()];
});

const FORMS = new Set(['blocks.form', 'modals.embedded-form']);

/**
 * The data of one rendered page (`n` = its list page, 1 for the page itself).
 * Only what its blocks use is included, so payloads stay small.
 */
export function pageData(content: SiteContent, page: Page, n: number): PageData {
  const layout = content.layouts[page.locale];
  const lists: PageData['lists'] = {};
  const listBlocks = page.blocks.filter((b) => isBlock(b, 'blocks.blog-list'));
  const paginated = page.blocks.some((b) => isBlock(b, 'blocks.pagination')) ? listBlocks[0] : undefined;
  for (const block of listBlocks) lists[block.key] = listData(content.pages, page, block, block === paginated ? n : 1);
  const modals = referencedModals(page.blocks, content.modals[page.locale], layoutModalRefs(content, page.locale));
  const usesForms = [...page.blocks, ...layout.header, ...layout.footer, ...modals.flatMap((m) => m.items)].some((b) => FORMS.has(b.component));
  const list = paginated ? lists[paginated.key]! : null;
  return {
    lists,
    pagination: list ? { page: list.page, pageCount: list.pageCount, slugs: Array.from({ length: list.pageCount }, (_, i) => listPageSlug(page.slug, i + 1)) } : null,
    siteMap: page.blocks.some((b) => isBlock(b, 'blocks.site-map')) ? siteMapOf(content.pages, page.locale) : null,
    modals,
    // Forms offer them as destinations; a destination page describes its own in its structured data (src/shared/structured-data.ts).
    resorts: usesForms || page.kind === 'destination' ? resortsOf(content, page.locale) : [],
  };
}
