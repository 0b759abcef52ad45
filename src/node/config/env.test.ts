// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.js';

function configError(env: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected loadConfig to throw a ConfigError');
}

describe('loadConfig', () => {
  it('applies the defaults of the content contract to an empty environment', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      cmsUrl: null,
      cmsToken: null,
      reportToken: null,
      previewSecret: null,
      cmsLocales: { en: 'en', es: 'es-MX' },
      siteUrl: 'http://localhost:4173',
      deploy: 'local',
      defaultCountry: { en: 'USA', es: 'MEX' },
      strict: false,
      mediaHosts: [],
      formHosts: [],
      mediaMaxBytes: 100_000_000,
      cmsMaxBytes: 50_000_000,
      public: { gtmId: null, datadog: null },
    });
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.cmsLocales)).toBe(true);
    expect(Object.isFrozen(config.public)).toBe(true);
  });

  it('MAREA_PREVIEW_SECRET: at least 32 characters, never echoed when it is too short', () => {
    const secret = 'f'.repeat(32);
    expect(loadConfig({ MAREA_PREVIEW_SECRET: secret }).previewSecret).toBe(secret);
    const error = configError({ MAREA_PREVIEW_SECRET: 'short-secret' });
    expect(error.message).not.toContain('short-secret');
    expect(error.issues).toEqual([{ key: 'MAREA_PREVIEW_SECRET', expected: expect.stringContaining('at least 32'), received: '"…"' }]);
  });

  it('treats blank variables as unset', () => {
    expect(loadConfig({ CMS_URL: '', SITE_URL: '  ', BUILD_STRICT: '' }).cmsUrl).toBeNull();
  });

  it('parses every variable', () => {
    const config = loadConfig({
      CMS_URL: 'https://cms.example.com/strapi/',
      CMS_TOKEN: 'secret',
      MAREA_REPORT_TOKEN: 'report-secret',
      CMS_LOCALES: 'es:es-419, en:en-US',
      SITE_URL: 'https://www.Example.com/',
      DEFAULT_COUNTRY: 'can',
      BUILD_STRICT: 'true',
      PUBLIC_GTM_ID: 'GTM-ABC1234',
      PUBLIC_DATADOG_APPLICATION_ID: 'app-id',
      PUBLIC_DATADOG_CLIENT_TOKEN: 'pub-token',
      PUBLIC_DATADOG_SERVICE: 'marea',
      PUBLIC_DATADOG_ENV: 'prod',
      PUBLIC_DATADOG_VERSION: '1.2.3',
      PUBLIC_DATADOG_SESSION_SAMPLE_RATE: '100',
      PUBLIC_DATADOG_SESSION_REPLAY_SAMPLE_RATE: '0',
    });
    expect(config.cmsUrl).toBe('https://cms.example.com/strapi');
    expect(config.cmsToken).toBe('secret');
    expect(config.reportToken).toBe('report-secret');
    expect(config.cmsLocales).toEqual({ en: 'en-US', es: 'es-419' });
    expect(config.siteUrl).toBe('https://www.example.com');
    expect(config.defaultCountry).toEqual({ en: 'CAN', es: 'CAN' });
    expect(config.strict).toBe(true);
    expect(config.public).toEqual({
      gtmId: 'GTM-ABC1234',
      datadog: {
        applicationId: 'app-id',
        clientToken: 'pub-token',
        site: 'datadoghq.com',
        service: 'marea',
        env: 'prod',
        version: '1.2.3',
        sessionSampleRate: 100,
        sessionReplaySampleRate: 0,
      },
    });
  });

  it('MEDIA_HOSTS lists the hosts media may come from besides the CMS, MEDIA_MAX_BYTES caps a file', () => {
    const config = loadConfig({ MEDIA_HOSTS: ' Bucket.S3.amazonaws.com, cdn.example.com:8443,127.0.0.1:9000,,[::1]:9000, cdn.example.com:80 ', MEDIA_MAX_BYTES: '2MB' });
    expect(config.mediaHosts).toEqual(['bucket.s3.amazonaws.com', 'cdn.example.com:8443', '127.0.0.1:9000', '[::1]:9000', 'cdn.example.com']);
    expect(Object.isFrozen(config.mediaHosts)).toBe(true);
    expect(config.mediaMaxBytes).toBe(2_000_000);
    expect(loadConfig({ MEDIA_MAX_BYTES: '1048576' }).mediaMaxBytes).toBe(1_048_576);
    expect(loadConfig({ MEDIA_MAX_BYTES: '1.5 GB' }).mediaMaxBytes).toBe(1_500_000_000);
    // CMS_MAX_BYTES, the cap of a CMS answer (src/node/cms/capped-body.ts), is written the same way.
    expect(loadConfig({ CMS_MAX_BYTES: '2MB' }).cmsMaxBytes).toBe(2_000_000);
    expect(loadConfig({ CMS_MAX_BYTES: '123456' }).cmsMaxBytes).toBe(123_456);
    expect(configError({ CMS_MAX_BYTES: '-1' }).issues.map((issue) => issue.key)).toEqual(['CMS_MAX_BYTES']);
    for (const hosts of ['https://cdn.example.com', '*.example.com', 'cdn.example.com/media', 'user@cdn.example.com', 'cdn.example.com:99999', ',']) {
      expect(configError({ MEDIA_HOSTS: hosts }).issues.map((issue) => issue.key)).toEqual(['MEDIA_HOSTS']);
    }
    for (const size of ['0', '-5', 'lots', '10 TB', '100MiB']) {
      expect(configError({ MEDIA_MAX_BYTES: size }).issues.map((issue) => issue.key)).toEqual(['MEDIA_MAX_BYTES']);
    }
  });

  it('accepts BUILD_STRICT=1 and per-locale countries', () => {
    const config = loadConfig({ BUILD_STRICT: '1', DEFAULT_COUNTRY: 'en:usa,es:MEX' });
    expect(config.strict).toBe(true);
    expect(config.defaultCountry).toEqual({ en: 'USA', es: 'MEX' });
    expect(loadConfig({ BUILD_STRICT: '0' }).strict).toBe(false);
  });

  it('rule 31: only a GTM-XXXX container id turns GTM on (the browser gets it as parsed here)', () => {
    expect(loadConfig({ PUBLIC_GTM_ID: 'GTM-ABC1234' }).public.gtmId).toBe('GTM-ABC1234');
    expect(loadConfig({ PUBLIC_GTM_ID: ' gtm-abc1234 ' }).public.gtmId).toBe('GTM-ABC1234');
    expect(loadConfig({ PUBLIC_GTM_ID: '' }).public.gtmId).toBeNull();
    for (const bad of ['UA-12345-1', 'GTM-', 'GTM-AB"><script>']) expect(configError({ PUBLIC_GTM_ID: bad }).issues[0]?.key).toBe('PUBLIC_GTM_ID');
  });

  it('keeps Datadog off unless both application id and client token are set', () => {
    expect(loadConfig({ PUBLIC_DATADOG_APPLICATION_ID: 'app-id' }).public.datadog).toBeNull();
    expect(loadConfig({ PUBLIC_DATADOG_CLIENT_TOKEN: 'tok' }).public.datadog).toBeNull();
    const datadog = loadConfig({
      PUBLIC_DATADOG_APPLICATION_ID: 'app-id',
      PUBLIC_DATADOG_CLIENT_TOKEN: 'tok',
    }).public.datadog;
    expect(datadog).toMatchObject({ site: 'datadoghq.com', sessionSampleRate: 20, sessionReplaySampleRate: 20 });
  });

  it('lists every invalid variable in one ConfigError', () => {
    const error = configError({
      CMS_URL: 'ftp://cms.example.com',
      CMS_LOCALES: 'fr:fr',
      SITE_URL: 'https://www.example.com/site?x=1',
      DEFAULT_COUNTRY: 'en:US,es:MEX',
      BUILD_STRICT: 'yes',
      PUBLIC_GTM_ID: '<script>',
      PUBLIC_DATADOG_SESSION_SAMPLE_RATE: '150',
      PUBLIC_DATADOG_SESSION_REPLAY_SAMPLE_RATE: 'lots',
    });
    expect(error.issues.map((issue) => issue.key)).toEqual([
      'CMS_URL',
      'CMS_LOCALES',
      'SITE_URL',
      'DEFAULT_COUNTRY',
      'BUILD_STRICT',
      'PUBLIC_GTM_ID',
      'PUBLIC_DATADOG_SESSION_SAMPLE_RATE',
      'PUBLIC_DATADOG_SESSION_REPLAY_SAMPLE_RATE',
    ]);
    expect(error.message).toContain('CMS_LOCALES: expected "en:<code>,es:<code>"');
    expect(error.message).toContain('got "fr:fr"');
    expect(error.message).toContain('CMS_URL: expected an http(s) URL');
    expect(error.message).toContain('got "ftp://cms.example.com"');
    expect(error.message).toContain('PUBLIC_DATADOG_SESSION_SAMPLE_RATE: expected a number from 0 to 100, got "150"');
    expect(error.message).toMatch(/^Invalid environment: 8 variables to fix/);
  });

  it.each([
    ['en:en', 'one locale missing'],
    ['en:en,es:es-MX,en:en-US', 'a locale twice'],
    ['en:en;es:es-MX', 'a wrong separator'],
    ['en:,es:es-MX', 'an empty code'],
  ])('rejects CMS_LOCALES with %s (%s)', (value) => {
    expect(configError({ CMS_LOCALES: value }).issues[0]?.key).toBe('CMS_LOCALES');
  });

  it('rejects a SITE_URL with a path and a relative CMS_URL', () => {
    const error = configError({ SITE_URL: 'https://example.com/resort', CMS_URL: '/cms' });
    expect(error.issues.map((issue) => issue.key)).toEqual(['CMS_URL', 'SITE_URL']);
  });
});
