import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ContentIssue, Locale, Modal, Page, SiteContent } from '../../shared/model.js';
import type { PagePayload } from '../../shared/payload.js';
import { htmlFile, modalsFile, pagePath, payloadFile } from '../../shared/routes.js';
import { fromWire } from '../../shared/wire.js';
import type { Issue } from '../content/context.js';
import { ISSUES, type IssueBody } from '../content/issues.js';
import { checkLinkTargets } from '../content/link-targets.js';
import { carryRaised } from '../content/raised-with.js';
import { mediaUrlsInContent } from './media-walks.js';
import type { ProjectPaths } from './paths.js';
import { readHistory } from './publish.js';
import { readSavedIndex } from './page-index.js';

/**
 * Rule 13 and content contract, "Validation": one editor's mistake never
 * freezes the site. A page (or modal) with content errors is held back: it
 * keeps the files and the content of the build that is live now, other
 * pages treat it as it is live (links, lists, sitemap, hreflang), and every
 * other page publishes. A page that was never published stays out. Errors in
 * what every page carries (the layout, the error page, the lists of pages or
 * modals as a whole, media files) still stop the build.
 */

/** What a build held back, and why: for the build's report, the CLI and the admin. */
export interface HeldBack {
  entity: 'page' | 'modal' | 'promo-codes';
  locale?: Locale;
  /** The page's slug in the content that has the errors, the modal's name or the promo code. */
  slug?: string;
  documentId?: string;
  /** The page's title as it is live, when it is. */
  title?: string;
  /** Where its last published version stays live (a page's path, a modal's name), or null: never published, left out. */
  kept: string | null;
  /** Its errors. */
  issues: ContentIssue[];
}

/** One entity with errors, named as the issues name it. */
interface Held {
  entity: HeldBack['entity'];
  locale?: Locale;
  slug?: string;
  documentId?: string;
  issues: ContentIssue[];
}

/** The errors of a build split into those that stop it and the entities they hold back. */
export interface Triage {
  fatal: ContentIssue[];
  held: Held[];
}

const identity = (issue: ContentIssue): string | null => {
  if (issue.entity === 'page' && issue.locale && (issue.documentId || issue.slug !== undefined))
    return `page\0${issue.locale}\0${issue.documentId ? `d:${issue.documentId}` : `s:${issue.slug}`}`;
  // An entry of the list of pages that is no page at all (null, a number): left out, nothing of it was ever live.
  const entry = issue.entity === 'page' && issue.locale ? /^data\[\d+\]/.exec(issue.field ?? '') : null;
  if (entry) return `page\0${issue.locale}\0e:${entry[0]}`;
  if (issue.entity === 'modal' && issue.locale && issue.slug) return `modal\0${issue.locale}\0${issue.slug}`;
  if (issue.entity === 'promo-codes') return `promo-codes\0${issue.slug ?? ''}`;
  return null;
};

/** Which errors hold one page, modal or promo code back, and which stop the build (an entity no issue names). */
export function triage(issues: readonly ContentIssue[]): Triage {
  const fatal: ContentIssue[] = [];
  const held = new Map<string, Held>();
  for (const issue of issues) {
    if (issue.severity !== 'error') continue;
    const key = identity(issue);
    if (key === null) {
      fatal.push(issue);
      continue;
    }
    let entry = held.get(key);
    if (!entry) {
      entry = { entity: issue.entity as Held['entity'], issues: [] };
      if (issue.locale) entry.locale = issue.locale as Locale;
      if (issue.slug !== undefined) entry.slug = issue.slug;
      if (issue.documentId) entry.documentId = issue.documentId;
      held.set(key, entry);
    }
    entry.issues.push(issue);
  }
  return { fatal, held: [...held.values()] };
}

/** A media file the build cannot publish, and its issue (`users`: the pages named in it, for a refused file). */
export interface MediaProblem {
  url: string;
  body: (users?: string) => IssueBody;
  /** The field of a page the file is in, when the problem knows it (a share image's `seo.metaImage`). */
  field?: (page: Page) => string | undefined;
}

/**
 * The pages that media problems hold back: each page using a file that
 * cannot be published (missing, undecodable, refused) is held back with the
 * file's issue. Null when a file is used by what every page carries (the
 * layout, the error page, a modal): then the build stops, as before.
 * `whole` gives a page with all its blocks (a large site's, set aside: spill.ts).
 */
export function heldForMedia(content: SiteContent, problems: readonly MediaProblem[], whole: (page: Page) => unknown = (page) => page): Held[] | null {
  const shared = new Set(mediaUrlsInContent({ layouts: content.layouts, errors: content.errors, modals: content.modals }));
  const held = new Map<Page, Held>();
  const urlsOf = new Map<Page, readonly string[]>();
  for (const problem of problems) {
    if (shared.has(problem.url)) return null;
    const users = content.pages.filter((page) => {
      if (!urlsOf.has(page)) urlsOf.set(page, mediaUrlsInContent(whole(page)));
      return urlsOf.get(page)!.includes(problem.url);
    });
    if (users.length === 0) return null;
    for (const page of users) {
      const body = problem.body(`${page.locale} ${page.path}`);
      const issue: ContentIssue = { severity: 'error', code: body.code, message: body.message, entity: 'page', locale: page.locale, slug: page.slug, hint: body.hint };
      if (page.documentId) issue.documentId = page.documentId;
      const field = problem.field?.(page);
      if (field) issue.field = field;
      carryRaised(body, issue);
      let entry = held.get(page);
      if (!entry) {
        entry = { entity: 'page', locale: page.locale, slug: page.slug, ...(page.documentId && { documentId: page.documentId }), issues: [] };
        held.set(page, entry);
      }
      entry.issues.push(issue);
    }
  }
  return [...held.values()];
}

/** Whether a page of the content is the one `held` names. */
const isHeldPage = (held: Held, page: Page) =>
  held.entity === 'page' && page.locale === held.locale && (held.documentId ? page.documentId === held.documentId : page.slug === held.slug);

/**
 * The content without what is held back: read by the media phase and by
 * nothing else, so a page's broken version never costs a media download.
 */
export function withoutHeld(content: SiteContent, held: readonly Held[]): SiteContent {
  if (held.length === 0) return content;
  const modals = { ...content.modals };
  for (const locale of Object.keys(modals) as Locale[]) {
    modals[locale] = modals[locale].filter((m) => !held.some((h) => h.entity === 'modal' && h.locale === locale && h.slug === m.name));
  }
  return { ...content, pages: content.pages.filter((page) => !held.some((h) => isHeldPage(h, page))), modals };
}

/** The build that is live now (the newest kept one): where a held-back page keeps its files and content. */
export class LiveBuild {
  private constructor(
    readonly buildId: string,
    readonly dir: string,
    private readonly keys: ReadonlyMap<string, string>,
    private readonly documents: ReadonlyMap<string, string>,
  ) {}

  static async open(paths: ProjectPaths): Promise<LiveBuild | null> {
    const newest = (await readHistory(paths))[0];
    if (!newest) return null;
    const saved = await readSavedIndex(paths, newest.id);
    if (!saved) return null;
    return new LiveBuild(newest.id, path.join(paths.builds, newest.id), new Map(saved.pages), new Map(saved.documents ?? []));
  }

  /** The live HTML file of a page: by its documentId, else (content without one) by the path of its slug. */
  fileOf(locale: Locale, documentId: string | undefined, slug: string | undefined): string | null {
    if (documentId) return this.documents.get(documentKey(locale, documentId)) ?? null;
    if (slug === undefined) return null;
    const file = htmlFile(pagePath(locale, slug));
    return this.keys.has(file) ? file : null;
  }

  /** The key a live page was recorded under (page-index.ts), so an unchanged held page is unchanged for the build id too. */
  keyOf(file: string): string | undefined {
    return this.keys.get(file);
  }

  /** The live page at `path`, as its payload holds it (media urls already those of the site). */
  async page(pathname: string): Promise<Page | null> {
    const file = path.join(this.dir, payloadFile(pathname));
    if (!existsSync(file) || !existsSync(path.join(this.dir, htmlFile(pathname)))) return null;
    const payload = fromWire(JSON.parse(await readFile(file, 'utf8'))) as PagePayload;
    return payload.kind === 'page' && payload.path === pathname ? payload.page : null;
  }

  async modal(locale: Locale, name: string): Promise<Modal | null> {
    const file = path.join(this.dir, modalsFile(locale));
    if (!existsSync(file)) return null;
    const modals = fromWire(JSON.parse(await readFile(file, 'utf8'))) as Modal[];
    return modals.find((m) => m.name === name) ?? null;
  }
}

/** How the page index names a page's document (page-index.ts `record`). */
export const documentKey = (locale: Locale, documentId: string) => `${locale}\0${documentId}`;

/** The content with what is held back put back as it is live, and what that kept. */
export interface Restored {
  content: SiteContent;
  /** Held pages kept at their live version, by object: rendered from the live build's files, never again. */
  pages: ReadonlyMap<Page, { file: string; key: string | undefined }>;
  heldBack: HeldBack[];
}

/**
 * Puts the live version of each held page and modal back into the content
 * (after the media phase: its media urls are the site's already, and its
 * files come with the live build's assets, which every build carries:
 * publish.ts `carryOverAssets`). A page that takes back a path another page
 * now claims keeps it (it is live there); the other is held back in turn.
 * Translations of a held page point at where it is live, or lose it.
 */
export async function restoreLive(content: SiteContent, held: readonly Held[], live: LiveBuild | null): Promise<Restored> {
  const heldBack: HeldBack[] = [];
  const kept = new Map<Page, { file: string; key: string | undefined }>();
  const pages = [...content.pages];
  const modals = { ...content.modals };
  for (const entry of held) {
    const record: HeldBack = { ...entry, kept: null };
    heldBack.push(record);
    if (entry.entity === 'page' && entry.locale) {
      const file = live?.fileOf(entry.locale, entry.documentId, entry.slug);
      const page = file ? await live!.page(pathOf(file)) : null;
      if (!page) continue;
      record.kept = page.path;
      record.title = page.title;
      // Another page now at its path: the live page keeps it (content contract, "Validation").
      for (const other of pages.filter((p) => p.path === page.path)) {
        pages.splice(pages.indexOf(other), 1);
        const body = ISSUES.duplicatePath(page.path, `${JSON.stringify(page.title)}, ${page.path}`);
        const issue: ContentIssue = {
          ...body,
          entity: 'page',
          locale: other.locale,
          slug: other.slug,
          field: 'slug',
        };
        if (other.documentId) issue.documentId = other.documentId;
        carryRaised(body, issue);
        heldBack.push({ entity: 'page', locale: other.locale, slug: other.slug, ...(other.documentId && { documentId: other.documentId }), kept: null, issues: [issue] });
      }
      pages.push(page);
      kept.set(page, { file: file!, key: live!.keyOf(file!) });
    } else if (entry.entity === 'modal' && entry.locale && entry.slug) {
      const modal = await live?.modal(entry.locale, entry.slug);
      if (!modal) continue;
      record.kept = modal.name;
      modals[entry.locale] = [...modals[entry.locale], modal];
    }
  }
  return { content: { ...content, pages: linkToLive(pages, heldBack, kept), modals }, pages: kept, heldBack };
}

/**
 * Links that the held-back pages left dead. The build checked its links on
 * the content as the editors published it, where a held page had its new
 * slug (or existed at all, if it was never published). Once the live
 * versions are back, a link to that new slug leads to the 404 page. These
 * are the warnings of a check run again on what goes live, where a page of
 * the edited content had no such warning. The check runs again only when a
 * held page's slug is no longer in the site.
 */
export function linksLeftDead(content: SiteContent, heldBack: readonly HeldBack[], earlier: readonly ContentIssue[]): ContentIssue[] {
  const present = new Set(content.pages.map((page) => `${page.locale}\0${page.slug}`));
  const lost = heldBack.some((h) => h.entity === 'page' && h.locale && h.slug !== undefined && !present.has(`${h.locale}\0${h.slug}`));
  if (!lost) return [];
  const issues: Issue[] = [];
  checkLinkTargets(content, (entity, locale) => ({ strict: false, issues, entity, locale }));
  const key = (issue: ContentIssue) => JSON.stringify([issue.code, issue.entity, issue.locale, issue.documentId ?? issue.slug, issue.position, issue.field, issue.message]);
  const known = new Set(earlier.map(key));
  // A held page's own links are those of its live version: they were checked when it went live.
  const held = new Set(heldBack.filter((h) => h.entity === 'page').map((h) => `${h.locale}\0${h.documentId ?? h.slug}`));
  return issues.filter((issue) => issue.code === 'UnknownLinkTarget' && !known.has(key(issue)) && !held.has(`${issue.locale}\0${issue.documentId ?? issue.slug}`));
}

/** The site path of a live HTML file (`index.html` → `/`, `es.html` → `/es`). */
function pathOf(file: string): string {
  return file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '')}`;
}

/** Translations of held pages point where those are live now (rule 12), or not at all when they stayed out. */
function linkToLive(pages: Page[], heldBack: readonly HeldBack[], kept: ReadonlyMap<Page, unknown>): Page[] {
  return pages.map((page) => {
    // A page kept as it is live keeps its content as it is live, hreflang included.
    if (kept.has(page)) return page;
    let alternates: Page['alternates'] | null = null;
    for (const held of heldBack) {
      if (held.entity !== 'page' || !held.locale || !held.documentId || held.documentId !== page.documentId || held.locale === page.locale) continue;
      alternates ??= { ...page.alternates };
      if (held.kept) alternates[held.locale] = held.kept;
      else delete alternates[held.locale];
    }
    return alternates ? { ...page, alternates } : page;
  });
}
