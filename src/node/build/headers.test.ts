// @vitest-environment node
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { DatadogConfig, PublicConfig } from '../../shared/public-config.js';
import { BOOT_SCRIPT } from './boot-script.js';
import { contentSecurityPolicy, cspDirectives, cspHash, datadogIntake, headersFile, splitFormActions, unlistedFormActions } from './headers.js';
import { formActionOrigins } from './media-walks.js';
import { loadConfig } from '../config/env.js';
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

  it("CSP (docs/security.md): with GTM, scripts are trusted by the boot script’s hash and 'strict-dynamic', never by a Google host", () => {
    const boot = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;
    // 'self' is for browsers without CSP 3 only (they ignore 'strict-dynamic'; CSP 3 browsers ignore 'self' beside it).
    expect(directives(all)['script-src']).toEqual(["'self'", boot, "'strict-dynamic'"]);
    expect(directives({ gtmId: null, datadog })['script-src']).toEqual(["'self'", boot]);
    for (const config of [none, all, { gtmId: 'GTM-X', datadog: null }]) {
      const policy = contentSecurityPolicy({ public: config, formActions: ['https://forms.example.org'] });
      expect(policy).not.toMatch(/script-src[^;]*googletagmanager/);
      // No wildcard host in any directive: each host the site talks to is named.
      expect(policy).not.toContain('*');
    }
  });

  it('adds Google Tag Manager and Datadog hosts only when they are configured', () => {
    const csp = directives(all);
    expect(csp['connect-src']).toEqual(expect.arrayContaining(['https://browser-intake-datadoghq.com', 'https://region1.google-analytics.com']));
    expect(csp['worker-src']).toEqual(["'self'", 'blob:']);
    expect(directives({ gtmId: null, datadog })['connect-src']).not.toContain('https://region1.google-analytics.com');
    expect(directives({ gtmId: null, datadog: { ...datadog, sessionReplaySampleRate: 0 } })['worker-src']).toBeUndefined();
    expect(directives({ gtmId: 'GTM-X', datadog: null })['connect-src']).not.toContain('https://browser-intake-datadoghq.com');
  });

  it('derives Datadog’s intake host from the site as the SDK does', () => {
    expect(datadogIntake('datadoghq.com')).toEqual(['https://browser-intake-datadoghq.com']);
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

  it('CSP (docs/security.md): a form origin widens the policy only when its host is in FORM_HOSTS; the others are named by page, block and field', () => {
    const origins = ['https://crm.example.com', 'https://forms.example.org', 'https://forms.example.org:8443'];
    expect(splitFormActions(origins, [])).toEqual({ listed: [], unlisted: origins });
    const { formHosts } = loadConfig({ FORM_HOSTS: 'Forms.Example.org, forms.example.org,,' });
    expect(formHosts).toEqual(['forms.example.org']);
    expect(loadConfig({}).formHosts).toEqual([]);
    const split = splitFormActions(origins, formHosts);
    expect(split).toEqual({ listed: ['https://forms.example.org'], unlisted: ['https://crm.example.com', 'https://forms.example.org:8443'] });
    expect(directives(none, split.listed)['form-action']).toEqual(["'self'", 'https://forms.example.org']);
    expect(directives(none, split.listed)['connect-src']).toEqual(["'self'", 'https://forms.example.org']);

    const form = (action: string) => ({ component: 'blocks.form', key: '3', props: { action } });
    const content = {
      pages: [
        { slug: 'contact', locale: 'en', blocks: [form('https://crm.example.com/lead'), form('https://forms.example.org/a')] },
        { slug: 'contacto', locale: 'es', blocks: [form('/local')] },
      ],
      modals: { en: [{ name: 'Book now', items: [{ ...form('https://crm.example.com/b'), component: 'modals.embedded-form', key: '0' }] }], es: [] },
    };
    const lines = unlistedFormActions(content, split.unlisted);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(
      /^⚠ page "contact" \(en\)\.blocks\[0\], block blocks\.form 3, field "action" \(Send to \(URL\)\): the form posts to https:\/\/crm\.example\.com, whose host is not in FORM_HOSTS/,
    );
    expect(lines[1]).toMatch(/^ {2}página "contact" \(en\)\.blocks\[0\], bloque blocks\.form 3, campo "action" .*no está en FORM_HOSTS/);
    expect(lines[2]).toContain('modal "Book now" (en).items[0], block modals.embedded-form 0, field "action"');
    expect(unlistedFormActions(content, [])).toEqual([]);
    expect(configErrorKeys('https://forms.example.org')).toEqual(['FORM_HOSTS']);
    expect(configErrorKeys('*.example.org')).toEqual(['FORM_HOSTS']);
  });

  it('is written as dist/_headers for every path', () => {
    const file = headersFile({ public: all });
    expect(file.file).toBe('_headers');
    expect(file.content).toContain(`/*\n  Content-Security-Policy: ${contentSecurityPolicy({ public: all })}\n`);
    expect(contentSecurityPolicy({ public: none })).toMatch(/^default-src 'self'; script-src 'self' 'sha256-[A-Za-z0-9+/=]+'; style-src /);
    expect(cspHash('a')).toBe("'sha256-ypeBEsobvcr6wjGzmiPcTaeG7/gUfE5yuYB3ha/uSLs='");
  });
});

/** The variables `loadConfig` refuses for a FORM_HOSTS value. */
function configErrorKeys(value: string): string[] {
  try {
    loadConfig({ FORM_HOSTS: value });
  } catch (error) {
    return (error as { issues: { key: string }[] }).issues.map((issue) => issue.key);
  }
  return [];
}
