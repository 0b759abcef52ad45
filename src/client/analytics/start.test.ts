// @vitest-environment-options { "settings": { "handleDisabledFileLoadingAsSuccess": true } }
// happy-dom never fetches scripts here; it reports them loaded instead of printing an error.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DatadogConfig, PublicConfig } from '../../shared/public-config.js';

const rum = vi.hoisted(() => ({ loaded: vi.fn(), init: vi.fn(), setTrackingConsent: vi.fn() }));
vi.mock('@datadog/browser-rum', () => {
  rum.loaded();
  return { datadogRum: { init: rum.init, setTrackingConsent: rum.setTrackingConsent } };
});

/** The public configuration as a build compiles it in (src/node/build/bundle.ts): both off unless a test sets them. */
function configure(config: Partial<PublicConfig>) {
  vi.stubGlobal('__MAREA_GTM_ID__', config.gtmId ?? null);
  vi.stubGlobal('__MAREA_DATADOG__', config.datadog ?? null);
}
const datadog: DatadogConfig = {
  applicationId: 'app',
  clientToken: 'pub123',
  site: 'datadoghq.com',
  service: null,
  env: null,
  version: null,
  sessionSampleRate: 20,
  sessionReplaySampleRate: 20,
};

/** A fresh module graph per test: startAnalytics runs once per page load. */
async function start() {
  vi.resetModules();
  const { startAnalytics } = await import('./start.js');
  startAnalytics();
}
const gtmScripts = () => document.querySelectorAll('script[src*="googletagmanager.com"]');

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.clearAllMocks();
  delete window.dataLayer;
  delete window.gtag;
  document.head.innerHTML = '';
});

describe('startAnalytics (rules 31, 32)', () => {
  it('rule 31: without a container id there is no dataLayer and no GTM script', async () => {
    configure({});
    await start();
    await vi.runAllTimersAsync();
    expect(window.dataLayer).toBeUndefined();
    expect(gtmScripts()).toHaveLength(0);
  });

  it('outside a build (nothing compiled in) nothing starts', async () => {
    await start();
    await vi.runAllTimersAsync();
    expect(window.dataLayer).toBeUndefined();
    expect(rum.loaded).not.toHaveBeenCalled();
  });

  it('a draft preview (its meta tag) starts neither GTM nor Datadog, both configured', async () => {
    configure({ gtmId: 'GTM-TEST123', datadog });
    document.head.innerHTML = '<meta name="marea-preview" content="draft">';
    await start();
    await vi.runAllTimersAsync();
    expect(window.dataLayer).toBeUndefined();
    expect(gtmScripts()).toHaveLength(0);
    expect(rum.loaded).not.toHaveBeenCalled();
  });

  it('rule 31: with a container id GTM starts, its script after idle', async () => {
    configure({ gtmId: 'GTM-TEST123' });
    await start();
    expect(window.dataLayer?.length).toBeGreaterThan(0);
    expect(gtmScripts()).toHaveLength(0);
    await vi.runAllTimersAsync();
    expect(gtmScripts()).toHaveLength(1);
  });

  it('rule 32: without Datadog configured (application id and client token) the RUM SDK is never imported', async () => {
    configure({ gtmId: 'GTM-TEST123' });
    await start();
    await vi.runAllTimersAsync();
    expect(rum.loaded).not.toHaveBeenCalled();
    expect(rum.init).not.toHaveBeenCalled();
  });

  it('rule 32: when configured, the RUM SDK is imported only once the page is idle, then started', async () => {
    configure({ datadog });
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idle.push(callback));
    await start();
    await vi.runAllTimersAsync();
    expect(rum.loaded).not.toHaveBeenCalled();
    expect(idle).toHaveLength(1);
    idle[0]!({ didTimeout: false, timeRemaining: () => 50 });
    await vi.waitFor(() => expect(rum.init).toHaveBeenCalledTimes(1));
    expect(rum.loaded).toHaveBeenCalledTimes(1);
    expect(rum.init.mock.calls[0]?.[0]).toMatchObject({ applicationId: 'app', clientToken: 'pub123', site: 'datadoghq.com', trackingConsent: 'not-granted' });
  });

  it('rule 32: without requestIdleCallback (Safari) a timer after load stands in', async () => {
    configure({ datadog });
    await start();
    expect(rum.loaded).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    await vi.waitFor(() => expect(rum.init).toHaveBeenCalledTimes(1));
  });
});
