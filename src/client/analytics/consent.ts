import { readCookie, writeCookie } from '../lib/cookies.js';

/** The visitor's answer to the cookie notice (rule 33). */
export type Consent = 'granted' | 'denied';
type Listener = (consent: Consent) => void;

export const CONSENT_COOKIE = 'cookie_consent';
/** How long a choice is remembered before the notice asks again. */
const CONSENT_MAX_AGE_DAYS = 180;

const listeners = new Set<Listener>();

/** The stored choice, or null when the visitor has not answered yet (the notice shows). */
export function getConsent(): Consent | null {
  if (typeof document === 'undefined') return null;
  const value = readCookie(CONSENT_COOKIE);
  return value === 'granted' || value === 'denied' ? value : null;
}

/**
 * Stores the choice (`cookie_consent`, 180 days, path /, SameSite Lax, Secure on HTTPS) and
 * tells every subscriber: Google consent mode and Datadog tracking consent
 * follow it (rules 31–33), and every cookie notice on the page hides.
 */
export function setConsent(value: Consent): void {
  const maxAge = CONSENT_MAX_AGE_DAYS * 24 * 60 * 60;
  writeCookie(CONSENT_COOKIE, value, maxAge);
  for (const listener of [...listeners]) listener(value);
}

/** Calls `listener` on every later choice; returns the unsubscribe function. */
export function onConsentChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
