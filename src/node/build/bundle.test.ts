// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { publicDefines } from './bundle.js';

describe('browser configuration in the bundle', () => {
  it('comes from the parsed public config: configured values as strings, the rest undefined', () => {
    const defines = publicDefines({
      gtmId: 'GTM-ABC123',
      datadog: { applicationId: 'app', clientToken: 'pub', site: 'datadoghq.eu', service: null, env: 'prod', version: null, sessionSampleRate: 20, sessionReplaySampleRate: 5 },
    });
    expect(defines['import.meta.env.PUBLIC_GTM_ID']).toBe('"GTM-ABC123"');
    expect(defines['import.meta.env.PUBLIC_DATADOG_SITE']).toBe('"datadoghq.eu"');
    expect(defines['import.meta.env.PUBLIC_DATADOG_SESSION_REPLAY_SAMPLE_RATE']).toBe('"5"');
    expect(defines['import.meta.env.PUBLIC_DATADOG_SERVICE']).toBe('undefined');
    const off = publicDefines({ gtmId: null, datadog: null });
    expect(Object.values(off).every((v) => v === 'undefined')).toBe(true);
    // The API token is build-time only: it has no way into the bundle.
    expect(Object.keys(defines).some((k) => k.includes('CMS'))).toBe(false);
  });
});
