import type { Locale, Page } from '../../shared/model.js';
import { listPageSlug, pagePath } from '../../shared/routes.js';
import { listPageCount } from './resolve-page-data.js';

/** A page to render: a content page (`n` = 1) or page `n` ≥ 2 of its paginated list. */
export interface BuiltPage {
  page: Page;
  /** The content page it comes from (the same object when `n` is 1). */
  source: Page;
  n: number;
}

const PAGE_LABEL: Record<Locale, string> = { en: 'Page', es: 'Página' };

/**
 * Every page the build renders: each content page, then `/{slug}/page/{n}`
 * for n = 2…pageCount of a page's paginated list (content contract,
 * blocks.pagination). A list page has its own path, canonical and title
 * ("Journal – Page 2"), and hreflang only to translations that have that page.
 */
export function builtPages(pages: readonly Page[]): BuiltPage[] {
  const counts = new Map(pages.map((p) => [p.path, listPageCount(pages, p)]));
  const out: BuiltPage[] = pages.map((page) => ({ page, source: page, n: 1 }));
  for (const source of pages) {
    const count = counts.get(source.path)!;
    for (let n = 2; n <= count; n += 1) {
      const slug = listPageSlug(source.slug, n);
      const alternates: Page['alternates'] = {};
      for (const [locale, path] of Object.entries(source.alternates) as [Locale, string][]) {
        const translation = pages.find((p) => p.path === path);
        if (translation && (counts.get(path) ?? 1) >= n) alternates[locale] = pagePath(locale, listPageSlug(translation.slug, n));
      }
      const title = `${source.seo.metaTitle || source.title} – ${PAGE_LABEL[source.locale]} ${n}`;
      const page: Page = { ...source, slug, path: pagePath(source.locale, slug), alternates, seo: { ...source.seo, metaTitle: title } };
      out.push({ page, source, n });
    }
  }
  return out;
}
