import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DatadogConfig } from '../../shared/public-config.js';
import { CONSENT_COOKIE, setConsent } from './consent.js';
import { datadogInitOptions, startDatadog } from './datadog.js';

const rum = vi.hoisted(() => ({ init: vi.fn(), setTrackingConsent: vi.fn() }));
vi.mock('@datadog/browser-rum', () => ({ datadogRum: rum }));

/** Datadog as the build parses an environment with only the application id and client token (defaults applied). */
const env: DatadogConfig = {
  applicationId: 'app',
  clientToken: 'pub123',
  site: 'datadoghq.com',
  service: null,
  env: null,
  version: null,
  sessionSampleRate: 20,
  sessionReplaySampleRate: 20,
};

afterEach(() => {
  document.cookie = `${CONSENT_COOKIE}=; Max-Age=0; Path=/`;
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('Datadog RUM (rules 32, 33)', () => {
  it('rule 32: unset settings (the build applied the spec defaults) are left out or passed on', () => {
    expect(datadogInitOptions(env)).toEqual({
      applicationId: 'app',
      clientToken: 'pub123',
      site: 'datadoghq.com',
      sessionSampleRate: 20,
      sessionReplaySampleRate: 20,
      defaultPrivacyLevel: 'mask-user-input',
      trackingConsent: 'not-granted',
    });
  });

  it('rule 32: PUBLIC_* settings override the defaults', () => {
    const options = datadogInitOptions({ ...env, site: 'datadoghq.eu', service: 'marea', env: 'prod', version: '1.2.3', sessionSampleRate: 100, sessionReplaySampleRate: 0 });
    expect(options).toMatchObject({ site: 'datadoghq.eu', service: 'marea', env: 'prod', version: '1.2.3', sessionSampleRate: 100, sessionReplaySampleRate: 0 });
  });

  it('rule 33: RUM starts with tracking consent not-granted, then follows the visitor to granted', async () => {
    await startDatadog(env);
    expect(rum.init).toHaveBeenCalledTimes(1);
    expect(rum.init.mock.calls[0]?.[0]).toMatchObject({ trackingConsent: 'not-granted' });
    setConsent('granted');
    expect(rum.setTrackingConsent).toHaveBeenLastCalledWith('granted');
    setConsent('denied');
    expect(rum.setTrackingConsent).toHaveBeenLastCalledWith('not-granted');
  });

  it('rule 33: a choice stored on an earlier visit is the initial tracking consent', async () => {
    setConsent('granted');
    await startDatadog(env);
    expect(rum.init.mock.calls[0]?.[0]).toMatchObject({ trackingConsent: 'granted' });
  });

  it('rule 32: a failure to start is logged, never thrown', async () => {
    rum.init.mockImplementationOnce(() => {
      throw new Error('blocked');
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(startDatadog(env)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Datadog RUM did not start'), expect.any(Error));
  });
});
