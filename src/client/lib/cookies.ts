import type { Locale } from '../../shared/model.js';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_DAYS } from '../../shared/locales.js';

export function readCookie(name: string, cookieString = document.cookie): string | null {
  for (const part of cookieString.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** Rule 7: `i18n_redirected`, 365 days, path `/`, SameSite Lax. */
export function writeLocaleCookie(locale: Locale): void {
  const maxAge = LOCALE_COOKIE_MAX_AGE_DAYS * 24 * 60 * 60;
  document.cookie = `${LOCALE_COOKIE}=${locale}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
}
