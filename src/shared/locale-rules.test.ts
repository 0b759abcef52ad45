// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { toAlpha3 } from './country-codes.js';
import {
  detectLocale,
  handleEdge,
  isPageRequest,
  localeCookieString,
  matchBrowserLanguages,
  parseAcceptLanguage,
  readCookie,
  rootRedirectTarget,
  type EdgeRequest,
} from './locale-rules.js';
import * as locales from './locales.js';

describe('rule 7: the locale cookie', () => {
  it('is i18n_redirected, 365 days, path /, SameSite Lax', () => {
    expect(localeCookieString('es')).toBe('i18n_redirected=es; Max-Age=31536000; Path=/; SameSite=Lax');
  });

  it('is read from a Cookie header or document.cookie, first occurrence wins', () => {
    expect(readCookie('a=1; i18n_redirected=es; b=2', 'i18n_redirected')).toBe('es');
    expect(readCookie('i18n_redirected=en;i18n_redirected=es', 'i18n_redirected')).toBe('en');
    expect(readCookie('x_i18n_redirected=es', 'i18n_redirected')).toBeNull();
    expect(readCookie('country=M%C3%89X', 'country')).toBe('MÉX');
    expect(readCookie('country=%E0%A4%A', 'country')).toBe('%E0%A4%A');
    expect(readCookie(null, 'country')).toBeNull();
    expect(readCookie('', 'country')).toBeNull();
  });

  it('an unknown value counts as absent', () => {
    expect(detectLocale('fr', ['es-MX'])).toBe('es');
    expect(detectLocale('', ['en-US'])).toBe('en');
  });
});

describe('rule 8: detection order', () => {
  it.each([
    [['en-GB', 'es-MX'], 'es'], // pass 1: es-MX is a locale's language-region
    [['fr-FR', 'es'], 'es'],
    [['es-ES', 'en'], 'es'], // pass 2: the earliest language part that is a locale
    [['fr'], 'en'],
    [['EN-us', 'es-MX'], 'en'],
    [[' es-mx '], 'es'],
    [[], 'en'],
  ])('browser languages %j → %s', (languages, locale) => expect(matchBrowserLanguages(languages)).toBe(locale));

  it('the cookie beats the browser', () => {
    expect(detectLocale('en', ['es-MX'])).toBe('en');
    expect(detectLocale('es', ['en-US'])).toBe('es');
    expect(detectLocale(null, ['es-ES'])).toBe('es');
  });

  it.each([
    ['es-MX,es;q=0.9,en;q=0.8', ['es-MX', 'es', 'en']],
    ['en;q=0.5, es-ES;q=0.9, fr', ['fr', 'es-ES', 'en']],
    ['en-GB;q=0.8, es-MX;q=0.8', ['en-GB', 'es-MX']], // equal q keeps the header order
    ['es;q=0, en-US', ['en-US']], // q=0: not acceptable
    ['*, es;q=0.5', ['es']], // the wildcard names no language
    ['es;q=abc, en', ['en']], // malformed q
    ['', []],
  ])('Accept-Language %j → %j', (header, list) => expect(parseAcceptLanguage(header)).toEqual(list));

  it('Accept-Language feeds the two passes', () => {
    expect(matchBrowserLanguages(parseAcceptLanguage('en-GB,en;q=0.9,es-MX;q=0.8'))).toBe('es');
    expect(matchBrowserLanguages(parseAcceptLanguage(null))).toBe('en');
  });
});

describe('rule 9: only the root is redirected, to Spanish, keeping query and hash', () => {
  const base = { search: '', hash: '', locale: 'es' as const };

  it('/?a=1#h → /es?a=1#h', () => {
    expect(rootRedirectTarget({ ...base, pathname: '/', search: '?a=1', hash: '#h' })).toBe('/es?a=1#h');
  });

  it('tolerates a trailing slash on the root', () => {
    expect(rootRedirectTarget({ ...base, pathname: '//' })).toBe('/es');
  });

  it('never redirects an English visitor', () => {
    expect(rootRedirectTarget({ ...base, pathname: '/', locale: 'en' })).toBeNull();
  });

  it.each(['/es', '/es/', '/es/habitaciones/suite', '/rooms/deluxe', '/espanol'])('never redirects %s (prefixed paths and deep links)', (pathname) =>
    expect(rootRedirectTarget({ ...base, pathname })).toBeNull(),
  );

  it('loop guard: no redirect when the target is the current or the previous path', () => {
    expect(rootRedirectTarget({ ...base, pathname: '/', previousPath: '/es' })).toBeNull();
    expect(rootRedirectTarget({ ...base, pathname: '/', previousPath: '/es/' })).toBeNull();
    expect(rootRedirectTarget({ ...base, pathname: '/', currentPath: '/es' })).toBeNull();
    expect(rootRedirectTarget({ ...base, pathname: '/', previousPath: '/es/playa' })).toBe('/es');
    expect(rootRedirectTarget({ ...base, pathname: '/', previousPath: null })).toBe('/es');
  });
});

describe('rules 1, 7–8: locales.ts delegates to locale-rules.ts', () => {
  it('keeps its exports and values', () => {
    expect(locales.LOCALES).toEqual(['en', 'es']);
    expect(locales.DEFAULT_LOCALE).toBe('en');
    expect(locales.LOCALE_INFO.es).toEqual({ tag: 'es-MX', name: 'Español', prefix: '/es' });
    expect(locales.LOCALE_COOKIE).toBe('i18n_redirected');
    expect(locales.isLocale('es')).toBe(true);
    expect(locales.isLocale('es-MX')).toBe(false);
    expect(locales.detectLocale).toBe(detectLocale);
  });
});

describe('rules 7–10 and 30 at the CDN edge (handleEdge)', () => {
  const SPANISH = 'es-MX,es;q=0.9,en;q=0.8';
  const ENGLISH = 'en-US,en;q=0.9';
  const edge = (over: Partial<EdgeRequest> & { path: string }) =>
    handleEdge({
      url: `https://marea.example${over.path}`,
      cookieHeader: null,
      acceptLanguage: ENGLISH,
      geoCountry: null,
      ...over,
    });

  it('rule 9: a Spanish browser on / is redirected to /es keeping the query (the hash stays with the browser)', () => {
    const result = edge({ path: '/?utm=mail&b=2', acceptLanguage: SPANISH });
    expect(result.redirect).toBe('/es?utm=mail&b=2');
    // rule 10: the locale the visitor ends on is stored
    expect(result.setCookies).toEqual([localeCookieString('es', true)]);
  });

  it('cookies: Secure when the request is HTTPS, not on plain HTTP; SameSite=Lax kept in both', () => {
    const https = edge({ path: '/', acceptLanguage: SPANISH, geoCountry: 'MEX' });
    expect(https.setCookies).toEqual(['i18n_redirected=es; Max-Age=31536000; Path=/; SameSite=Lax; Secure', 'country=MEX; Max-Age=2592000; Path=/; SameSite=Lax; Secure']);
    const http = edge({ path: '/', url: 'http://127.0.0.1:8888/', acceptLanguage: SPANISH, geoCountry: 'MEX' });
    expect(http.setCookies).toEqual(['i18n_redirected=es; Max-Age=31536000; Path=/; SameSite=Lax', 'country=MEX; Max-Age=2592000; Path=/; SameSite=Lax']);
  });

  it('rule 9: an English browser on / stays, and its locale is stored (rule 10)', () => {
    expect(edge({ path: '/' })).toEqual({ redirect: null, setCookies: [localeCookieString('en', true)] });
  });

  it('rule 8: the cookie en beats a Spanish browser (nothing to rewrite)', () => {
    expect(edge({ path: '/', acceptLanguage: SPANISH, cookieHeader: 'i18n_redirected=en' })).toEqual({
      redirect: null,
      setCookies: [],
    });
  });

  it('rule 8: the cookie es beats an English browser', () => {
    expect(edge({ path: '/', cookieHeader: 'other=1; i18n_redirected=es' })).toEqual({ redirect: '/es', setCookies: [] });
  });

  it('rule 7: an invalid cookie value is ignored and rewritten', () => {
    const spanish = edge({ path: '/', acceptLanguage: SPANISH, cookieHeader: 'i18n_redirected=fr' });
    expect(spanish).toEqual({ redirect: '/es', setCookies: [localeCookieString('es', true)] });
    const english = edge({ path: '/', cookieHeader: 'i18n_redirected=es-MX' });
    expect(english).toEqual({ redirect: null, setCookies: [localeCookieString('en', true)] });
  });

  it('rule 8: no Accept-Language means English', () => {
    expect(edge({ path: '/', acceptLanguage: null }).redirect).toBeNull();
  });

  it.each(['/es', '/es/', '/es?x=1', '/es/habitaciones/suite', '/rooms/deluxe', '/playa-del-carmen'])(
    'rule 9: %s is never redirected and its cookie is left to the browser',
    (path) => {
      expect(edge({ path, acceptLanguage: SPANISH })).toEqual({ redirect: null, setCookies: [] });
      expect(edge({ path, cookieHeader: 'i18n_redirected=es' })).toEqual({ redirect: null, setCookies: [] });
    },
  );

  it('rule 9: loop guard: coming from /es (English chosen, cookie blocked) stays on /', () => {
    const result = edge({ path: '/', acceptLanguage: SPANISH, referer: 'https://marea.example/es' });
    expect(result.redirect).toBeNull();
    expect(result.setCookies).toEqual([localeCookieString('en', true)]);
    // another site's /es is not the previous path
    expect(edge({ path: '/', acceptLanguage: SPANISH, referer: 'https://other.example/es' }).redirect).toBe('/es');
    expect(edge({ path: '/', acceptLanguage: SPANISH, referer: 'not a url' }).redirect).toBe('/es');
  });

  it('rule 9: only page requests (GET/HEAD) are redirected', () => {
    expect(edge({ path: '/', acceptLanguage: SPANISH, method: 'POST' })).toEqual({ redirect: null, setCookies: [] });
    expect(edge({ path: '/', acceptLanguage: SPANISH, method: 'HEAD' }).redirect).toBe('/es');
  });

  it('rule 30: the country cookie is set from the geolocation, MX → MEX, 30 days', () => {
    const result = edge({ path: '/es/habitaciones', geoCountry: toAlpha3('MX') });
    expect(result.setCookies).toEqual(['country=MEX; Max-Age=2592000; Path=/; SameSite=Lax; Secure']);
  });

  it('rule 30: the country cookie goes along with the root redirect', () => {
    const result = edge({ path: '/', acceptLanguage: SPANISH, geoCountry: 'MEX' });
    expect(result.redirect).toBe('/es');
    expect(result.setCookies).toEqual([localeCookieString('es', true), 'country=MEX; Max-Age=2592000; Path=/; SameSite=Lax; Secure']);
  });

  it('rule 30: the country cookie is not rewritten when it already holds the country, and rewritten when it differs', () => {
    expect(edge({ path: '/rooms', geoCountry: 'MEX', cookieHeader: 'country=MEX' }).setCookies).toEqual([]);
    expect(edge({ path: '/rooms', geoCountry: 'USA', cookieHeader: 'country=MEX' }).setCookies).toEqual(['country=USA; Max-Age=2592000; Path=/; SameSite=Lax; Secure']);
  });

  it('rule 30: no country cookie when the geolocation does not know the country', () => {
    expect(edge({ path: '/rooms', geoCountry: toAlpha3('ZZ') }).setCookies).toEqual([]);
    expect(edge({ path: '/rooms', geoCountry: toAlpha3(undefined) }).setCookies).toEqual([]);
    expect(edge({ path: '/rooms', geoCountry: 'M3X' }).setCookies).toEqual([]);
  });

  it.each([
    '/assets/index-3f2a1c.js',
    '/assets/media/hero.a1b2c3.jpg',
    '/_payload.json',
    '/es/_payload.json',
    '/rooms/deluxe/_payload.json?v=abc',
    '/builds/latest.json?1700000000',
    '/builds/meta/a515f0e2a6f2.json',
    '/favicon.svg',
    '/sitemap.xml',
  ])('rule 30: %s is a file: no cookie, no redirect', (path) => {
    expect(edge({ path, geoCountry: 'MEX', acceptLanguage: SPANISH })).toEqual({ redirect: null, setCookies: [] });
  });

  it('rule 5: page requests are the paths without a dot, outside /assets and /builds', () => {
    expect(isPageRequest('/')).toBe(true);
    expect(isPageRequest('/es/habitaciones/suite')).toBe(true);
    expect(isPageRequest('/assetsy')).toBe(true);
    expect(isPageRequest('/assets')).toBe(false);
    expect(isPageRequest('/builds/')).toBe(false);
    expect(isPageRequest('/404.html')).toBe(false);
    expect(isPageRequest('/rooms', 'DELETE')).toBe(false);
  });
});
