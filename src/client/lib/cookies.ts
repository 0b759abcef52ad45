import type { Locale } from '../../shared/model.js';
import { localeCookieString, readCookie as readCookieFrom } from '../../shared/locale-rules.js';

/** A cookie of this page (the parsing rule is the one the CDN edge uses). */
export function readCookie(name: string, cookieString = document.cookie): string | null {
  return readCookieFrom(cookieString, name);
}

/** Rule 7: `i18n_redirected`, 365 days, path `/`, SameSite Lax. */
export function writeLocaleCookie(locale: Locale): void {
  document.cookie = localeCookieString(locale);
}
