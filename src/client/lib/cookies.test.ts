import { afterEach, describe, expect, it, vi } from 'vitest';
import { isSecurePage, writeCookie, writeLocaleCookie } from './cookies.js';

afterEach(() => vi.restoreAllMocks());

function captureWrites(protocol: string): string[] {
  const writes: string[] = [];
  vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => void writes.push(value));
  vi.spyOn(window.location, 'protocol', 'get').mockReturnValue(protocol);
  return writes;
}

describe('cookies: Secure on HTTPS, SameSite=Lax always', () => {
  it('on an https: page the locale cookie and any other cookie get Secure', () => {
    const writes = captureWrites('https:');
    writeLocaleCookie('es');
    writeCookie('cookie_consent', 'granted', 60);
    expect(writes).toEqual(['i18n_redirected=es; Max-Age=31536000; Path=/; SameSite=Lax; Secure', 'cookie_consent=granted; Max-Age=60; Path=/; SameSite=Lax; Secure']);
  });

  it('on an http: page (local preview) they do not (a browser would drop a Secure cookie set over HTTP)', () => {
    const writes = captureWrites('http:');
    writeLocaleCookie('en');
    writeCookie('cookie_consent', 'denied', 60);
    expect(writes).toEqual(['i18n_redirected=en; Max-Age=31536000; Path=/; SameSite=Lax', 'cookie_consent=denied; Max-Age=60; Path=/; SameSite=Lax']);
  });

  it('isSecurePage reads the protocol', () => {
    expect(isSecurePage('https:')).toBe(true);
    expect(isSecurePage('http:')).toBe(false);
  });
});
