import type { Block, Locale, SiteContent } from '../../shared/model.js';
import { LOCALES } from '../../shared/locales.js';
import { HOME_SLUG } from '../../shared/routes.js';
import type { Context } from './context.js';
import { report, within } from './context.js';
import { ISSUES } from './issues.js';
import { isRecord, joinPath } from './values.js';

/** `blog/page/3` → `blog`; `page/2` (the home page's list) → `home`. */
const LIST_PAGE = /^(?:(.+)\/)?page\/[1-9]\d*$/;

/**
 * Internal links (blocks of pages, the layout and modals, the error page's
 * links) whose slug is no page of their locale lead to the 404 page: after a
 * page is unpublished, renamed or never translated. Each is a warning naming
 * where the link is, so the editor finds it; the site still builds.
 */
export function checkLinkTargets(content: SiteContent, at: (entity: Context['entity'], locale: Locale) => Context): void {
  for (const locale of LOCALES) {
    const slugs = new Set(content.pages.filter((p) => p.locale === locale).map((p) => p.slug));
    const known = (slug: string) => {
      const bare = slug.replace(/[?#].*$/, '').replace(/^\/+|\/+$/g, '');
      const target = bare === '' ? HOME_SLUG : bare;
      const list = LIST_PAGE.exec(target);
      return slugs.has(list ? (list[1] ?? HOME_SLUG) : target);
    };
    const blocks = (ctx: Context, zone: string, list: Block[]) =>
      list.forEach((block, position) => walk(block.props, joinPath(zone, position), within(ctx, { position, component: block.component }), known));

    for (const page of content.pages.filter((p) => p.locale === locale)) blocks(within(at('page', locale), { slug: page.slug }), 'blocks', page.blocks);
    const layout = content.layouts[locale];
    blocks(within(at('layout', locale), { slug: 'header' }), 'header', layout.header);
    blocks(within(at('layout', locale), { slug: 'footer' }), 'footer', layout.footer);
    for (const modal of content.modals[locale]) blocks(within(at('modal', locale), { slug: modal.name }), 'dynZone', modal.items);
    content.errors[locale].links.forEach((link, i) => {
      if (!known(link.slug)) report(at('error-page', locale), joinPath(joinPath('links', i), 'slug'), ISSUES.unknownLinkTarget(link.slug));
    });
  }
}

/** Every internal link (`{ kind: 'internal', slug }`) at any depth of a block's props. */
function walk(value: unknown, path: string, ctx: Context, known: (slug: string) => boolean): void {
  if (Array.isArray(value)) return value.forEach((item, i) => walk(item, joinPath(path, i), ctx, known));
  if (!isRecord(value)) return;
  if (value.kind === 'internal' && typeof value.slug === 'string' && !known(value.slug)) report(ctx, path, ISSUES.unknownLinkTarget(value.slug));
  for (const [key, item] of Object.entries(value)) if (typeof item === 'object') walk(item, joinPath(path, key), ctx, known);
}
