import { createHash } from 'node:crypto';
import type { Block, Locale, Page, SiteContent } from '../../shared/model.js';
import { LOCALES } from '../../shared/locales.js';
import { HOME_SLUG, isRoutableSlug, pagePath, parsePath } from '../../shared/routes.js';
import type { Context, Issue } from './context.js';
import { report, within } from './context.js';
import { ISSUES } from './issues.js';
import { declarationOf } from '../../shared/blocks/catalogue.js';
import { isRecord, joinPath, spellPath, type PathStep } from './values.js';

/** Findings of earlier builds per page, valid while the locale's slugs are the same (`createNormaliser`). */
export type LinkTargetMemo = WeakMap<Page, { signature: string; issues: Issue[] }>;

/** `blog/page/3` → `blog`; `page/2` (the home page's list) → `home`. */
const LIST_PAGE = /^(?:(.+)\/)?page\/[1-9]\d*$/;

/** The languages as the warnings name them. */
const LANGUAGE: Record<Locale, string> = { en: 'English', es: 'Spanish' };

/**
 * Internal links (blocks of pages, the layout and modals, the error page's
 * links) whose slug is no page of their locale lead to the 404 page: after a
 * page is unpublished, renamed or never translated. Each is a warning naming
 * where the link is, so the editor finds it; the site still builds. A link
 * inside rich text is a site path: one of the other language's site
 * (`/habitaciones` on a Spanish page) is a warning too, with the path of the
 * page's own language when it has that page.
 */
/** Where a link's finding is reported: made only for a link that has one (most have none). */
const linkContext = (ctx: Context, link: InternalLink): Context => within(ctx, { position: link.position, component: link.component });

export function checkLinkTargets(
  content: SiteContent,
  at: (entity: Context['entity'], locale: Locale) => Context,
  memo?: LinkTargetMemo,
  setAside?: (page: Page) => SetAsideLinks | undefined,
  clean?: CleanLinks,
): void {
  const slugsOf = Object.fromEntries(LOCALES.map((l) => [l, content.pages.filter((p) => p.locale === l).map((p) => p.slug)])) as Record<Locale, string[]>;
  const slugSets = Object.fromEntries(LOCALES.map((l) => [l, new Set(slugsOf[l])])) as Record<Locale, Set<string>>;
  const seen = Object.fromEntries(LOCALES.map((l) => [l, new Map<string, boolean>()])) as Record<Locale, Map<string, boolean>>;
  for (const locale of LOCALES) {
    const ofLocale = content.pages.filter((p) => p.locale === locale);
    const modalNames = new Set(content.modals[locale].map((m) => m.name));
    // Every locale's slugs: both sets make this locale's signature, as a rich-text path may name either.
    // Hashed: each page compares it with its memo's, and two equal strings of 10,000 slugs compare in full.
    const signature = createHash('sha1')
      .update([...LOCALES.map((l) => slugsOf[l].join('\n')), content.modals[locale].map((m) => m.name).join('\n')].join('\n\n'))
      .digest('base64');
    const known = (slug: string, of: Locale = locale) => {
      // Pages link to the same few targets over and over (the home page, list pages): each is looked up once.
      let found = seen[of].get(slug);
      if (found === undefined) {
        const bare = slug.replace(/[?#].*$/, '').replace(/^\/+|\/+$/g, '');
        const target = bare === '' ? HOME_SLUG : bare;
        const list = LIST_PAGE.exec(target);
        seen[of].set(slug, (found = slugSets[of].has(list ? (list[1] ?? HOME_SLUG) : target)));
      }
      return found;
    };
    /** `targets[i]` is what `where()[i]` leads to: where a link is is only made for a link reported, once a page. */
    const check = (ctx: Context, targets: readonly Found[], where: () => readonly InternalLink[]) => {
      let links: readonly InternalLink[] | undefined;
      const at = (i: number) => {
        const link = (links ??= where())[i]!;
        return [linkContext(ctx, link), link.field] as const;
      };
      targets.forEach((link, i) => {
        if (link.modal !== undefined) {
          if (!modalNames.has(link.modal)) report(...at(i), ISSUES.unknownModal(link.modal));
          return;
        }
        if (link.path === undefined) {
          if (!known(link.slug)) report(...at(i), ISSUES.unknownLinkTarget(link.slug));
          return;
        }
        const target = parsePath(link.path);
        if (target.locale === locale) {
          if (!known(target.slug)) report(...at(i), ISSUES.unknownLinkTarget(link.path));
        } else report(...at(i), ISSUES.otherLocaleLink(link.path, LANGUAGE[target.locale], known(target.slug) ? pagePath(locale, target.slug) : null));
      });
    };
    const blocks = (ctx: Context, zone: string, list: Block[]) => {
      const links = internalLinks(zone, list);
      check(ctx, links, () => links);
    };

    for (const page of ofLocale) {
      const ctx = within(at('page', locale), page.documentId ? { slug: page.slug, documentId: page.documentId } : { slug: page.slug });
      // An unchanged page of an unchanged set of slugs has the same findings as last time.
      const known = memo?.get(page);
      if (known?.signature === signature) {
        ctx.issues.push(...known.issues);
        continue;
      }
      const issues: Issue[] = [];
      // A page whose blocks were set aside by a normalise thread (spill.ts) comes with what its links lead to.
      const aside = setAside?.(page);
      // Blocks found clean by an earlier build, against the same slugs and modals: nothing to report again.
      if (aside && clean?.has(`${locale} ${signature}`, aside.hash)) continue;
      if (aside) check({ ...ctx, issues }, readLinkTargets(aside.targets), aside.where);
      else blocks({ ...ctx, issues }, 'blocks', page.blocks);
      if (aside && issues.length === 0) clean?.add(`${locale} ${signature}`, aside.hash);
      memo?.set(page, { signature, issues });
      ctx.issues.push(...issues);
    }
    const layout = content.layouts[locale];
    blocks(within(at('layout', locale), { slug: 'header' }), 'header', layout.header);
    blocks(within(at('layout', locale), { slug: 'footer' }), 'footer', layout.footer);
    for (const modal of content.modals[locale]) blocks(within(at('modal', locale), { slug: modal.name }), 'dynZone', modal.items);
    content.errors[locale].links.forEach((link, i) => {
      if (!known(link.slug)) report(at('error-page', locale), joinPath(joinPath('links', i), 'slug'), ISSUES.unknownLinkTarget(link.slug));
    });
  }
}

/**
 * An internal link in a zone's blocks: its slug (a link field's, relative to
 * the page's locale) or its site path (`path`: a rich-text link's href), and
 * where it is (the block, and the field's path from the zone).
 */
export interface InternalLink {
  slug: string;
  path?: string;
  /** The modal a link or field opens, by name: it must be a modal of the locale (`slug` is then empty). */
  modal?: string;
  position: number;
  component: string;
  field: string;
}

/**
 * Every internal link at any depth of a zone's blocks' props, in order: link
 * fields (`{ kind: 'internal', slug }`) and the site paths of links in rich
 * text (sanitised HTML: `href="/…"`, double-quoted, `&` as `&amp;`). Paths
 * of files (`/assets/…`, a dot in the name) are not pages and are left out.
 */
export function internalLinks(zone: string, list: readonly Block[]): InternalLink[] {
  const links: InternalLink[] = [];
  const kind = zone === 'dynZone' ? 'modal' : 'block';
  list.forEach((block, position) => {
    const place = { parent: { parent: null, key: zone }, key: position };
    const push = (found: Found, at: PathStep) => links.push({ ...found, position, component: block.component, field: spellPath(at) });
    walk(block.props, place, push);
    // A field declared as a modal name (the booking widget's groupsModal) opens that modal.
    const fields = declarationOf(block.component, kind)?.fields ?? {};
    for (const [name, field] of Object.entries(fields)) {
      const value = block.props[name];
      if (field.kind === 'modal' && typeof value === 'string' && value !== '') push({ slug: '', modal: value }, { parent: place, key: name });
    }
  });
  return links;
}

/** What a walk finds and the link check reads: a link field's slug, a rich-text link's site path, or a modal name (`slug` empty). */
type Found = Pick<InternalLink, 'slug' | 'path' | 'modal'>;

/**
 * The internal links of a page whose blocks a normalise thread set aside (src/node/build/spill.ts): what each leads
 * to, as one JSON text (`linkTargetsText`: one string crosses threads and caches, not an object a link), and where
 * each is, read from the blocks again only for a link the check reports.
 */
export interface SetAsideLinks {
  targets: string;
  where: () => readonly InternalLink[];
  /** The hash of the set-aside blocks' text: what their links lead to follows from it. */
  hash: string;
}

/**
 * Set-aside blocks (by `SetAsideLinks.hash`) whose links all lead somewhere, under a locale and its signature (every
 * locale's slugs and the locale's modal names): kept between builds (src/node/build/clean-links.ts), so a build in a
 * new process checks only the pages whose blocks or whose site changed.
 */
export interface CleanLinks {
  has(key: string, hash: string): boolean;
  add(key: string, hash: string): void;
}

/** What `links` lead to, in order, as one JSON text: `s<slug>`, `p<path>` or `m<modal>` each. */
export function linkTargetsText(links: readonly InternalLink[]): string {
  return JSON.stringify(links.map((link) => (link.modal !== undefined ? `m${link.modal}` : link.path !== undefined ? `p${link.path}` : `s${link.slug}`)));
}

function readLinkTargets(text: string): Found[] {
  return (JSON.parse(text) as string[]).map((entry) => {
    const value = entry.slice(1);
    return entry[0] === 'm' ? { slug: '', modal: value } : entry[0] === 'p' ? { slug: '', path: value } : { slug: value };
  });
}

/** `href="/…"` of an anchor in sanitised rich text. */
const RICH_TEXT_HREF = /<a\s[^>]*?href="(\/(?!\/)[^"]*)"/g;
/** `href="#modal=…"` of an anchor in sanitised rich text (richtext.ts removed the unreadable ones). */
const RICH_TEXT_MODAL = /<a\s[^>]*?href="#modal=([^"&]*)/g;

/** A `#modal=` name decoded, or null when it is not valid URL encoding (reported where rich text is read: InvalidModalLink). */
function decodedOrNull(name: string): string | null {
  try {
    return decodeURIComponent(name);
  } catch {
    return null;
  }
}

function walk(value: unknown, at: PathStep, found: (found: Found, at: PathStep) => void): void {
  if (typeof value === 'string') {
    if (!value.includes('<a')) return;
    for (const [, href] of value.matchAll(RICH_TEXT_HREF)) {
      const path = href!.replace(/&amp;/g, '&');
      const { slug } = parsePath(path);
      if (isRoutableSlug(slug) || slug === HOME_SLUG) found({ slug, path: path.replace(/[?#].*$/, '') || '/' }, at);
    }
    for (const [, name] of value.matchAll(RICH_TEXT_MODAL)) {
      const modal = decodedOrNull(name!);
      if (modal) found({ slug: '', modal }, at);
    }
    return;
  }
  if (Array.isArray(value)) return value.forEach((item, i) => walk(item, { parent: at, key: i }, found));
  if (!isRecord(value)) return;
  if (value.kind === 'internal' && typeof value.slug === 'string') found({ slug: value.slug }, at);
  if (value.kind === 'modal' && typeof value.modal === 'string' && value.modal !== '') found({ slug: '', modal: value.modal }, at);
  for (const key of Object.keys(value)) {
    const item = value[key];
    if (item !== null && typeof item === 'object') walk(item, { parent: at, key }, found);
    else if (typeof item === 'string') walk(item, { parent: at, key }, found);
  }
}
