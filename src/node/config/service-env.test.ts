// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ConfigError } from './env.js';
import { loadServiceConfig } from './service-env.js';

describe('loadServiceConfig: the services and local servers, validated once at their entry', () => {
  it('gives the documented defaults when nothing is set, blank meaning unset', () => {
    expect(loadServiceConfig({ WEBHOOK_PORT: ' ', MAREA_CMS_STATE: '' })).toEqual({
      webhookPort: 4174,
      webhookHost: '127.0.0.1',
      webhookSecret: null,
      previewSecret: null,
      netlifyBuildHook: null,
      cmsPort: 1337,
      cmsState: null,
      previewPort: 4173,
      previewHost: '127.0.0.1',
    });
  });

  it('reads what is set', () => {
    const config = loadServiceConfig({ WEBHOOK_PORT: '8080', HOST: '0.0.0.0', WEBHOOK_SECRET: 'a'.repeat(16), NETLIFY_BUILD_HOOK: 'https://api.netlify.com/build_hooks/x' });
    expect(config).toMatchObject({ webhookPort: 8080, previewHost: '0.0.0.0', webhookSecret: 'a'.repeat(16), netlifyBuildHook: 'https://api.netlify.com/build_hooks/x' });
  });

  it('names every invalid variable in one error, and never echoes a secret', () => {
    let error: unknown;
    try {
      loadServiceConfig({ WEBHOOK_PORT: 'eighty', CMS_PORT: '70000', WEBHOOK_SECRET: 'short-secret', NETLIFY_BUILD_HOOK: 'ftp://hook' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const key of ['WEBHOOK_PORT', 'CMS_PORT', 'WEBHOOK_SECRET', 'NETLIFY_BUILD_HOOK']) expect(message).toContain(key);
    expect(message).toContain('"eighty"');
    expect(message).not.toContain('short-secret');
  });
});
