import { readCookie } from '../lib/cookies.js';
import { COUNTRY_COOKIE_NAME } from '../../shared/locale-rules.js';
import type { Visitor } from '../page/page-context.js';

/**
 * Rules 29–30, read once a page view in the browser (PageRoute): the
 * `country` cookie the CDN edge sets (ISO alpha-3), else the page's
 * country; the time now. Components take it with `useVisitor`.
 */
export function readVisitor(pageCountry: string): Visitor {
  const cookie = readCookie(COUNTRY_COOKIE_NAME)?.toUpperCase() ?? '';
  return { country: /^[A-Z]{3}$/.test(cookie) ? cookie : pageCountry, now: new Date() };
}
