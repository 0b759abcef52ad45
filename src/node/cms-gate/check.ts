import { LOCALES } from '../../shared/locales.js';
import type { Locale, SiteContent } from '../../shared/model.js';
import { rawSite } from '../cms/raw-site.js';
import { ENDPOINTS, type EndpointName } from '../cms/raw.js';
import type { Issue } from '../content/context.js';
import { raisedArgs } from '../content/raised-with.js';
import { normaliseSite } from '../content/normalise.js';
import { isRecord, nonEmptyString } from '../content/values.js';
import { wordNotice, type Notice } from './notice.js';
import type { Language } from '../content/field-words.js';

/**
 * The site's published documents as Strapi's document service returns them
 * with the crawl's populate (src/node/cms/populate.ts): by endpoint, then by
 * CMS locale (`''` for the promo codes, which have no locale); a collection
 * is its list of entries, a single type its entry or null.
 */
export type PublishedSite = Partial<Record<EndpointName, Readonly<Record<string, unknown>>>>;

/** The document being published: its endpoint, its CMS locale (`''` without i18n) and its data, populated like the others. */
export interface Candidate {
  readonly endpoint: EndpointName;
  readonly locale: string;
  readonly document: Readonly<Record<string, unknown>>;
}

export interface GateOptions {
  /** The editor's language: messages, hints and field names are written in it. */
  readonly language: Language;
  /** Site locale → CMS locale (`CMS_LOCALES`, src/node/config/env.ts). */
  readonly cmsLocales: Readonly<Record<Locale, string>>;
  /** A strict build's rules (`BUILD_STRICT=1`): unknown blocks are errors. Default false, as in the build. */
  readonly strict?: boolean;
}

/** What a publish would bring: errors refuse it, warnings are shown after it. */
export interface GateResult {
  readonly errors: Notice[];
  readonly warnings: Notice[];
}

const NONE: GateResult = { errors: [], warnings: [] };

/**
 * The build's content checks (content contract, "Validation"; docs/content-errors.md)
 * run on the site as it would be once `candidate` is published: the
 * block declarations, the catalogue and the checks across documents
 * (duplicate and reserved slugs, links to pages missing in the locale,
 * modal names, promo codes), by the build's own normalisation. What it
 * returns concerns the candidate: its own issues, less those another
 * document at the same place already had (a page with the same slug), and
 * what it newly causes in other documents when it goes through (a slug
 * renamed under links), never a problem the site already had. The
 * candidate is read last, as the next build reads it: Strapi gives a
 * document it publishes a new row id and the crawl reads by id
 * (src/node/cms/client.ts), so of two pages with one path the build reports
 * the one just published, as the gate does.
 */
export function checkPublish(candidate: Candidate, published: PublishedSite, options: GateOptions): GateResult {
  const endpoint = ENDPOINTS[candidate.endpoint];
  const siteLocale = endpoint.localized ? LOCALES.find((locale) => options.cmsLocales[locale] === candidate.locale) : undefined;
  // A CMS locale the site does not build: nothing of it is published, so nothing can break.
  if (endpoint.localized && siteLocale === undefined) return NONE;
  const documentId = nonEmptyString(candidate.document.documentId);
  const others = (cmsLocale: string): unknown => {
    const data = published[candidate.endpoint]?.[cmsLocale];
    if (cmsLocale !== candidate.locale) return data;
    if (!endpoint.collection) return null;
    return Array.isArray(data) ? data.filter((entry) => !(isRecord(entry) && documentId !== null && entry.documentId === documentId)) : data;
  };
  const next = (cmsLocale: string): unknown => {
    if (cmsLocale !== candidate.locale) return published[candidate.endpoint]?.[cmsLocale];
    if (!endpoint.collection) return candidate.document;
    const rest = others(cmsLocale);
    return [...(Array.isArray(rest) ? rest : []), candidate.document];
  };
  const site = (own: (cmsLocale: string) => unknown) =>
    rawSite('cms', options.cmsLocales, (name, cmsLocale) => (name === candidate.endpoint ? own(cmsLocale ?? '') : published[name]?.[cmsLocale ?? '']));
  const normalise = (own: (cmsLocale: string) => unknown) => normaliseSite(site(own), { strict: options.strict ?? false });

  const current = normalise((cmsLocale) => published[candidate.endpoint]?.[cmsLocale]);
  const without = normalise(others);
  const after = normalise(next);

  const rest = next(candidate.locale);
  const index = endpoint.collection && Array.isArray(rest) ? rest.length - 1 : -1;
  const here = place(candidate, siteLocale, index);
  const own = minus(after.issues.filter(here), without.issues.filter(here));
  // A refused publish changes nothing elsewhere (and a build holds such a page back as it is live: rule 13), so only a publish that goes through can break other documents' links.
  const refused = own.some((issue) => issue.severity === 'error');
  const caused = refused ? [] : minus(after.issues, current.issues).filter((issue) => !here(issue));

  const word = (issue: Issue, elsewhere: boolean) =>
    wordNotice(issue, raisedArgs(issue), {
      language: options.language,
      candidate: candidate.document,
      prefix: index >= 0 ? `data[${index}]` : null,
      elsewhere: elsewhere ? whereIs(issue, after.content, options.language) : null,
    });
  const notices = [...own.map((issue) => word(issue, false)), ...caused.map((issue) => word(issue, true))];
  return { errors: notices.filter((n) => n.severity === 'error'), warnings: notices.filter((n) => n.severity === 'warning') };
}

/** Whether an issue is about the candidate: its entity and locale, and its slug (page, modal name) or its entry in the list. */
function place(candidate: Candidate, locale: Locale | undefined, index: number): (issue: Issue) => boolean {
  const entity = { pages: 'page', layout: 'layout', 'error-page': 'error-page', modals: 'modal', 'promo-codes': 'promo-codes' }[candidate.endpoint];
  const name = candidate.endpoint === 'pages' ? candidate.document.slug : candidate.endpoint === 'modals' ? nonEmptyString(candidate.document.modalName) : undefined;
  const entry = `data[${index}]`;
  return (issue) => {
    if (issue.entity !== entity || issue.locale !== locale) return false;
    if (index < 0) return true;
    if (issue.field === entry || issue.field?.startsWith(`${entry}.`) || issue.field?.startsWith(`${entry}[`)) return true;
    return candidate.endpoint !== 'promo-codes' && typeof name === 'string' && issue.slug === name;
  };
}

/** `a` less `b`, each issue counted: two pages with one slug and one same warning leave one. */
export function minus(a: readonly Issue[], b: readonly Issue[]): Issue[] {
  const counts = new Map<string, number>();
  for (const issue of b) counts.set(JSON.stringify(issue), (counts.get(JSON.stringify(issue)) ?? 0) + 1);
  return a.filter((issue) => {
    const key = JSON.stringify(issue);
    const left = counts.get(key) ?? 0;
    if (left === 0) return true;
    counts.set(key, left - 1);
    return false;
  });
}

/** Another document, named for an editor: `Page "Rooms" (/rooms)`, `Layout (es)`, `Modal "deluxe"`. */
export function whereIs(issue: Issue, content: SiteContent, language: Language): string {
  const es = language === 'es';
  const locale = issue.locale ? ` (${issue.locale})` : '';
  switch (issue.entity) {
    case 'page': {
      const page = content.pages.find((p) => p.locale === issue.locale && p.slug === issue.slug);
      return page ? `${es ? 'Página' : 'Page'} "${page.title}" (${page.path})` : `${es ? 'Página' : 'Page'} ${issue.slug ?? ''}${locale}`;
    }
    case 'layout':
      return `Layout${locale}`;
    case 'error-page':
      return `${es ? 'Página de error' : 'Error page'}${locale}`;
    case 'modal':
      return `Modal "${issue.slug ?? ''}"${locale}`;
    default:
      return es ? 'Códigos promocionales' : 'Promo codes';
  }
}
