// @vitest-environment-options { "settings": { "handleDisabledFileLoadingAsSuccess": true } }
// happy-dom never fetches scripts here; it reports them loaded instead of printing an error.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emitPageView } from '../runtime/page-view.js';
import { CONSENT_COOKIE, setConsent } from './consent.js';
import { startGtm } from './gtm.js';

let stop: (() => void) | undefined;
const denied = { ad_storage: 'denied', analytics_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' };
const granted = { ad_storage: 'granted', analytics_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted' };
/** dataLayer entries as plain values (gtag pushes Arguments objects). */
const entries = () => (window.dataLayer ?? []).map((e) => (Object.prototype.toString.call(e) === '[object Arguments]' ? Array.from(e as ArrayLike<unknown>) : e));
const gtmScripts = () => document.querySelectorAll('script[src^="https://www.googletagmanager.com/gtm.js"]');
const views = () => entries().filter((e) => (e as { event?: string }).event === 'virtualPageView');

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  stop?.();
  vi.useRealTimers();
  delete window.dataLayer;
  delete window.gtag;
  document.head.innerHTML = '';
  document.cookie = `${CONSENT_COOKIE}=; Max-Age=0; Path=/`;
});

describe('Google Tag Manager (rules 31, 33)', () => {
  it('rule 33: consent defaults (denied) are queued before gtm.js and before the script loads, after idle', () => {
    stop = startGtm('GTM-TEST123');
    expect(entries()[0]).toEqual(['consent', 'default', denied]);
    expect(entries()[1]).toMatchObject({ event: 'gtm.js' });
    expect(gtmScripts()).toHaveLength(0);
    vi.runAllTimers();
    const [script] = gtmScripts();
    expect((script as HTMLScriptElement).src).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-TEST123');
    expect((script as HTMLScriptElement).async).toBe(true);
    // A blocked or failed load is said, never thrown.
    script!.dispatchEvent(new Event('error'));
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('Google Tag Manager did not load'));
  });

  it('rule 33: consent mode is updated to granted on acceptance, and back to denied on rejection', () => {
    stop = startGtm('GTM-TEST123');
    setConsent('granted');
    setConsent('denied');
    expect(entries().slice(-2)).toEqual([
      ['consent', 'update', granted],
      ['consent', 'update', denied],
    ]);
  });

  it('rule 33: a choice stored on an earlier visit updates consent right after the defaults', () => {
    setConsent('granted');
    stop = startGtm('GTM-TEST123');
    expect(entries().slice(0, 2)).toEqual([
      ['consent', 'default', denied],
      ['consent', 'update', granted],
    ]);
  });

  it('rule 31: one virtualPageView per view, the first (emitted before GTM started) included, never twice for the same view', () => {
    document.title = 'Home | Marea';
    emitPageView({ url: '/', title: document.title });
    stop = startGtm('GTM-TEST123');
    // React StrictMode's double effect or a re-render emits the same view again.
    emitPageView({ url: '/', title: document.title });
    document.title = 'Rooms | Marea';
    emitPageView({ url: '/rooms?utm_source=x', title: document.title });
    emitPageView({ url: '/rooms?utm_source=x', title: document.title });
    expect(views()).toEqual([
      { event: 'virtualPageView', pageUrl: `${location.origin}/`, pageTitle: 'Home | Marea' },
      { event: 'virtualPageView', pageUrl: `${location.origin}/rooms?utm_source=x`, pageTitle: 'Rooms | Marea' },
    ]);
  });

  it('rule 31: going back to an earlier page is a new view', () => {
    emitPageView({ url: '/a', title: '/a' });
    stop = startGtm('GTM-TEST123');
    for (const url of ['/b', '/a']) emitPageView({ url, title: url });
    expect(views().map((v) => (v as { pageTitle: string }).pageTitle)).toEqual(['/a', '/b', '/a']);
  });
});
