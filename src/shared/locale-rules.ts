/**
 * Behaviour rules 7–9: the locale choice, in one place for the browser, the
 * build and the CDN edge.
 *
 * This file imports nothing, on purpose: the Netlify Edge Function
 * (`netlify/edge-functions/root-locale.ts`) runs on Deno, which loads this
 * file directly by its `.ts` path and cannot resolve the repo's `./x.js`
 * imports of `.ts` files. Keep it import-free (types included).
 */

/** Rule 1: the site locales. The same union as `Locale` in `model.ts`. */
export type LocaleCode = 'en' | 'es';

export const LOCALE_CODES: readonly LocaleCode[] = ['en', 'es'];
export const DEFAULT_LOCALE_CODE: LocaleCode = 'en';

/** Rule 1: BCP 47 tag, display name and URL prefix of each locale. */
export const LOCALE_DEFINITIONS: Readonly<Record<LocaleCode, { tag: string; name: string; prefix: string }>> = {
  en: { tag: 'en-US', name: 'English', prefix: '' },
  es: { tag: 'es-MX', name: 'Español', prefix: '/es' },
};

/** Rule 7: the stored choice, `i18n_redirected`, kept 365 days on path `/`, SameSite Lax. */
export const LOCALE_COOKIE_NAME = 'i18n_redirected';
const LOCALE_COOKIE_DAYS = 365;

export function isLocaleCode(value: unknown): value is LocaleCode {
  return value === 'en' || value === 'es';
}

/**
 * A `Set-Cookie` / `document.cookie` string of the site: path `/`,
 * `SameSite=Lax`, and `Secure` when the page is served over HTTPS (`secure`:
 * the request URL at the edge, `location.protocol` in the browser), so the
 * cookie is never sent over plain HTTP. Not on `http://` (local preview): a
 * browser would drop a `Secure` cookie set by an insecure page.
 */
export function cookieString(name: string, value: string, maxAgeSeconds: number, secure: boolean): string {
  return `${name}=${value}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Rule 7: the `Set-Cookie` / `document.cookie` string storing a locale (`secure`: the page is on HTTPS). */
export function localeCookieString(locale: LocaleCode, secure = false): string {
  return cookieString(LOCALE_COOKIE_NAME, locale, LOCALE_COOKIE_DAYS * 86_400, secure);
}

/**
 * Rule 8: the browser's language list in two passes: the earliest entry
 * equal to a locale's language-region (case-insensitive), then the earliest
 * entry whose language part is a locale; else English.
 * `['en-GB','es-MX']` → es (pass 1), `['es-ES','en']` → es (pass 2).
 */
export function matchBrowserLanguages(languages: readonly string[]): LocaleCode {
  const lower = languages.map((l) => l.trim().toLowerCase()).filter(Boolean);
  for (const lang of lower) {
    const exact = LOCALE_CODES.find((code) => LOCALE_DEFINITIONS[code].tag.toLowerCase() === lang);
    if (exact) return exact;
  }
  for (const lang of lower) {
    const base = lang.split('-')[0];
    if (isLocaleCode(base)) return base;
  }
  return DEFAULT_LOCALE_CODE;
}

const LANGUAGE_TAG = /^[a-z]{1,8}(-[a-z0-9]{1,8})*$/i;

/**
 * An `Accept-Language` header as the browser's language list (rule 8's
 * input at the edge): entries ordered by q (stable for equal q), `q=0`
 * and malformed entries dropped, the `*` wildcard ignored.
 */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  const entries: { tag: string; q: number; index: number }[] = [];
  header.split(',').forEach((part, index) => {
    const [rawTag = '', ...params] = part.split(';').map((p) => p.trim());
    if (!LANGUAGE_TAG.test(rawTag)) return; // also drops `*`
    let q = 1;
    for (const param of params) {
      const match = /^q\s*=\s*(.*)$/i.exec(param);
      if (match) q = /^[0-9]+(\.[0-9]*)?$/.test(match[1] ?? '') ? Number(match[1]) : NaN;
    }
    if (!(q > 0)) return; // q=0 means "not acceptable"; NaN is a malformed q
    entries.push({ tag: rawTag, q: Math.min(q, 1), index });
  });
  return entries.sort((a, b) => b.q - a.q || a.index - b.index).map((e) => e.tag);
}

/** Rules 7–8: the cookie first (a value that is not a locale counts as absent), then the languages. */
export function detectLocale(cookieValue: string | null | undefined, languages: readonly string[]): LocaleCode {
  return isLocaleCode(cookieValue) ? cookieValue : matchBrowserLanguages(languages);
}

/**
 * One cookie's value from a `Cookie` header or `document.cookie`; the first
 * occurrence wins (browsers send the most specific path first), null when absent.
 */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw; // a malformed escape is kept as sent rather than failing the request
    }
  }
  return null;
}

/** Rule 3: paths compare equal with and without a trailing slash (`/` stays `/`). */
function comparable(path: string): string {
  return path.replace(/\/+$/, '') || '/';
}

export interface RootRedirectInput {
  pathname: string;
  /** `?a=1` or empty. */
  search: string;
  /** `#h` or empty (the browser only: a request never carries its hash). */
  hash: string;
  /** The detected locale (`detectLocale`). */
  locale: LocaleCode;
  /** The path being navigated to or requested; defaults to `pathname`. */
  currentPath?: string | null;
  /** The path of the page before this navigation, when known (loop guard). */
  previousPath?: string | null;
}

/**
 * Rule 9: only a navigation to the root is ever redirected, and only to
 * Spanish: `/?a=1#h` → `/es?a=1#h`. Null when there is nothing to do, and
 * when the target path equals the current or the previous path (loop guard:
 * e.g. choosing English on `/es` with cookies blocked must not bounce back).
 */
export function rootRedirectTarget(input: RootRedirectInput): string | null {
  if (comparable(input.pathname) !== '/' || input.locale === DEFAULT_LOCALE_CODE) return null;
  const targetPath = LOCALE_DEFINITIONS[input.locale].prefix;
  const guarded = [input.currentPath ?? input.pathname, input.previousPath];
  if (guarded.some((path) => path != null && comparable(path) === targetPath)) return null;
  return `${targetPath}${input.search}${input.hash}`;
}

/* ------------------------------------------------------------------ */
/* The same rules at the CDN edge (netlify/edge-functions/root-locale.ts).
 * They live here rather than in a module of their own because the edge
 * function can only load import-free files (see the top of this file). */

/** Rule 30: the visitor's country (ISO alpha-3), set at the edge, read by the browser. */
export const COUNTRY_COOKIE_NAME = 'country';
const COUNTRY_COOKIE_DAYS = 30;

function countryCookieString(alpha3: string, secure = false): string {
  return cookieString(COUNTRY_COOKIE_NAME, alpha3, COUNTRY_COOKIE_DAYS * 86_400, secure);
}

/**
 * A request for a page (HTML), as opposed to a file: hashed assets and media
 * (`/assets/`), build manifests (`/builds/`), payloads (`_payload.json`) and
 * any path with a dot in its last segment (page slugs are `[a-z0-9-]`, rule 5).
 */
export function isPageRequest(pathname: string, method = 'GET'): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (/^\/(assets|builds)(\/|$)/.test(pathname)) return false;
  return !(pathname.split('/').pop() ?? '').includes('.');
}

export interface EdgeRequest {
  /** The full request URL (absolute). */
  url: string;
  /** Default `GET`. */
  method?: string;
  cookieHeader: string | null;
  acceptLanguage: string | null;
  /** The `Referer` header: its path, when same-origin, is the loop guard's previous path. */
  referer?: string | null;
  /** The visitor's ISO alpha-3 country from the edge's geolocation (`toAlpha3` of Netlify's alpha-2), null when unknown. */
  geoCountry: string | null;
}

export interface EdgeDecision {
  /** Where to send the visitor with a 302, or null to serve the page. */
  redirect: string | null;
  /** `Set-Cookie` values to add to the response. */
  setCookies: string[];
}

/**
 * An absolute URL's origin, path and query. The shared zone has no `URL`
 * class (no DOM, no Node types); request URLs and `Referer` values are
 * absolute and already normalised by the runtime and the browser.
 */
function splitUrl(url: string): { origin: string; pathname: string; search: string } | null {
  const match = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)([^?#]*)(\?[^#]*)?/i.exec(url);
  if (!match) return null;
  return { origin: (match[1] ?? '').toLowerCase(), pathname: match[2] || '/', search: match[3] ?? '' };
}

function sameOriginPath(referer: string | null | undefined, origin: string): string | null {
  const from = referer ? splitUrl(referer) : null;
  return from && from.origin === origin ? from.pathname : null;
}

/**
 * What the edge does with a request, before any HTML is sent:
 * - rule 9 on `/` only, with the cookie (rule 7) and `Accept-Language`
 *   (rule 8): a Spanish visitor gets a 302 to `/es`, keeping the query. The
 *   hash never reaches a server; browsers carry it over a redirect whose
 *   `Location` has none (RFC 9110 §10.2.2), so `/?a=1#h` still ends on `/es?a=1#h`;
 * - rule 10: on `/` the locale it settled on (the page served, or the
 *   redirect's target) is written to the cookie unless the cookie already
 *   holds it, which also rewrites an unknown value (rule 7). Other pages
 *   leave the cookie to the browser;
 * - rule 30: on every page request, the `country` cookie when the
 *   geolocation knows the country and the cookie is missing or different.
 */
export function handleEdge(request: EdgeRequest): EdgeDecision {
  const decision: EdgeDecision = { redirect: null, setCookies: [] };
  const url = splitUrl(request.url);
  if (!url || !isPageRequest(url.pathname, request.method)) return decision;
  const secure = url.origin.startsWith('https:');

  if (comparable(url.pathname) === '/') {
    const stored = readCookie(request.cookieHeader, LOCALE_COOKIE_NAME);
    const locale = detectLocale(stored, parseAcceptLanguage(request.acceptLanguage));
    decision.redirect = rootRedirectTarget({
      pathname: url.pathname,
      search: url.search,
      hash: '',
      locale,
      previousPath: sameOriginPath(request.referer, url.origin),
    });
    const active = decision.redirect ? locale : DEFAULT_LOCALE_CODE;
    if (stored !== active) decision.setCookies.push(localeCookieString(active, secure));
  }

  const country = request.geoCountry?.trim().toUpperCase();
  if (country && /^[A-Z]{3}$/.test(country) && readCookie(request.cookieHeader, COUNTRY_COOKIE_NAME) !== country) {
    decision.setCookies.push(countryCookieString(country, secure));
  }
  return decision;
}
