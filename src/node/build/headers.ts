import { createHash } from 'node:crypto';
import type { DatadogConfig, PublicConfig } from '../../shared/public-config.js';
import { BOOT_SCRIPT } from './boot-script.js';
import type { RenderedFile } from './render.js';

/**
 * The Content-Security-Policy of the published site, written by each build
 * as `dist/_headers` (Netlify applies a `_headers` file of the publish
 * folder; `npm run preview` reads the same file through @netlify/headers).
 * It depends on the configuration (GTM, Datadog) and on the content (a CMS
 * form may post to another origin), so it cannot live in netlify.toml; the
 * headers that never change (HSTS, Permissions-Policy, X-Frame-Options…)
 * do (netlify.toml `[[headers]]`).
 *
 * What each directive allows, and why:
 * - `default-src 'self'`: fonts, media (video), manifests, frames: only ours.
 * - `script-src 'self'` + the hash of each inline script (the boot script,
 *   boot-script.ts; `type="application/json"` and `application/ld+json`
 *   data blocks, the payload and the structured data, do not execute and
 *   need nothing) + Google Tag Manager when `PUBLIC_GTM_ID` is set. Never
 *   `'unsafe-inline'`: an injected `<script>` does not run. The Datadog RUM
 *   SDK is bundled (its own chunk, `'self'`): no Datadog script host.
 * - `style-src-elem 'self'`: pages carry no inline `<style>` (the
 *   stylesheet has every rule, the accordion's for pages without
 *   JavaScript too): an injected `<style>` is refused.
 * - `style-src-attr 'unsafe-inline'`: React renders `style` attributes whose
 *   values come from content (gallery columns, offer colours), different on
 *   every page, so they cannot be hashed; an attribute style cannot run
 *   script nor select other elements (no CSS exfiltration by selectors), and
 *   any `url()` in it is still bound by `img-src`. `style-src 'self'
 *   'unsafe-inline'` is only the fallback for browsers without the `-elem` /
 *   `-attr` directives (which ignore it when they have them).
 * - `img-src 'self'`: every image is copied into `/assets/media` at build
 *   time (no CMS or CDN host, no `data:` URL in pages or CSS); plus Google
 *   Analytics' pixels when GTM is on.
 * - `connect-src 'self'` (payloads, manifests, Netlify forms) + Datadog's
 *   intake for the configured site + Google Analytics with GTM + the origin
 *   of a CMS form's own `action`, if any (the form posts there with fetch).
 * - `worker-src 'self' blob:` only with Datadog Session Replay (its
 *   compression worker is a `blob:` URL).
 * - `form-action 'self'` (Netlify forms post to the page's own origin) + the
 *   origins of CMS form actions; `base-uri 'self'`; `object-src 'none'`;
 *   `frame-ancestors 'none'` (no one frames the site; the webhook service's
 *   draft preview sets its own); `upgrade-insecure-requests`.
 */

/** The inline scripts every page carries (their text exactly as in the HTML). */
const INLINE_SCRIPTS: readonly string[] = [BOOT_SCRIPT];

/** Google Tag Manager, and the Google Analytics 4 hosts its usual tags load and send to (Google's CSP guide for GTM + GA4). */
const GTM_SOURCES = {
  script: ['https://www.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
} as const;

/** Block components whose `action` is where the form posts. */
const FORM_COMPONENTS = new Set(['blocks.form', 'modals.embedded-form']);

/** `'sha256-…'` of a script or style text, as CSP hashes it (UTF-8). */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * Datadog's intake origin for a site, as the SDK builds it
 * (@datadog/js-core endpointBuilder): `us3.datadoghq.com` →
 * `https://browser-intake-us3-datadoghq.com`; a subdomain of it (remote
 * configuration) too.
 */
export function datadogIntake(site: string): string[] {
  const parts = site.split('.');
  const extension = parts.pop();
  const host = `browser-intake-${parts.join('-')}.${extension}`;
  return [`https://${host}`, `https://*.${host}`];
}

/** The origins (https only) CMS forms post to, other than the site's own, sorted. */
export function formActionOrigins(content: unknown): string[] {
  const origins = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    if (typeof record.component === 'string' && FORM_COMPONENTS.has(record.component)) {
      const action = (record.props as Record<string, unknown> | undefined)?.action;
      const url = typeof action === 'string' ? URL.parse(action) : null;
      if (url?.protocol === 'https:') origins.add(url.origin);
    }
    for (const child of Object.values(record)) visit(child);
  };
  visit(content);
  return [...origins].sort();
}

export interface CspOptions {
  public: PublicConfig;
  /** Origins CMS forms post to (`formActionOrigins`). */
  formActions?: readonly string[];
  /** A Netlify deploy preview or branch deploy (`Config.deploy`): `X-Robots-Tag: noindex` on every path. */
  noindex?: boolean;
}

/** The directives, in order, each with its sources. */
export function cspDirectives(options: CspOptions): [string, string[]][] {
  const { gtmId, datadog } = options.public;
  const gtm = gtmId !== null;
  const forms = options.formActions ?? [];
  const replay = datadog !== null && datadog.sessionReplaySampleRate > 0;
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...INLINE_SCRIPTS.map(cspHash), ...(gtm ? GTM_SOURCES.script : [])]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['style-src-elem', ["'self'"]],
    ['style-src-attr', ["'unsafe-inline'"]],
    ['img-src', ["'self'", ...(gtm ? GTM_SOURCES.img : [])]],
    ['connect-src', ["'self'", ...(datadog ? datadogIntake((datadog as DatadogConfig).site) : []), ...(gtm ? GTM_SOURCES.connect : []), ...forms]],
    ...(replay ? [['worker-src', ["'self'", 'blob:']] as [string, string[]]] : []),
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'", ...forms]],
    ['frame-ancestors', ["'none'"]],
    ['upgrade-insecure-requests', []],
  ];
  return directives;
}

/** The header value: `default-src 'self'; script-src …; upgrade-insecure-requests`. */
export function contentSecurityPolicy(options: CspOptions): string {
  return cspDirectives(options)
    .map(([name, sources]) => [name, ...new Set(sources)].join(' '))
    .join('; ');
}

/** Where the build writes the generated headers, relative to dist/. */
export const HEADERS_FILE = '_headers';

/** `dist/_headers` (Netlify's format): the CSP on every path, and a preview's `X-Robots-Tag`. */
export function headersFile(options: CspOptions): RenderedFile {
  const content = [
    '# Written by the build (src/node/build/headers.ts): the Content-Security-Policy depends on',
    '# PUBLIC_GTM_ID, PUBLIC_DATADOG_* and the CMS forms. The static headers are in netlify.toml.',
    '/*',
    `  Content-Security-Policy: ${contentSecurityPolicy(options)}`,
    ...(options.noindex ? ['  X-Robots-Tag: noindex'] : []),
    '',
  ].join('\n');
  return { file: HEADERS_FILE, content };
}
