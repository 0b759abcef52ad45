import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locale } from '../../../src/shared/model.js';
import { LOCALE_INFO, LOCALES, localeOfPath } from '../../../src/shared/locales.js';
import { modalsFile } from '../../../src/shared/routes.js';

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
