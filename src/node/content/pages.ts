import { isValid } from 'date-fns/isValid';
import { parseISO } from 'date-fns/parseISO';
import type { Locale, Page, PageKind, Seo } from '../../shared/model.js';
import { isPageKind } from '../../shared/block-values.js';
import { pagePath, slugProblem } from '../../shared/routes.js';
import { ISSUES } from './issues.js';
import { report, within, type Context, type Issue } from './context.js';
import { normaliseZone } from './blocks.js';
import { dateField, textField } from './fields.js';
import { toMedia } from './media.js';
import { draftIdentity, readTranslationRefs, type PageDraft } from './translations.js';
import { isRecord, joinPath, nonEmptyString, type JsonRecord } from './values.js';
import { shallowOrNull } from './depth.js';
import { unwrap } from './unwrap.js';

/** Drafts already made from raw page entries (one per entry object), with the issues they raised: see `NormaliseMemo`. */
type DraftMemo = WeakMap<object, { draft: PageDraft | null; issues: Issue[] }>;

/** What a long-running builder keeps of page entries between builds (normalise.ts `NormaliseMemo`). */
export interface PageMemo {
  unwrapped: WeakMap<object, unknown>;
  drafts: DraftMemo;
  /** Raw page entries found no deeper than MAX_DEPTH. */
  shallow: WeakSet<object>;
}

/**
 * One raw page entry, read on its own (here, or in a normalise worker for a
 * large cache: normalise-pool.ts): its draft, null when it is left out, and
 * the issues it raised, in order.
 */
export interface PageEntry {
  draft: PageDraft | null;
  issues: Issue[];
  /** Its position in the locale's list of pages (`data[index]`, counted across cache parts). */
  index: number;
}

/**
 * The entries of a locale's list of pages (`ctx.locale`), one at a time, so
 * one hostile page does not hide the others; `offset` is the number of the
 * first (a cache part's). A list wrapped in a Strapi 4 `data` is checked for
 * depth whole, then unwrapped.
 */
export function* readPageEntries(value: unknown, ctx: Context, cmsLocales: Record<Locale, string>, memo?: PageMemo, offset = 0): Generator<PageEntry> {
  const list = Array.isArray(value) ? value : unwrap(shallowOrNull(value, ctx, 'data'));
  if (!Array.isArray(list)) {
    report(ctx, 'data', ISSUES.notAList(`list of pages for "${ctx.locale}"`, list));
    return;
  }
  for (let index = 0; index < list.length; index += 1) yield readPageEntry(list[index], offset + index, ctx, cmsLocales, memo);
}

/**
 * A raw page entry → its draft. An entry nested beyond MAX_DEPTH is reported
 * and left out before any recursive step reads it; so is one that is not an
 * object. An entry with an invalid slug is read in full all the same, so every
 * issue of the build is reported at once.
 */
function readPageEntry(rawEntry: unknown, index: number, ctx: Context, cmsLocales: Record<Locale, string>, memo?: PageMemo): PageEntry {
  const issues: Issue[] = [];
  const local: Context = { ...ctx, issues };
  const field = joinPath('data', index);
  // An entry found shallow enough before is the same object, unchanged (memo).
  if (rawEntry !== null && typeof rawEntry === 'object' && !memo?.shallow.has(rawEntry)) {
    if (shallowOrNull(rawEntry, within(local, rawIdentity(rawEntry)), field) === null) return { draft: null, issues, index };
    memo?.shallow.add(rawEntry);
  }
  // One entry at a time (unwrapped here, not the whole list first): a large site's raw pages are not copied at once.
  const entry = memo ? unwrapOnce(rawEntry, memo) : unwrap(rawEntry);
  if (!isRecord(entry)) {
    report(local, field, ISSUES.invalidEntry(`page ${index}`, entry));
    return { draft: null, issues, index };
  }
  const draft = memoised(entry, local, memo?.drafts, (own) => normalisePage(entry, within(own, rawIdentity(entry)), cmsLocales));
  return { draft, issues, index };
}

/**
 * The pages of one site locale (`ctx.locale`) from its entries, in order.
 * Pages whose path is already taken are reported and left out.
 * `documentId` and `alternates` are settled later, across locales (translations.ts).
 */
export function normalisePages(entries: Iterable<PageEntry>, ctx: Context): PageDraft[] {
  const drafts: PageDraft[] = [];
  const taken = new Map<string, string>();
  for (const { draft, issues } of entries) {
    for (const issue of issues) ctx.issues.push(issue);
    if (draft === null) continue;
    const first = taken.get(draft.page.path);
    if (first !== undefined) {
      report(within(ctx, draftIdentity(draft)), 'slug', ISSUES.duplicatePath(draft.page.path, first));
      continue;
    }
    // Named as editors know it (its title and path), never by an internal id.
    taken.set(draft.page.path, `${JSON.stringify(draft.page.title)}, ${draft.page.path}`);
    drafts.push(draft);
  }
  return drafts;
}

/** An unchanged entry (the same object as in an earlier build) gives the same draft and repeats its issues. */
function memoised(entry: JsonRecord, ctx: Context, memo: DraftMemo | undefined, make: (ctx: Context) => PageDraft | null): PageDraft | null {
  if (!memo) return make(ctx);
  let known = memo.get(entry);
  if (!known) {
    const issues: Issue[] = [];
    known = { draft: make({ ...ctx, issues }), issues };
    memo.set(entry, known);
  }
  ctx.issues.push(...known.issues);
  return known.draft;
}

function unwrapOnce(entry: unknown, memo: PageMemo): unknown {
  if (!entry || typeof entry !== 'object') return unwrap(entry);
  if (!memo.unwrapped.has(entry)) memo.unwrapped.set(entry, unwrap(entry));
  return memo.unwrapped.get(entry);
}

/** The slug and documentId of a raw page entry (Strapi 5 flat or Strapi 4 `attributes`), for naming it before it is read. */
function rawIdentity(entry: unknown): { slug?: string; documentId?: string } {
  if (!isRecord(entry)) return {};
  const fields = isRecord(entry.attributes) ? entry.attributes : entry;
  const documentId = nonEmptyString(entry.documentId);
  return { ...(typeof fields.slug === 'string' ? { slug: fields.slug } : {}), ...(documentId ? { documentId } : {}) };
}

function normalisePage(entry: JsonRecord, ctx: Context, cmsLocales: Record<Locale, string>): PageDraft | null {
  const locale = ctx.locale!;
  const problem = typeof entry.slug === 'string' ? slugProblem(entry.slug) : 'is missing';
  if (problem !== null) report(ctx, 'slug', ISSUES.invalidSlug(entry.slug, problem));
  const slug = typeof entry.slug === 'string' ? entry.slug : '';
  if (typeof entry.locale === 'string' && entry.locale !== cmsLocales[locale]) {
    report(ctx, 'locale', ISSUES.localeMismatch(cmsLocales[locale], entry.locale));
  }
  const title = textField(entry.title, slug, ctx, 'title', true);
  const summary = textField(entry.summary, '', ctx, 'summary');
  const page: Page = {
    locale,
    documentId: '',
    slug,
    path: pagePath(locale, slug),
    title,
    kind: pageKind(entry.kind, ctx),
    summary,
    cover: toMedia(entry.cover, ctx, 'cover'),
    date: dateField(entry.date, ctx, 'date'),
    seo: seo(entry.seo, title, summary, ctx),
    blocks: normaliseZone(entry.blocks, ctx, 'blocks', ISSUES.componentsNotArray),
    updatedAt: updatedAt(entry.updatedAt, ctx),
    alternates: {},
  };
  if (problem !== null) return null;
  return {
    page,
    rawId: typeof entry.id === 'number' ? entry.id : null,
    rawDocumentId: nonEmptyString(entry.documentId),
    translations: readTranslationRefs(entry.localizations, cmsLocales),
  };
}

function pageKind(value: unknown, ctx: Context): PageKind {
  if (value === undefined || value === null || value === '') return 'page';
  if (isPageKind(value)) return value;
  report(ctx, 'kind', ISSUES.unknownPageKind(value));
  return 'page';
}

/** SEO defaults: the page title and summary (content contract, Page). */
function seo(value: unknown, title: string, summary: string, ctx: Context): Seo {
  const raw = isRecord(value) ? value : {};
  if (value !== undefined && value !== null && !isRecord(value)) report(ctx, 'seo', ISSUES.invalidField('seo to be a component', value, 'the defaults'));
  const noIndex = raw.noIndex ?? false;
  if (typeof noIndex !== 'boolean') report(ctx, 'seo.noIndex', ISSUES.invalidField('true or false', noIndex, 'false'));
  return {
    metaTitle: textField(raw.metaTitle, title, ctx, 'seo.metaTitle'),
    metaDescription: textField(raw.metaDescription, summary, ctx, 'seo.metaDescription'),
    metaImage: toMedia(raw.metaImage, ctx, 'seo.metaImage'),
    noIndex: noIndex === true,
  };
}

/**
 * The CMS's `updatedAt` (the sitemap's lastmod): an ISO date or date-time,
 * else null with a warning (`<!--` must not reach the XML).
 */
function updatedAt(value: unknown, ctx: Context): string | null {
  const text = nonEmptyString(value);
  if (value === undefined || value === null) return null;
  if (text !== null && /^\d{4}-\d{2}-\d{2}(?:T[0-9:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.test(text) && isValid(parseISO(text))) return text;
  report(ctx, 'updatedAt', ISSUES.invalidDate(value, 'the sitemap gives the page no lastmod'));
  return null;
}
