import { LOCALES } from '../../shared/locales.js';
import type { Locale } from '../../shared/model.js';
import { rawSite } from '../cms/raw-site.js';
import type { Issue } from '../content/context.js';
import type { Language } from '../content/field-words.js';
import { raisedArgs } from '../content/raised-with.js';
import { normaliseSite } from '../content/normalise.js';
import { isRecord } from '../content/values.js';
import { minus, whereIs, type GateOptions, type PublishedSite } from './check.js';
import { wordNotice, type Notice } from './notice.js';

/** A page going out of the site: unpublished or deleted in one CMS locale. */
export interface Leaving {
  readonly documentId: string;
  readonly locale: string;
}

/** A published entry whose links lead to the page going out: named as editors know it (title, CMS locale), and each such link as the build will report it. */
export interface LinkingEntry {
  readonly name: string;
  readonly notices: Notice[];
}

/**
 * Unpublishing or deleting a page: the published entries (pages, the
 * layout, modals, the error page) with links that lead to it, found by the
 * build's own checks (src/node/content/link-targets.ts: link fields,
 * buttons, menus, and whatever else it treats as an internal link) run on
 * the site as it is and as it will be without the page. What the removal
 * adds is a link to it, now leading to the 404 page. Never a refusal: the
 * page may be going on purpose (docs/architecture.md, "The CMS").
 */
export function checkUnpublish(leaving: Leaving, published: PublishedSite, options: GateOptions): LinkingEntry[] {
  const locale = LOCALES.find((l) => options.cmsLocales[l] === leaving.locale);
  if (locale === undefined) return [];
  const data = (without: boolean) => (name: Parameters<Parameters<typeof rawSite>[2]>[0], cmsLocale?: string) => {
    const entries = published[name]?.[cmsLocale ?? ''];
    if (!without || name !== 'pages' || cmsLocale !== leaving.locale || !Array.isArray(entries)) return entries;
    return entries.filter((entry) => !(isRecord(entry) && entry.documentId === leaving.documentId));
  };
  const normalise = (without: boolean) => normaliseSite(rawSite('cms', options.cmsLocales, data(without)), { strict: options.strict ?? false });
  const now = normalise(false);
  if (!now.content.pages.some((page) => page.locale === locale && page.documentId === leaving.documentId)) return [];
  const after = normalise(true);
  const byEntry = new Map<string, LinkingEntry>();
  for (const issue of minus(after.issues, now.issues)) {
    const name = entryName(issue, after.content, options.cmsLocales, options.language);
    const notice = wordNotice(issue, raisedArgs(issue), {
      language: options.language,
      candidate: {},
      prefix: null,
      elsewhere: whereIs(issue, after.content, options.language),
    });
    const entry = byEntry.get(name) ?? { name, notices: [] };
    entry.notices.push(notice);
    byEntry.set(name, entry);
  }
  return [...byEntry.values()];
}

/** `Home (en)`, `Layout (es-MX)`, `Modal "deluxe" (en)`: an entry as the admin lists it, with its CMS locale. */
function entryName(issue: Issue, content: ReturnType<typeof normaliseSite>['content'], cmsLocales: Readonly<Record<Locale, string>>, language: Language): string {
  const locale = issue.locale ? ` (${cmsLocales[issue.locale as Locale] ?? issue.locale})` : '';
  if (issue.entity === 'page') return `${content.pages.find((p) => p.locale === issue.locale && p.slug === issue.slug)?.title ?? issue.slug ?? ''}${locale}`;
  if (issue.entity === 'modal') return `Modal "${issue.slug ?? ''}"${locale}`;
  if (issue.entity === 'error-page') return `${language === 'es' ? 'Página de error' : 'Error page'}${locale}`;
  return `Layout${locale}`;
}
