import type { Block, Locale, Page, SiteContent } from '../../shared/model.js';
import { LOCALES } from '../../shared/locales.js';
import { HOME_SLUG } from '../../shared/routes.js';
import type { Context, Issue } from './context.js';
import { report, within } from './context.js';
import { ISSUES } from './issues.js';
import { isRecord, joinPath, spellPath, type PathStep } from './values.js';

/** Findings of earlier builds per page, valid while the locale's slugs are the same (`createNormaliser`). */
export type LinkTargetMemo = WeakMap<Page, { signature: string; issues: Issue[] }>;

/** `blog/page/3` → `blog`; `page/2` (the home page's list) → `home`. */
const LIST_PAGE = /^(?:(.+)\/)?page\/[1-9]\d*$/;

/**
 * Internal links (blocks of pages, the layout and modals, the error page's
 * links) whose slug is no page of their locale lead to the 404 page: after a
 * page is unpublished, renamed or never translated. Each is a warning naming
 * where the link is, so the editor finds it; the site still builds.
 */
export function checkLinkTargets(
  content: SiteContent,
  at: (entity: Context['entity'], locale: Locale) => Context,
  memo?: LinkTargetMemo,
  setAside?: (page: Page) => readonly InternalLink[] | undefined,
): void {
  for (const locale of LOCALES) {
    const ofLocale = content.pages.filter((p) => p.locale === locale);
    const slugs = new Set(ofLocale.map((p) => p.slug));
    const signature = ofLocale.map((p) => p.slug).join('\n');
    const known = (slug: string) => {
      const bare = slug.replace(/[?#].*$/, '').replace(/^\/+|\/+$/g, '');
      const target = bare === '' ? HOME_SLUG : bare;
      const list = LIST_PAGE.exec(target);
      return slugs.has(list ? (list[1] ?? HOME_SLUG) : target);
    };
    const check = (ctx: Context, links: readonly InternalLink[]) => {
      for (const link of links) if (!known(link.slug)) report(within(ctx, { position: link.position, component: link.component }), link.field, ISSUES.unknownLinkTarget(link.slug));
    };
    const blocks = (ctx: Context, zone: string, list: Block[]) => check(ctx, internalLinks(zone, list));

    for (const page of ofLocale) {
      const ctx = within(at('page', locale), page.documentId ? { slug: page.slug, documentId: page.documentId } : { slug: page.slug });
      // An unchanged page of an unchanged set of slugs has the same findings as last time.
      const known = memo?.get(page);
      if (known?.signature === signature) {
        ctx.issues.push(...known.issues);
        continue;
      }
      const issues: Issue[] = [];
      // A page whose blocks were set aside by a normalise thread (spill.ts) comes with its links.
      check({ ...ctx, issues }, setAside?.(page) ?? internalLinks('blocks', page.blocks));
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

/** An internal link in a zone's blocks: its slug, and where it is (the block, and the field's path from the zone). */
export interface InternalLink {
  slug: string;
  position: number;
  component: string;
  field: string;
}

/** Every internal link (`{ kind: 'internal', slug }`) at any depth of a zone's blocks' props, in order. */
export function internalLinks(zone: string, list: readonly Block[]): InternalLink[] {
  const links: InternalLink[] = [];
  list.forEach((block, position) =>
    walk(block.props, { parent: { parent: null, key: zone }, key: position }, (slug, at) => links.push({ slug, position, component: block.component, field: spellPath(at) })),
  );
  return links;
}

function walk(value: unknown, at: PathStep, found: (slug: string, at: PathStep) => void): void {
  if (Array.isArray(value)) return value.forEach((item, i) => walk(item, { parent: at, key: i }, found));
  if (!isRecord(value)) return;
  if (value.kind === 'internal' && typeof value.slug === 'string') found(value.slug, at);
  for (const key of Object.keys(value)) {
    const item = value[key];
    if (item !== null && typeof item === 'object') walk(item, { parent: at, key }, found);
  }
}
