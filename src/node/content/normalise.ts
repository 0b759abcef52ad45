import type { ContentIssue, Locale, SiteContent } from '../../shared/model.js';
import { checkLinkTargets } from './link-targets.js';
import { LOCALES } from '../../shared/locales.js';
import type { RawSite } from '../cms/raw.js';
import type { Context, Entity, Issue } from './context.js';
import { normaliseErrorPage } from './error-page.js';
import { normaliseLayout } from './layout.js';
import { normaliseModals } from './modals.js';
import { normalisePages } from './pages.js';
import { normalisePromoCodes } from './promo-codes.js';
import { linkTranslations } from './translations.js';
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
export function normaliseSite(raw: RawSite, options: NormaliseOptions): NormaliseResult {
  const issues: Issue[] = [];
  const fromCms = raw.source === 'cms';
  const at = (entity: Entity, locale?: Locale): Context =>
    locale ? { strict: options.strict, fromCms, issues, entity, locale } : { strict: options.strict, fromCms, issues, entity };

  const drafts = LOCALES.flatMap((locale) => normalisePages(unwrap(raw.pages[locale]), at('page', locale), raw.cmsLocales));
  const content: SiteContent = {
    pages: linkTranslations(drafts, at('page')),
    layouts: perLocale((locale) => normaliseLayout(unwrap(raw.layout[locale]), at('layout', locale))),
    errors: perLocale((locale) => normaliseErrorPage(unwrap(raw.errorPage[locale]), at('error-page', locale))),
    modals: perLocale((locale) => normaliseModals(unwrap(raw.modals[locale]), at('modal', locale))),
    promoCodes: normalisePromoCodes(unwrap(raw.promoCodes), at('promo-codes'), 'data'),
  };
  checkLinkTargets(content, at);
  return { content, issues };
}

/** Builds a per-locale record in locale order, so issues come out in a fixed order. */
function perLocale<T>(read: (locale: Locale) => T): Record<Locale, T> {
  const en = read('en');
  const es = read('es');
  return { en, es };
}
