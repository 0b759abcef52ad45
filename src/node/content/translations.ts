import type { Locale, Page } from '../../shared/model.js';
import { LOCALES, DEFAULT_LOCALE, isLocale } from '../../shared/locales.js';
import { ISSUES } from './issues.js';
import { report, within, type Context } from './context.js';
import { compareStrings, isRecord, nonEmptyString } from './values.js';

/** A page before translations are linked: what the CMS said about its identity. */
export interface PageDraft {
  page: Page;
  rawId: number | null;
  /** Strapi 5 `documentId` (shared by all locales of a document); null in Strapi 4. */
  rawDocumentId: string | null;
  /** Strapi 4 `localizations` (also read when Strapi 5 sends them). */
  translations: TranslationRef[];
}

/** How issues name a page draft: its slug and, from Strapi 5, its documentId. */
export function draftIdentity(draft: PageDraft): { slug: string; documentId?: string } {
  return draft.rawDocumentId ? { slug: draft.page.slug, documentId: draft.rawDocumentId } : { slug: draft.page.slug };
}

export interface TranslationRef {
  id: number | null;
  documentId: string | null;
  locale: Locale | null;
  slug: string | null;
}

/** `localizations` entries, their CMS locale codes mapped back to site locales. */
export function readTranslationRefs(value: unknown, cmsLocales: Record<Locale, string>): TranslationRef[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((ref) => ({
    id: typeof ref.id === 'number' ? ref.id : null,
    documentId: nonEmptyString(ref.documentId),
    locale: LOCALES.find((l) => cmsLocales[l] === ref.locale) ?? (isLocale(ref.locale) ? ref.locale : null),
    slug: nonEmptyString(ref.slug),
  }));
}

/**
 * Links the translations of every page (rule 12) and settles `documentId`.
 * Strapi 5: pages of other locales with the same `documentId`; Strapi 4:
 * pages listed in `localizations` (by id, or by locale + slug). Links are
 * made symmetric (a group of pages), so translations are always reciprocal.
 * Strapi 4 has no documentId: the group uses String(id) of its default-locale page.
 * Returns the pages sorted by locale, then path (determinism).
 */
/** Pages linked in an earlier build, by draft page: reused when their identity and translations did not change (`createNormaliser`). */
export type LinkMemo = WeakMap<Page, { documentId: string; alternates: string; page: Page }>;

export function linkTranslations(drafts: PageDraft[], ctx: Context, memo?: LinkMemo): Page[] {
  const groups = groupTranslations(drafts);
  const pages: Page[] = [];
  for (const members of groups) {
    members.sort((a, b) => LOCALES.indexOf(a.page.locale) - LOCALES.indexOf(b.page.locale) || compareStrings(a.page.path, b.page.path));
    const byLocale = new Map<Locale, PageDraft>();
    for (const draft of members) {
      const first = byLocale.get(draft.page.locale);
      if (first === undefined) byLocale.set(draft.page.locale, draft);
      else report(within(ctx, { locale: draft.page.locale, ...draftIdentity(draft) }), 'localizations', ISSUES.ambiguousTranslation(draft.page.path, first.page.path));
    }
    const linked = [...byLocale.values()];
    const documentId = groupDocumentId(linked);
    const alternates: Partial<Record<Locale, string>> = {};
    for (const draft of linked) alternates[draft.page.locale] = draft.page.path;
    for (const draft of members) {
      const isLinked = byLocale.get(draft.page.locale) === draft;
      const linkedId = isLinked ? documentId : groupDocumentId([draft]);
      const linkedAlternates = isLinked ? { ...alternates } : { [draft.page.locale]: draft.page.path };
      const key = JSON.stringify(linkedAlternates);
      const known = memo?.get(draft.page);
      if (known && known.documentId === linkedId && known.alternates === key) pages.push(known.page);
      else {
        const page = { ...draft.page, documentId: linkedId, alternates: linkedAlternates };
        memo?.set(draft.page, { documentId: linkedId, alternates: key, page });
        pages.push(page);
      }
    }
  }
  return pages.sort((a, b) => LOCALES.indexOf(a.locale) - LOCALES.indexOf(b.locale) || compareStrings(a.path, b.path));
}

function groupDocumentId(members: PageDraft[]): string {
  const documentId = members.find((d) => d.rawDocumentId !== null)?.rawDocumentId;
  if (documentId) return documentId;
  const main = members.find((d) => d.page.locale === DEFAULT_LOCALE && d.rawId !== null) ?? members.find((d) => d.rawId !== null);
  return main ? String(main.rawId) : members[0]!.page.path;
}

/** Union-find over the drafts: same documentId, or a `localizations` reference either way. */
function groupTranslations(drafts: PageDraft[]): PageDraft[][] {
  const parent = drafts.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  const union = (a: number, b: number): void => {
    const [ra, rb] = [find(a), find(b)];
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  };
  const byDocument = new Map<string, number>();
  drafts.forEach((draft, i) => {
    if (draft.rawDocumentId === null) return;
    const first = byDocument.get(draft.rawDocumentId);
    if (first === undefined) byDocument.set(draft.rawDocumentId, i);
    else union(first, i);
  });
  drafts.forEach((draft, i) => {
    for (const ref of draft.translations) {
      drafts.forEach((other, j) => {
        if (other.page.locale !== draft.page.locale && refersTo(ref, other)) union(i, j);
      });
    }
  });
  const groups = new Map<number, PageDraft[]>();
  drafts.forEach((draft, i) => {
    const root = find(i);
    groups.set(root, [...(groups.get(root) ?? []), draft]);
  });
  return [...groups.values()];
}

function refersTo(ref: TranslationRef, page: PageDraft): boolean {
  if (ref.locale !== null && ref.locale !== page.page.locale) return false;
  if (ref.documentId !== null && ref.documentId === page.rawDocumentId) return true;
  if (ref.id !== null && ref.id === page.rawId) return true;
  return ref.locale !== null && ref.slug !== null && ref.slug === page.page.slug;
}
