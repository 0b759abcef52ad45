// @vitest-environment node
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { DatadogConfig, PublicConfig } from '../../shared/public-config.js';
import { BOOT_SCRIPT } from './boot-script.js';
import { contentSecurityPolicy, cspDirectives, cspHash, datadogIntake, formActionOrigins, headersFile } from './headers.js';
import type { SiteContent } from '../../shared/model.js';

const datadog: DatadogConfig = {
  applicationId: 'app',
  clientToken: 'pub',
  site: 'datadoghq.com',
  service: null,
  env: null,
  version: null,
  sessionSampleRate: 20,
  sessionReplaySampleRate: 20,
};
const none: PublicConfig = { gtmId: null, datadog: null };
const all: PublicConfig = { gtmId: 'GTM-TEST', datadog };
const directives = (config: PublicConfig, formActions: string[] = []) => Object.fromEntries(cspDirectives({ public: config, formActions }));

describe('item 2: the Content-Security-Policy (headers.ts)', () => {
  it('without GTM or Datadog allows only the site itself, the boot script by its hash, no inline script', () => {
    const csp = directives(none);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'", `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`]);
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    // No inline <style> at all: the stylesheet has every rule (the accordion's without JavaScript too).
    expect(csp['style-src-elem']).toEqual(["'self'"]);
    expect(csp['img-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['worker-src']).toBeUndefined();
    expect(csp).toMatchObject({
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
      'upgrade-insecure-requests': [],
    });
  });

  it('adds Google Tag Manager and Datadog hosts only when they are configured', () => {
    const csp = directives(all);
    expect(csp['script-src']).toContain('https://www.googletagmanager.com');
    expect(csp['connect-src']).toEqual(expect.arrayContaining(['https://browser-intake-datadoghq.com', 'https://*.google-analytics.com']));
    expect(csp['worker-src']).toEqual(["'self'", 'blob:']);
    expect(directives({ gtmId: null, datadog })['script-src']).not.toContain('https://www.googletagmanager.com');
    expect(directives({ gtmId: null, datadog: { ...datadog, sessionReplaySampleRate: 0 } })['worker-src']).toBeUndefined();
    expect(directives({ gtmId: 'GTM-X', datadog: null })['connect-src']).not.toContain('https://browser-intake-datadoghq.com');
  });

  it('derives Datadog’s intake host from the site as the SDK does', () => {
    expect(datadogIntake('datadoghq.eu')[0]).toBe('https://browser-intake-datadoghq.eu');
    expect(datadogIntake('us3.datadoghq.com')[0]).toBe('https://browser-intake-us3-datadoghq.com');
    expect(datadogIntake('ddog-gov.com')[0]).toBe('https://browser-intake-ddog-gov.com');
  });

  it('lets CMS forms post to their own https action origin, and nothing else', () => {
    const form = (action: string | null) => ({ component: 'blocks.form', name: 'Form', key: '0', countries: {}, props: { action } });
    const content = {
      pages: [
        {
          blocks: [form('https://forms.example.org/submit?x=1'), form(null), form('http://plain.example/'), { component: 'blocks.hero', props: { action: 'https://no.example' } }],
        },
      ],
      modals: { en: [{ dynZone: [{ ...form('https://crm.example.com/a'), component: 'modals.embedded-form' }] }], es: [] },
    } as unknown as SiteContent;
    const origins = formActionOrigins(content);
    expect(origins).toEqual(['https://crm.example.com', 'https://forms.example.org']);
    expect(directives(none, origins)['form-action']).toEqual(["'self'", ...origins]);
    expect(directives(none, origins)['connect-src']).toEqual(["'self'", ...origins]);
  });

  it('is written as dist/_headers for every path', () => {
    const file = headersFile({ public: all });
    expect(file.file).toBe('_headers');
    expect(file.content).toContain(`/*\n  Content-Security-Policy: ${contentSecurityPolicy({ public: all })}\n`);
    expect(contentSecurityPolicy({ public: none })).toMatch(/^default-src 'self'; script-src 'self' 'sha256-[A-Za-z0-9+/=]+'; style-src /);
    expect(cspHash('a')).toBe("'sha256-ypeBEsobvcr6wjGzmiPcTaeG7/gUfE5yuYB3ha/uSLs='");
  });
});
