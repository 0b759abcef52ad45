import type { ContentIssue, Locale, Page, SiteContent } from '../../shared/model.js';
import { checkLinkTargets, type CleanLinks, type LinkTargetMemo, type SetAsideLinks } from './link-targets.js';
import { LOCALES } from '../../shared/locales.js';
import type { RawSite } from '../cms/raw.js';
import type { Context, Entity, Issue } from './context.js';
import { shallowOrNull } from './depth.js';
import { normaliseErrorPage } from './error-page.js';
import { normaliseLayout } from './layout.js';
import { normaliseModals } from './modals.js';
import { normalisePages, readPageEntries, type PageEntry, type PageMemo } from './pages.js';
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
 * collected as issues. Same input → identical output (rule 13). The page
 * entries are read from `raw.pages`, or given already read (`pages`: a large
 * cache's, read in worker threads by normalise-pool.ts), with the same result;
 * `setAside` gives the internal links of a page whose blocks those threads
 * set aside (src/node/build/spill.ts), and `clean` the set-aside blocks an
 * earlier build found with every link leading somewhere (not checked again).
 */
export function normaliseSite(
  raw: RawSite,
  options: NormaliseOptions,
  memo?: NormaliseMemo,
  pages?: Record<Locale, Iterable<PageEntry>>,
  setAside?: (page: Page) => SetAsideLinks | undefined,
  clean?: CleanLinks,
): NormaliseResult {
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
  const drafts = LOCALES.flatMap((locale) => {
    const ctx = at('page', locale);
    return normalisePages(pages ? pages[locale] : readPageEntries(raw.pages[locale], ctx, raw.cmsLocales, memo), ctx);
  });
  const content: SiteContent = {
    pages: linkTranslations(drafts, at('page'), memo?.linked),
    layouts: perLocale((locale) => part(shallowOrNull(raw.layout[locale], at('layout', locale), 'data'), at('layout', locale), normaliseLayout)),
    errors: perLocale((locale) => part(shallowOrNull(raw.errorPage[locale], at('error-page', locale), 'data'), at('error-page', locale), normaliseErrorPage)),
    modals: perLocale((locale) => part(shallowOrNull(raw.modals[locale], at('modal', locale), 'data'), at('modal', locale), normaliseModals)),
    promoCodes: part(shallowOrNull(raw.promoCodes, at('promo-codes'), 'data'), at('promo-codes'), (value, ctx) => normalisePromoCodes(value, ctx, 'data')),
  };
  checkLinkTargets(content, at, memo?.linkTargets, setAside, clean);
  return { content, issues };
}

/**
 * What a long-running builder keeps between builds (an incremental build,
 * docs/architecture.md, "Incremental builds"): raw objects that are the same objects as
 * last time give the same normalised objects, so the build can tell by
 * identity which pages did not change. Same input → same output either way.
 */
export interface NormaliseMemo extends PageMemo {
  linked: LinkMemo;
  linkTargets: LinkTargetMemo;
  parts: WeakMap<object, unknown>;
}

export function createNormaliseMemo(): NormaliseMemo {
  return { unwrapped: new WeakMap(), drafts: new WeakMap(), linked: new WeakMap(), linkTargets: new WeakMap(), parts: new WeakMap(), shallow: new WeakSet() };
}

/** Builds a per-locale record in locale order, so issues come out in a fixed order. */
function perLocale<T>(read: (locale: Locale) => T): Record<Locale, T> {
  const en = read('en');
  const es = read('es');
  return { en, es };
}
