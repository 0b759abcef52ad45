import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Block, Locale, Page } from '../../shared/model.js';
import { LOCALES } from '../../shared/locales.js';
import { HOME_SLUG, notFoundPath, pagePath, payloadFile } from '../../shared/routes.js';
import { fromWire } from '../../shared/wire.js';

/**
 * One page of every template of a built site, per locale, for measurements
 * that must cover every kind of page (`npm run bench:lighthouse -- --templates`).
 * Chosen from what the build wrote (the build's page list and each page's
 * payload), never from a hand-written list of URLs, so the same command
 * works on any site.
 */
const TEMPLATES = ['home', 'content page', 'room', 'blog list', 'blog post', 'contact', 'site map', '404'] as const;
type Template = (typeof TEMPLATES)[number];

export interface TemplatePage {
  template: Template;
  locale: Locale;
  path: string;
}

type PageSummary = Pick<Page, 'locale' | 'path' | 'kind'> & { blocks: Pick<Block, 'component' | 'props'>[] };

const has = (page: PageSummary, component: string, test: (props: Record<string, unknown>) => boolean = () => true) =>
  page.blocks.some((block) => block.component === `blocks.${component}` && test(block.props));
/** Blocks that make a page something other than a plain content page. */
const SPECIAL = ['blog-list', 'form', 'site-map', 'booking'];

/** What each template is; the first of the locale's pages that is one, with the fewest blocks, stands for it. */
const IS: Record<Exclude<Template, '404'>, (page: PageSummary) => boolean> = {
  home: (page) => page.path === pagePath(page.locale, HOME_SLUG),
  'content page': (page) => page.kind === 'page' && !page.blocks.some((b) => SPECIAL.some((s) => b.component === `blocks.${s}`)),
  room: (page) => page.kind === 'room',
  'blog list': (page) => has(page, 'blog-list', (props) => (props.kind ?? 'post') === 'post'),
  'blog post': (page) => page.kind === 'post',
  contact: (page) => has(page, 'form'),
  'site map': (page) => has(page, 'site-map'),
};

/** Picks the template pages from page summaries (pure: the built site's reader is `templatePages`). */
export function pickTemplatePages(pages: PageSummary[]): { found: TemplatePage[]; missing: string[] } {
  const found: TemplatePage[] = [];
  const missing: string[] = [];
  for (const locale of LOCALES) {
    const own = pages.filter((page) => page.locale === locale && !/\/page\/\d+$/.test(page.path));
    for (const template of TEMPLATES) {
      if (template === '404') {
        // Rules 27–28: the locale's error page, at the path it is rendered for (Lighthouse
        // refuses to audit a response with status 404, so not at an unknown URL).
        found.push({ template, locale, path: notFoundPath(locale) });
        continue;
      }
      const candidates = own.filter((page) => (template === 'home' ? IS.home(page) : !IS.home(page) && IS[template](page)));
      const pick = candidates.sort((a, b) => a.blocks.length - b.blocks.length || a.path.localeCompare(b.path))[0];
      if (pick) found.push({ template, locale, path: pick.path });
      else missing.push(`${template} (${locale})`);
    }
  }
  return { found, missing };
}

/** The template pages of the site in `dist` (built by `npm run build`). */
export function templatePages(dist: string): { found: TemplatePage[]; missing: string[] } {
  const latest = JSON.parse(readFileSync(path.join(dist, 'builds/latest.json'), 'utf8')) as { id: string };
  const meta = JSON.parse(readFileSync(path.join(dist, 'builds/meta', `${latest.id}.json`), 'utf8')) as { prerendered: string[] };
  const pages = meta.prerendered.map((sitePath) => {
    const payload = fromWire(JSON.parse(readFileSync(path.join(dist, payloadFile(sitePath)), 'utf8'))) as { page: PageSummary };
    return payload.page;
  });
  return pickTemplatePages(pages);
}
