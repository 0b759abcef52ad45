import { escapeHtml } from '../../shared/head.js';
import { LOCALES } from '../../shared/locales.js';
import { HOME_SLUG, pagePath } from '../../shared/routes.js';
import type { ContentIssue, Locale } from '../../shared/model.js';
import type { BuildMemo } from '../build/build-memo.js';
import { builtPages } from '../build/list-pages.js';
import { rewriteMediaUrls } from '../build/media.js';
import { mediaUrlsInContent } from '../build/media-walks.js';
import { notFoundPayloads, pagePayload, payloadContext } from '../build/payloads.js';
import { pageJob, pageRenderer } from '../build/render.js';
import type { CmsClient } from '../cms/client.js';
import { ENDPOINTS, type RawSite } from '../cms/raw.js';
import type { Config } from '../config/env.js';
import { normaliseSite } from '../content/normalise.js';
import { raisedArgs } from '../content/raised-with.js';
import { isRecord } from '../content/values.js';
import { wordNotice } from '../cms-gate/notice.js';
import { PREVIEW_MARKER } from '../../shared/public-config.js';
import type { PreviewRenderer } from '../preview-render/renderer.js';
import { SITE_MODELS } from './events.js';

/** What Strapi's admin asks to preview (its Preview handler's arguments, cms/config/admin.js). */
export interface PreviewQuery {
  readonly uid: string;
  readonly documentId: string | null;
  /** CMS locale (`es-MX`); default the English one. */
  readonly locale: string | null;
  readonly status: 'draft' | 'published';
}

export interface PreviewAnswer {
  readonly status: 200 | 400 | 401 | 404 | 422 | 502 | 503;
  readonly html: string;
  /** Origins the page loads media from besides its own (the CMS's uploads, a cloud bucket): its CSP allows them. */
  readonly mediaOrigins?: readonly string[];
}

export interface PreviewDeps {
  readonly config: Pick<Config, 'cmsLocales' | 'siteUrl' | 'defaultCountry'> & { readonly cmsUrl: string };
  /**
   * The site's code: the SSR render function, template, chunks and messages
   * (preview-render/renderer.ts). `npm run webhook` builds it in process; the
   * Netlify Function reads the one the production build wrote.
   */
  readonly renderer: () => Promise<PreviewRenderer>;
  readonly memo: BuildMemo;
  readonly client: CmsClient;
  /** The published content the draft is placed into (the builder's). */
  readonly raw: () => Promise<RawSite>;
  /** The day dated content is rendered for, as the builds do (default today). */
  readonly now?: () => Date;
}

const BANNER: Record<Locale, Record<PreviewQuery['status'], string>> = {
  en: { draft: 'Preview: draft — not published', published: 'Preview: published version' },
  es: { draft: 'Vista previa: borrador — sin publicar', published: 'Vista previa: versión publicada' },
};

const ERRORS_TITLE: Record<Locale, string> = {
  en: 'This version cannot be published as it is',
  es: 'Esta versión no se puede publicar así',
};

const WARNINGS: Record<Locale, (n: number) => string> = {
  en: (n) => `${n} warning${n === 1 ? '' : 's'}: publishing is allowed, but have a look`,
  es: (n) => `${n} advertencia${n === 1 ? '' : 's'}: se puede publicar, pero revísala${n === 1 ? '' : 's'}`,
};

/**
 * A plain page for what cannot be previewed: why, in the editor's terms.
 * Long messages (a URL, a path of blocks and fields) wrap anywhere, so none
 * runs off Strapi's preview panel, even at a phone's width.
 */
export function messagePage(status: PreviewAnswer['status'], title: string, lines: readonly string[]): PreviewAnswer {
  const items = lines.map((line) => `<li><pre style="margin:0 0 .75rem;white-space:pre-wrap;overflow-wrap:anywhere;font:inherit">${escapeHtml(line)}</pre></li>`).join('');
  return {
    status,
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font:16px/1.5 system-ui,sans-serif;margin:1rem;color:#111;overflow-wrap:anywhere"><h1 style="font-size:1.25rem">${escapeHtml(title)}</h1><ul style="padding-left:1.25rem">${items}</ul></body></html>`,
  };
}

/** The preview's one inline style (its CSP allows it by hash, preview-render/headers.ts). */
export const PREVIEW_STYLE = '.cookie-notice,.offer-toast-region{display:none!important}:root{--cookie-notice-cover:0px!important;--offer-toast-cover:0px!important}';

/**
 * The preview's own additions to a rendered page: no indexing, the banner,
 * and no cookie notice or offer toast. Those two sit over the bottom of the
 * page on a phone and would hide the edit being previewed; the published
 * site still shows them.
 */
export function dressPreview(html: string, banner: string, warnings: { summary: string; lines: string[] } | null = null): string {
  return html
    .replace(/<head>/, `<head>\n    <meta name="robots" content="noindex, nofollow">\n    <meta name="${PREVIEW_MARKER}" content="draft">\n    <style>${PREVIEW_STYLE}</style>`)
    .replace(/<body([^>]*)>/, `<body$1>\n    ${bannerHtml(banner, warnings)}`);
}

/**
 * The banner, and the entry's own warnings (rule-23 links, dead links…) in a
 * disclosure under it: closed, it takes one line of a phone's screen; open,
 * at most half of it, scrolling, long lines wrapped.
 */
const bannerHtml = (text: string, warnings: { summary: string; lines: string[] } | null) => {
  const list = warnings
    ? `<details style="margin-top:.25rem;text-align:start;font-weight:400"><summary style="cursor:pointer;text-align:center">${escapeHtml(warnings.summary)}</summary><ul style="max-height:50vh;overflow:auto;margin:.5rem 0 0;padding-left:1.25rem">${warnings.lines.map((line) => `<li style="white-space:pre-wrap;overflow-wrap:anywhere;margin-bottom:.5rem">${escapeHtml(line)}</li>`).join('')}</ul></details>`
    : '';
  return `<div role="status" style="position:fixed;inset:auto 0 0 0;z-index:2147483647;padding:.5rem 1rem;background:#7a1212;color:#fff;font:600 1rem/1.4 system-ui,sans-serif;text-align:center">${escapeHtml(text)}${list}</div>`;
};

/**
 * Strapi's "Open preview": the draft (or published) version of one
 * document rendered by Marea's own SSR bundle into the published content,
 * exactly as a build would render it, on demand and never written to disk.
 * Pages preview themselves; the layout and modals preview on the home page
 * of their locale, the error page on the 404 page. Media are loaded from the
 * CMS (a draft may use an upload no build has copied yet). A draft with
 * content errors shows them, with where they are, instead of a page.
 */
export async function renderPreview(query: PreviewQuery, deps: PreviewDeps): Promise<PreviewAnswer> {
  const { config } = deps;
  const model = /^api::([a-z0-9-]+)\.\1$/.exec(query.uid)?.[1];
  const endpoint = model ? SITE_MODELS[model] : undefined;
  if (!endpoint || !ENDPOINTS[endpoint].localized) return messagePage(400, 'Nothing to preview', [`The site has no page for ${query.uid}.`]);
  const locale = LOCALES.find((l) => config.cmsLocales[l] === (query.locale ?? config.cmsLocales.en));
  if (!locale) return messagePage(400, 'Nothing to preview', [`The locale ${query.locale} is not one of the site's (${LOCALES.map((l) => config.cmsLocales[l]).join(', ')}).`]);
  const cmsLocale = config.cmsLocales[locale];
  if (ENDPOINTS[endpoint].collection && !query.documentId) return messagePage(400, 'Nothing to preview', ['The preview link names no documentId.']);

  const raw = { ...(await deps.raw()) };
  // The entry's own data, whose blocks name the fields of its issues ("Block 3 (Hero) › Button").
  let candidate: unknown;
  if (ENDPOINTS[endpoint].collection) {
    const item = await deps.client.fetchDocument(endpoint, cmsLocale, query.documentId!, query.status);
    if (!item) return messagePage(404, 'Nothing to preview', [`No ${query.status} version of ${query.uid} ${query.documentId} in ${cmsLocale}.`]);
    candidate = item;
    const key = endpoint === 'pages' ? 'pages' : 'modals';
    const list = (raw[key][locale] as unknown[]).filter((entry) => (entry as { documentId?: unknown }).documentId !== query.documentId);
    raw[key] = { ...raw[key], [locale]: [...list, item] };
  } else {
    const data = await deps.client.fetchSingle(endpoint, cmsLocale, query.status);
    candidate = data;
    raw[endpoint === 'layout' ? 'layout' : 'errorPage'] = { ...raw[endpoint === 'layout' ? 'layout' : 'errorPage'], [locale]: data };
  }

  // The values each issue is raised from, to word it again in the page's language (issues-es.ts), as the publish gate does.
  const normalisedSite = normaliseSite(raw, { strict: false }, deps.memo.normalise);
  const { content: normalised, issues } = normalisedSite;
  // Only this entry's own issues: another page's errors hold that page back, never this preview (rule 13).
  const modalName = endpoint === 'modals' ? modalNameOf(raw.modals[locale], query.documentId) : undefined;
  const own = issues.filter((issue) => concerns(issue, endpoint, locale, query.documentId, modalName));
  const wording = { language: locale, candidate: isRecord(candidate) ? candidate : {}, prefix: null, elsewhere: null };
  const inWords = (issue: ContentIssue) => {
    const notice = wordNotice(issue, raisedArgs(issue), wording);
    return `${notice.fieldWords ? `${notice.fieldWords}: ` : ''}${notice.message}${notice.hint ? `\n${notice.hint}` : ''}`;
  };
  const errors = own.filter((i) => i.severity === 'error');
  if (errors.length > 0) return messagePage(422, ERRORS_TITLE[locale], errors.map(inWords));
  const warnings = own.filter((i) => i.severity === 'warning').map(inWords);

  const media = new Map(mediaUrlsInContent(normalised).map((url) => [url, new URL(url, `${config.cmsUrl}/`).href]));
  const content = rewriteMediaUrls(normalised, media);
  const renderer = await deps.renderer();
  const ctx = payloadContext(config, renderer.release, deps.now?.() ?? new Date());
  let payload;
  if (endpoint === 'error-page') {
    payload = notFoundPayloads(content, ctx).find((p) => p.locale === locale)!;
  } else {
    const pages = builtPages(content.pages);
    const wanted =
      endpoint === 'pages'
        ? (p: (typeof pages)[number]) => p.page.documentId === query.documentId && p.n === 1
        : (p: (typeof pages)[number]) => p.page.path === pagePath(locale, HOME_SLUG);
    const built = pages.find((p) => p.page.locale === locale && wanted(p)) ?? pages.find((p) => p.page.locale === locale);
    if (!built) return messagePage(404, 'Nothing to preview', [`The ${locale} site has no page to show this on.`]);
    payload = pagePayload(content, built, ctx);
  }

  // The payload is embedded (as on error pages): a preview has no `_payload.json` beside it.
  const job = { ...pageJob(payload), payloadFile: null };
  const html = await pageRenderer(renderer.render, renderer.template, renderer.messages, renderer.chunks)(job);
  const mediaOrigins = [...new Set([...media.values()].map((url) => new URL(url).origin))].sort();
  const dressed = dressPreview(html, BANNER[locale][query.status], warnings.length ? { summary: WARNINGS[locale](warnings.length), lines: warnings } : null);
  return { status: 200, html: dressed, mediaOrigins };
}

/** Whether an issue is about the entry being previewed: its page (by documentId), its modal (by name), or the single type in its locale. */
function concerns(issue: ContentIssue, endpoint: string, locale: Locale, documentId: string | null, modalName: string | undefined): boolean {
  if (issue.locale !== undefined && issue.locale !== locale) return false;
  if (endpoint === 'pages') return issue.entity === 'page' && issue.documentId === documentId;
  if (endpoint === 'modals') return issue.entity === 'modal' && issue.slug === modalName;
  return issue.entity === (endpoint === 'layout' ? 'layout' : 'error-page');
}

/** The modal name of the entry `documentId` in a locale's raw modals (Strapi 5), for matching its issues. */
function modalNameOf(modals: unknown, documentId: string | null): string | undefined {
  const list = Array.isArray(modals) ? (modals as Array<{ documentId?: unknown; modalName?: unknown }>) : [];
  const entry = list.find((m) => m.documentId === documentId);
  return typeof entry?.modalName === 'string' ? entry.modalName : undefined;
}

/** Reads the preview query from a request URL; null names what is missing. */
export function previewQuery(url: URL): PreviewQuery | string {
  const uid = url.searchParams.get('uid');
  if (!uid) return 'the preview link names no uid';
  const status = url.searchParams.get('status') ?? 'draft';
  if (status !== 'draft' && status !== 'published') return `unknown status ${JSON.stringify(status)}`;
  return { uid, documentId: url.searchParams.get('documentId'), locale: url.searchParams.get('locale'), status };
}
