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
import { readTranslationRefs, type PageDraft } from './translations.js';
import { isRecord, joinPath, nonEmptyString, type JsonRecord } from './values.js';

/**
 * The pages of one site locale (`ctx.locale`), unwrapped. Pages with an
 * invalid slug or a path already taken are reported and left out, but are
 * still read in full so every issue of the build is reported at once.
 * `documentId` and `alternates` are settled later, across locales (translations.ts).
 */
/** Drafts already made from raw page entries (one per entry object), with the issues they raised: see `createNormaliser`. */
export type DraftMemo = WeakMap<object, { draft: PageDraft | null; issues: Issue[] }>;

export function normalisePages(
  value: unknown,
  ctx: Context,
  cmsLocales: Record<Locale, string>,
  memo?: DraftMemo,
  prepare: (entry: unknown) => unknown = (entry) => entry,
): PageDraft[] {
  if (!Array.isArray(value)) {
    report(ctx, 'data', ISSUES.notAList(`list of pages for "${ctx.locale}"`, value));
    return [];
  }
  const drafts: PageDraft[] = [];
  const taken = new Map<string, string>();
  value.forEach((rawEntry, index) => {
    // One entry at a time (unwrapped here, not the whole list first): a large site's raw pages are not copied at once.
    const entry = prepare(rawEntry);
    if (!isRecord(entry)) {
      report(ctx, joinPath('data', index), ISSUES.invalidEntry(`page ${index}`, entry));
      return;
    }
    const draft = memoised(entry, ctx, memo, (local) => normalisePage(entry, within(local, { slug: typeof entry.slug === 'string' ? entry.slug : undefined }), cmsLocales));
    if (draft === null) return;
    const first = taken.get(draft.page.path);
    if (first !== undefined) {
      report(within(ctx, { slug: draft.page.slug }), 'slug', ISSUES.duplicatePath(draft.page.path, first));
      return;
    }
    taken.set(draft.page.path, draft.rawDocumentId ?? String(draft.rawId ?? index));
    drafts.push(draft);
  });
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
