// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, PUBLIC_VARIABLES, type BuildOptions } from './env.js';

/**
 * What a build is for (docs/deploying.md, "One writer of production"): a
 * production build says so (`--production`, or Netlify's CONTEXT=production)
 * and publishes a public https origin, never localhost; Netlify's deploy
 * previews and branch deploys publish at their own URL, noindex; everything
 * else is a local build.
 */
const BUILD: BuildOptions = { production: false };
const PRODUCTION: BuildOptions = { production: true };

function issuesOf(env: Record<string, string>, build: BuildOptions | undefined) {
  try {
    loadConfig(env, build);
  } catch (error) {
    if (error instanceof ConfigError) return { issues: error.issues, message: error.message };
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('local builds: npm start, the tests, CI, every script but the build', () => {
  it('a build that does not say it is production is local, on SITE_URL or localhost', () => {
    expect(loadConfig({}, BUILD)).toMatchObject({ deploy: 'local', siteUrl: 'http://localhost:4173' });
    expect(loadConfig({ SITE_URL: 'http://127.0.0.1:4173' }, BUILD)).toMatchObject({ deploy: 'local', siteUrl: 'http://127.0.0.1:4173' });
    // `netlify dev` says CONTEXT=dev.
    expect(loadConfig({ CONTEXT: 'dev', URL: 'http://localhost:8888' }, BUILD)).toMatchObject({ deploy: 'local', siteUrl: 'http://localhost:4173' });
  });

  it("outside the build entry Netlify's variables count for nothing", () => {
    const env = { CONTEXT: 'production', URL: 'http://localhost:8888', DEPLOY_PRIME_URL: 'not a url' };
    expect(loadConfig(env)).toMatchObject({ deploy: 'local', siteUrl: 'http://localhost:4173' });
    expect(loadConfig({ ...env, CONTEXT: 'deploy-preview' })).toMatchObject({ deploy: 'local' });
  });
});

describe('production builds', () => {
  it('--production or CONTEXT=production: SITE_URL, else Netlify’s URL', () => {
    expect(loadConfig({ SITE_URL: 'https://www.Example.com/' }, PRODUCTION)).toMatchObject({ deploy: 'production', siteUrl: 'https://www.example.com' });
    expect(loadConfig({ CONTEXT: 'production', URL: 'https://marea-resort.netlify.app' }, BUILD)).toMatchObject({
      deploy: 'production',
      siteUrl: 'https://marea-resort.netlify.app',
    });
    expect(loadConfig({ CONTEXT: 'production', URL: 'https://marea-resort.netlify.app', SITE_URL: 'https://www.example.com' }, BUILD)).toMatchObject({
      siteUrl: 'https://www.example.com',
    });
    expect(loadConfig({ URL: 'https://marea-resort.netlify.app' }, PRODUCTION).siteUrl).toBe('https://marea-resort.netlify.app');
  });

  it('fails naming SITE_URL when there is no public origin', () => {
    const { issues, message } = issuesOf({}, PRODUCTION);
    expect(issues).toEqual([{ key: 'SITE_URL', expected: expect.stringContaining('public https origin for a production build') as string, received: undefined }]);
    expect(message).toContain('SITE_URL: expected');
    expect(message).toContain('but it is not set');
    expect(issuesOf({ CONTEXT: 'production' }, BUILD).issues.map((i) => i.key)).toEqual(['SITE_URL']);
  });

  it.each([
    'http://localhost:4173',
    'https://localhost',
    'https://LOCALHOST:8443',
    'https://site.localhost',
    'https://127.0.0.1',
    'https://127.1.2.3:8443',
    'https://[::1]',
    'https://[::]',
    'https://[::ffff:127.0.0.1]',
    'https://0.0.0.0',
    'http://www.example.com',
  ])('refuses to publish %s (loopback, or not https)', (url) => {
    const { issues } = issuesOf({ SITE_URL: url }, PRODUCTION);
    expect(issues.map((i) => [i.key, i.received])).toEqual([['SITE_URL', JSON.stringify(url)]]);
  });

  it("names SITE_URL when Netlify's URL is not a public https origin either", () => {
    const { issues, message } = issuesOf({ CONTEXT: 'production', URL: 'http://localhost:8888' }, BUILD);
    expect(issues.map((i) => i.key)).toEqual(['SITE_URL']);
    expect(message).toContain(`got "http://localhost:8888" (Netlify's URL; SITE_URL is not set)`);
  });

  it('every PUBLIC_* variable of the environment reaches a production build', () => {
    const values: Record<string, string> = {
      PUBLIC_GTM_ID: 'GTM-PROD123',
      PUBLIC_DATADOG_APPLICATION_ID: 'prod-app',
      PUBLIC_DATADOG_CLIENT_TOKEN: 'pub-prod-token',
      PUBLIC_DATADOG_SITE: 'datadoghq.eu',
      PUBLIC_DATADOG_SERVICE: 'marea-site',
      PUBLIC_DATADOG_ENV: 'production',
      PUBLIC_DATADOG_VERSION: '2026.11.28',
      PUBLIC_DATADOG_SESSION_SAMPLE_RATE: '37',
      PUBLIC_DATADOG_SESSION_REPLAY_SAMPLE_RATE: '3',
    };
    // The list above is every PUBLIC_* variable the configuration knows: a new one must be added here.
    expect(Object.keys(values).sort()).toEqual([...PUBLIC_VARIABLES].sort());
    const config = loadConfig({ CONTEXT: 'production', URL: 'https://marea-resort.netlify.app', ...values }, BUILD);
    const shipped = JSON.stringify(config.public);
    for (const [key, value] of Object.entries(values)) expect(shipped, key).toContain(key.endsWith('RATE') ? `:${value}` : `"${value}"`);
    // Each one counts: without it the public configuration differs.
    for (const key of PUBLIC_VARIABLES) {
      const without = { ...values };
      delete without[key];
      expect(JSON.stringify(loadConfig({ CONTEXT: 'production', URL: 'https://marea-resort.netlify.app', ...without }, BUILD).public), key).not.toBe(shipped);
    }
  });
});

describe("Netlify's deploy previews and branch deploys", () => {
  it.each(['deploy-preview', 'branch-deploy'])('CONTEXT=%s: published at DEPLOY_PRIME_URL, as a preview (noindex)', (context) => {
    const env = {
      CONTEXT: context,
      DEPLOY_PRIME_URL: 'https://deploy-preview-42--marea-resort.netlify.app',
      URL: 'https://marea-resort.netlify.app',
      SITE_URL: 'https://www.example.com',
    };
    expect(loadConfig(env, BUILD)).toMatchObject({ deploy: 'preview', siteUrl: 'https://deploy-preview-42--marea-resort.netlify.app' });
    expect(loadConfig({ CONTEXT: context, SITE_URL: 'https://www.example.com' }, BUILD)).toMatchObject({ deploy: 'preview', siteUrl: 'https://www.example.com' });
  });

  it('an invalid DEPLOY_PRIME_URL, and --production in a preview, are named', () => {
    expect(issuesOf({ CONTEXT: 'deploy-preview', DEPLOY_PRIME_URL: 'preview.example' }, BUILD).issues.map((i) => i.key)).toEqual(['DEPLOY_PRIME_URL']);
    const { issues } = issuesOf({ CONTEXT: 'deploy-preview', DEPLOY_PRIME_URL: 'https://deploy-preview-1--x.netlify.app', SITE_URL: 'https://www.example.com' }, PRODUCTION);
    expect(issues.map((i) => [i.key, i.received])).toEqual([['CONTEXT', '"deploy-preview"']]);
  });
});
