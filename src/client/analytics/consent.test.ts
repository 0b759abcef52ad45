import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_COOKIE, getConsent, onConsentChange, setConsent } from './consent.js';

afterEach(() => {
  document.cookie = `${CONSENT_COOKIE}=; Max-Age=0; Path=/`;
});

describe('consent (rule 33)', () => {
  it('rule 33: no choice is stored until the visitor answers', () => {
    expect(getConsent()).toBeNull();
  });

  it('rule 33: the choice is stored in the cookie_consent cookie, 180 days, path /, SameSite Lax', () => {
    const writes: string[] = [];
    const spy = vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => void writes.push(value));
    setConsent('granted');
    spy.mockRestore();
    setConsent('granted');
    expect(writes).toEqual([`cookie_consent=granted; Max-Age=${180 * 24 * 60 * 60}; Path=/; SameSite=Lax`]);
    expect(getConsent()).toBe('granted');
  });

  it('cookies: the consent cookie is Secure when the page is served over HTTPS (SameSite=Lax kept)', () => {
    const writes: string[] = [];
    const spy = vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => void writes.push(value));
    const protocol = vi.spyOn(window.location, 'protocol', 'get').mockReturnValue('https:');
    setConsent('denied');
    protocol.mockRestore();
    spy.mockRestore();
    expect(writes).toEqual([`cookie_consent=denied; Max-Age=${180 * 24 * 60 * 60}; Path=/; SameSite=Lax; Secure`]);
  });

  it('rule 33: subscribers hear every choice until they unsubscribe', () => {
    const heard: string[] = [];
    const stop = onConsentChange((consent) => heard.push(consent));
    setConsent('denied');
    setConsent('granted');
    stop();
    setConsent('denied');
    expect(heard).toEqual(['denied', 'granted']);
    expect(getConsent()).toBe('denied');
  });

  it('rule 33: an unknown cookie value counts as no choice (the notice asks again)', () => {
    document.cookie = `${CONSENT_COOKIE}=maybe; Path=/`;
    expect(getConsent()).toBeNull();
  });
});
