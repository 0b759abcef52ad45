import type { Payload } from '../../shared/payload.js';
import { readCookie } from '../lib/cookies.js';
import { useHydrated } from '../lib/use-hydrated.js';
import { COUNTRY_COOKIE_NAME } from '../../shared/locale-rules.js';

/**
 * Rules 29–30: the static HTML renders for the build's country and day;
 * after hydration the page re-renders for the visitor's country (cookie
 * `country`, ISO alpha-3, else the locale's default) and the real time, so
 * targeted and dated blocks are re-selected without a hydration mismatch.
 */
export function useVisitor(payload: Pick<Payload, 'country' | 'day'>): { country: string; now: Date } {
  const hydrated = useHydrated();
  if (!hydrated) return { country: payload.country, now: new Date(`${payload.day}T00:00:00Z`) };
  const cookie = readCookie(COUNTRY_COOKIE_NAME)?.toUpperCase() ?? '';
  return { country: /^[A-Z]{3}$/.test(cookie) ? cookie : payload.country, now: new Date() };
}
