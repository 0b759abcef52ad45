import type { Locale } from '../../shared/model.js';
import { cookieString, localeCookieString, readCookie as readCookieFrom } from '../../shared/locale-rules.js';

/** A cookie of this page (the parsing rule is the one the CDN edge uses). */
export function readCookie(name: string, cookieString = document.cookie): string | null {
  return readCookieFrom(cookieString, name);
}

/** The page is served over HTTPS: its cookies get `Secure` (never sent over plain HTTP). */
export function isSecurePage(protocol = location.protocol): boolean {
  return protocol === 'https:';
}

/** Writes a cookie of the site: path `/`, SameSite Lax, `Secure` on HTTPS (shared/locale-rules.ts `cookieString`). */
export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  document.cookie = cookieString(name, value, maxAgeSeconds, isSecurePage());
}

/** Rule 7: `i18n_redirected`, 365 days, path `/`, SameSite Lax, Secure on HTTPS. */
export function writeLocaleCookie(locale: Locale): void {
  document.cookie = localeCookieString(locale, isSecurePage());
}
