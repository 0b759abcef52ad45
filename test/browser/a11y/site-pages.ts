import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Block, Locale, Page } from '../../../src/shared/model.js';
import { LOCALE_INFO, LOCALES, localeOfPath } from '../../../src/shared/locales.js';
import { HOME_SLUG, modalsFile, pagePath, payloadFile } from '../../../src/shared/routes.js';
import { fromWire } from '../../../src/shared/wire.js';

export interface SitePage {
  locale: Locale;
  path: string;
  /** The status the CDN answers with: 404 for the error page of a locale (rule 28). */
  status: 200 | 404;
}

/**
 * Every page the build published (its `builds/meta/<buildId>.json` `prerendered` list, rule 13),
 * plus each locale's 404 page, reached as a visitor does: a path no page has.
 */
export async function sitePages(dist: string): Promise<SitePage[]> {
  const latest = JSON.parse(await readFile(path.join(dist, 'builds/latest.json'), 'utf8')) as { id: string };
  const meta = JSON.parse(await readFile(path.join(dist, 'builds/meta', `${latest.id}.json`), 'utf8')) as { prerendered: string[] };
  const pages: SitePage[] = meta.prerendered.map((p) => ({ locale: localeOfPath(p), path: p, status: 200 }));
  for (const locale of LOCALES) pages.push({ locale, path: `${LOCALE_INFO[locale].prefix}/no-such-page-a11y`, status: 404 });
  return pages;
}

/** The name of every modal of a locale, from the build's `_modals.json` (what a `#modal=<name>` link opens). */
export async function modalNames(dist: string, locale: Locale): Promise<string[]> {
  const modals = JSON.parse(await readFile(path.join(dist, modalsFile(locale)), 'utf8')) as { name: string }[];
  return modals.map((modal) => modal.name);
}

/**
 * Of `pages`, as few as show, in each locale, every kind of page with every block that kind
 * carries (a block on a room and on a post counts twice: the two templates lay it out apart),
 * plus each locale's home page and 404 page: each template and block layout once, for a sweep
 * where what differs is the width, not the content (every page is checked at the other width).
 * Chosen greedily, the page that adds the most first, in the order of `pages` on a tie.
 */
export async function templatePages(dist: string, pages: SitePage[]): Promise<SitePage[]> {
  const shows = new Map<SitePage, Set<string>>();
  for (const target of pages) {
    if (target.status !== 200) continue;
    const payload = fromWire(JSON.parse(await readFile(path.join(dist, payloadFile(target.path)), 'utf8'))) as { page: Page };
    const blocks = (payload.page.blocks ?? []) as Block[];
    shows.set(target, new Set([payload.page.kind, ...blocks.map((block) => `${payload.page.kind} ${block.component}`)]));
  }
  const chosen = pages.filter((target) => target.status !== 200 || target.path === pagePath(target.locale, HOME_SLUG));
  const seen = new Set(chosen.flatMap((target) => [...(shows.get(target) ?? [])].map((what) => `${target.locale} ${what}`)));
  const adds = (target: SitePage) => [...(shows.get(target) ?? [])].filter((what) => !seen.has(`${target.locale} ${what}`)).length;
  for (;;) {
    const best = pages.filter((target) => !chosen.includes(target)).reduce<SitePage | null>((most, target) => (adds(target) > (most ? adds(most) : 0) ? target : most), null);
    if (!best) return chosen;
    chosen.push(best);
    for (const what of shows.get(best)!) seen.add(`${best.locale} ${what}`);
  }
}
