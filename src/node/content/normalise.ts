import type { ContentIssue, Locale, SiteContent } from '../../shared/model.js';
import { checkLinkTargets, type LinkTargetMemo } from './link-targets.js';
import { LOCALES } from '../../shared/locales.js';
import type { RawSite } from '../cms/raw.js';
import { report, within, type Context, type Entity, type Issue } from './context.js';
import { MAX_DEPTH, tooDeep } from './depth.js';
import { ISSUES } from './issues.js';
import { isRecord, joinPath } from './values.js';
import { normaliseErrorPage } from './error-page.js';
import { normaliseLayout } from './layout.js';
import { normaliseModals } from './modals.js';
import { normalisePages, type DraftMemo } from './pages.js';
import { normalisePromoCodes } from './promo-codes.js';
import { linkTranslations, type LinkMemo } from './translations.js';
import { unwrap } from './unwrap.js';

export interface NormaliseOptions {
  /** Unknown components are errors instead of warnings (`BUILD_STRICT=1` / `--strict`; off by default in the build). */
  strict: boolean;
}

export interface NormaliseResult {
  content: SiteContent;
  /** Every problem found, in a fixed order; any `error` must fail the build (report.ts prints them). */
  issues: ContentIssue[];
}

/**
 * The edge of the system: raw CMS data (Strapi 4 or 5) → the internal
 * model, validated. Never throws for content problems: all of them are
 * collected as issues. Same input → identical output (rule 13).
 */
export function normaliseSite(raw: RawSite, options: NormaliseOptions, memo?: NormaliseMemo): NormaliseResult {
  const issues: Issue[] = [];
  const fromCms = raw.source === 'cms';
  const at = (entity: Entity, locale?: Locale): Context =>
    locale ? { strict: options.strict, fromCms, issues, entity, locale } : { strict: options.strict, fromCms, issues, entity };
  // Without a memo every part is read afresh; with one, a part whose raw object is the same as last time is reused with its issues.
  const part = <T>(rawValue: unknown, ctx: Context, read: (value: unknown, ctx: Context) => T): T => {
    if (!memo || !rawValue || typeof rawValue !== 'object') return read(unwrap(rawValue), ctx);
    let known = memo.parts.get(rawValue) as { value: T; issues: Issue[] } | undefined;
    if (!known) {
      const own: Issue[] = [];
      known = { value: read(unwrap(rawValue), { ...ctx, issues: own }), issues: own };
      memo.parts.set(rawValue, known);
    }
    ctx.issues.push(...known.issues);
    return known.value;
  };
  const list = (value: unknown): unknown => (Array.isArray(value) ? value : unwrap(value));
  const prepare = memo ? (entry: unknown) => unwrapOnce(entry, memo) : unwrap;

  // Anything nested beyond MAX_DEPTH is reported and left out before any recursive step reads it.
  const shallow = (value: unknown, ctx: Context, field: string): unknown => {
    const where = tooDeep(value);
    if (where === null) return value;
    report(ctx, field, ISSUES.contentTooDeep(MAX_DEPTH, joinPath(field, where)));
    return null;
  };
  const pagesOf = (locale: Locale): unknown => {
    const value = raw.pages[locale];
    if (!Array.isArray(value)) return list(shallow(value, at('page', locale), 'data'));
    // Per entry, so one hostile page does not hide the others; an unchanged list keeps its identity (memo).
    const kept = value.filter((entry: unknown, i) => {
      // An entry found shallow enough before is the same object, unchanged (memo).
      if (entry === null || (typeof entry === 'object' && memo?.shallow.has(entry))) return true;
      if (shallow(entry, within(at('page', locale), { slug: rawSlug(entry) }), joinPath('data', i)) === null) return false;
      if (typeof entry === 'object') memo?.shallow.add(entry);
      return true;
    });
    return kept.length === value.length ? value : kept;
  };
  const drafts = LOCALES.flatMap((locale) => normalisePages(pagesOf(locale), at('page', locale), raw.cmsLocales, memo?.drafts, prepare));
  const content: SiteContent = {
    pages: linkTranslations(drafts, at('page'), memo?.linked),
    layouts: perLocale((locale) => part(shallow(raw.layout[locale], at('layout', locale), 'data'), at('layout', locale), normaliseLayout)),
    errors: perLocale((locale) => part(shallow(raw.errorPage[locale], at('error-page', locale), 'data'), at('error-page', locale), normaliseErrorPage)),
    modals: perLocale((locale) => part(shallow(raw.modals[locale], at('modal', locale), 'data'), at('modal', locale), normaliseModals)),
    promoCodes: part(shallow(raw.promoCodes, at('promo-codes'), 'data'), at('promo-codes'), (value, ctx) => normalisePromoCodes(value, ctx, 'data')),
  };
  checkLinkTargets(content, at, memo?.linkTargets);
  return { content, issues };
}

/**
 * What a long-running builder keeps between builds (an incremental build,
 * README "Incremental builds"): raw objects that are the same objects as
 * last time give the same normalised objects, so the build can tell by
 * identity which pages did not change. Same input → same output either way.
 */
export interface NormaliseMemo {
  unwrapped: WeakMap<object, unknown>;
  drafts: DraftMemo;
  linked: LinkMemo;
  linkTargets: LinkTargetMemo;
  parts: WeakMap<object, unknown>;
  /** Raw page entries found no deeper than MAX_DEPTH. */
  shallow: WeakSet<object>;
}

export function createNormaliseMemo(): NormaliseMemo {
  return { unwrapped: new WeakMap(), drafts: new WeakMap(), linked: new WeakMap(), linkTargets: new WeakMap(), parts: new WeakMap(), shallow: new WeakSet() };
}

function unwrapOnce(entry: unknown, memo: NormaliseMemo): unknown {
  if (!entry || typeof entry !== 'object') return unwrap(entry);
  if (!memo.unwrapped.has(entry)) memo.unwrapped.set(entry, unwrap(entry));
  return memo.unwrapped.get(entry);
}

/** Builds a per-locale record in locale order, so issues come out in a fixed order. */
function perLocale<T>(read: (locale: Locale) => T): Record<Locale, T> {
  const en = read('en');
  const es = read('es');
  return { en, es };
}

/** The slug of a raw page entry (Strapi 5 flat or Strapi 4 `attributes`), for naming it before it is read. */
function rawSlug(entry: unknown): string | undefined {
  if (!isRecord(entry)) return undefined;
  const fields = isRecord(entry.attributes) ? entry.attributes : entry;
  return typeof fields.slug === 'string' ? fields.slug : undefined;
}
