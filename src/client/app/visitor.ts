import { useMemo } from 'react';
import type { Payload } from '../../shared/payload.js';
import { buildDayStart } from '../../shared/first-view.js';
import { readCookie } from '../lib/cookies.js';
import { COUNTRY_COOKIE_NAME } from '../../shared/locale-rules.js';
import { usePageHydrated } from './later-hydration.js';

/**
 * Rules 29–30: the static HTML renders for the build's country and day;
 * once the page is hydrated (every block, those after the first view too:
 * later-hydration.ts) it re-renders for the visitor's country (cookie
 * `country`, ISO alpha-3, else the locale's default) and the real time, so
 * targeted and dated blocks are re-selected without a hydration mismatch.
 * Until then the same object, so nothing below sees a change.
 */
export function useVisitor(payload: Pick<Payload, 'country' | 'day'>): { country: string; now: Date } {
  const hydrated = usePageHydrated();
  const built = useMemo(() => ({ country: payload.country, now: buildDayStart(payload.day) }), [payload.country, payload.day]);
  if (!hydrated) return built;
  const cookie = readCookie(COUNTRY_COOKIE_NAME)?.toUpperCase() ?? '';
  return { country: /^[A-Z]{3}$/.test(cookie) ? cookie : payload.country, now: new Date() };
}
