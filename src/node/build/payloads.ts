import type { Locale, SiteContent } from '../../shared/model.js';
import { errorHead, pageHead } from '../../shared/head.js';
import { LOCALES } from '../../shared/locales.js';
import type { Config } from '../config/env.js';
import type { BuiltPage } from './list-pages.js';
import { headContext } from './head-context.js';
import type { ShareRendition } from './share-image.js';
import { pageData, referencedModals } from './resolve-page-data.js';
import { EMPTY_PAGE_DATA } from '../../shared/page-data.js';
import { PAYLOAD_VERSION, type ErrorPayload, type PagePayload } from '../../shared/payload.js';

export interface PayloadContext {
  /** Rules 13 and 18: the code and public configuration the payload was made for (see `releaseId`). */
  release: string;
  siteUrl: string;
  /** Rule 30: the country each locale renders for at build time. */
  countries: Record<Locale, string>;
  /** Rule 13/29: the UTC day the build renders dated content for. */
  day: string;
  /** Share-card renditions made by the media phase (share-image.ts), by the site url of their source; empty in a draft preview. */
  shares: ReadonlyMap<string, ShareRendition>;
  /** A Netlify deploy preview or branch deploy (`Config.deploy`): every page's head says `noindex`. */
  noindex?: boolean;
}

/** The robots value of every page of a deploy preview (`PayloadContext.noindex`), as a page marked noIndex says it. */
const PREVIEW_ROBOTS = 'noindex';

/** Rule 13: the UTC day (YYYY-MM-DD) a build made at `now` renders dated content for; also part of its inputs' key (inputs.ts). */
export const buildDay = (now: Date): string => now.toISOString().slice(0, 10);

/** The context of every payload of a build (or a preview) rendered for `now`'s UTC day (rule 13). */
export function payloadContext(
  config: Pick<Config, 'siteUrl' | 'defaultCountry'> & Partial<Pick<Config, 'deploy'>>,
  release: string,
  now: Date,
  shares: ReadonlyMap<string, ShareRendition> = new Map(),
): PayloadContext {
  return { release, siteUrl: config.siteUrl, countries: { ...config.defaultCountry }, day: buildDay(now), shares, noindex: config.deploy === 'preview' };
}

/** Rule 18: what a page (a list page too) needs to render without the CMS. */
export function pagePayload(content: SiteContent, built: BuiltPage, ctx: PayloadContext): PagePayload {
  const { page, source, n } = built;
  const head = pageHead(page, ctx.siteUrl, '', headContext(content, built, ctx.siteUrl, ctx.shares));
  return {
    v: PAYLOAD_VERSION,
    kind: 'page',
    release: ctx.release,
    locale: page.locale,
    path: page.path,
    page,
    layout: content.layouts[page.locale],
    head: ctx.noindex ? { ...head, robots: PREVIEW_ROBOTS } : head,
    country: ctx.countries[page.locale],
    day: ctx.day,
    data: pageData(content, source, n),
  };
}

/** Rule 28: the 404 page of each locale, from its error content. */
export function notFoundPayloads(content: SiteContent, ctx: PayloadContext): ErrorPayload[] {
  return LOCALES.map((locale) => {
    const error = content.errors[locale];
    return {
      v: PAYLOAD_VERSION,
      kind: 'error',
      release: ctx.release,
      locale,
      status: 404,
      message: '',
      error,
      layout: content.layouts[locale],
      head: errorHead(locale, error.text404 || '404', error.description404),
      country: ctx.countries[locale],
      day: ctx.day,
      data: { ...EMPTY_PAGE_DATA, modals: referencedModals([...content.layouts[locale].header, ...content.layouts[locale].footer], content.modals[locale]) },
    };
  });
}
