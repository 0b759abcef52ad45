// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { DatadogConfig } from '../../shared/public-config.js';
import { publicDefines } from './bundle.js';

describe('browser configuration in the bundle', () => {
  it('is the parsed public config, as typed JSON values; unset parts are null', () => {
    const datadog: DatadogConfig = {
      applicationId: 'app',
      clientToken: 'pub',
      site: 'datadoghq.eu',
      service: null,
      env: 'prod',
      version: null,
      sessionSampleRate: 20,
      sessionReplaySampleRate: 5,
    };
    const defines = publicDefines({ gtmId: 'GTM-ABC123', datadog });
    expect(Object.keys(defines)).toEqual(['__MAREA_GTM_ID__', '__MAREA_DATADOG__']);
    expect(defines.__MAREA_GTM_ID__).toBe('"GTM-ABC123"');
    expect(JSON.parse(defines.__MAREA_DATADOG__!)).toEqual(datadog);
    expect(JSON.parse(defines.__MAREA_DATADOG__!).sessionReplaySampleRate).toBe(5);
    const off = publicDefines({ gtmId: null, datadog: null });
    expect(Object.values(off).every((v) => v === 'null')).toBe(true);
    // The API token is build-time only: it has no way into the bundle.
    expect(Object.keys(defines).some((k) => k.includes('CMS'))).toBe(false);
  });
});
