import { createHash } from 'node:crypto';
import type { DatadogConfig, PublicConfig } from '../../shared/public-config.js';
import { BOOT_SCRIPT } from './boot-script.js';
import { FORM_COMPONENTS } from './media-walks.js';
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
 *   need nothing). Never `'unsafe-inline'`: an injected `<script>` does not
 *   run. The Datadog RUM SDK is bundled (its own chunk, `'self'`): no Datadog
 *   script host. With `PUBLIC_GTM_ID`, `'strict-dynamic'` is added and no
 *   Google host: the boot script (trusted by its hash) starts the entry, the
 *   entry injects `gtm.js`, and the container's tags are trusted because a
 *   trusted script created them; a `<script src>` an attacker injects into
 *   the HTML is parser-inserted and refused, whatever its host. A host
 *   allow-list of `https://www.googletagmanager.com` would let an injected
 *   tag load anyone's container (docs/security.md). `'self'` stays for
 *   browsers without CSP 3 (they ignore `'strict-dynamic'`; the site works,
 *   GTM does not load), and CSP 3 browsers ignore it.
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
 *   Analytics' pixels when GTM is on (named hosts, no wildcard).
 * - `connect-src 'self'` (payloads, manifests, Netlify forms) + Datadog's
 *   intake for the configured site + Google Analytics with GTM + the origin
 *   of a CMS form's own `action` when its host is in `FORM_HOSTS` (the form
 *   posts there with fetch). An action elsewhere widens nothing: the
 *   build names the form (`unlistedFormActions`) and the browser refuses
 *   the post.
 * - `worker-src 'self' blob:` only with Datadog Session Replay (its
 *   compression worker is a `blob:` URL).
 * - `form-action 'self'` (Netlify forms post to the page's own origin) + the
 *   origins of CMS form actions on `FORM_HOSTS`; `base-uri 'self'`; `object-src 'none'`;
 *   `frame-ancestors 'none'` (no one frames the site; the webhook service's
 *   draft preview sets its own); `upgrade-insecure-requests`.
 */

/** The inline scripts every page carries (their text exactly as in the HTML). */
const INLINE_SCRIPTS: readonly string[] = [BOOT_SCRIPT];

/**
 * What Google Tag Manager and its Google Analytics 4 tag need besides their
 * scripts (`'strict-dynamic'` covers those): the hosts GA4 sends hits to,
 * each named (Google's guide lists `*.google-analytics.com`; a wildcard
 * would let a script send anything to any Google customer's endpoint).
 * A container with other tags (ads, other vendors) needs their hosts here.
 */
const GTM_SOURCES = {
  script: ["'strict-dynamic'"],
  img: ['https://www.googletagmanager.com', 'https://www.google-analytics.com', 'https://region1.google-analytics.com'],
  connect: [
    'https://www.googletagmanager.com',
    'https://www.google-analytics.com',
    'https://region1.google-analytics.com',
    'https://analytics.google.com',
    'https://region1.analytics.google.com',
  ],
} as const;

/** Block components whose `action` is where the form posts. */

/** `'sha256-…'` of a script or style text, as CSP hashes it (UTF-8). */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * Datadog's intake origin for a site, as the SDK builds it
 * (@datadog/js-core endpointBuilder): `us3.datadoghq.com` →
 * `https://browser-intake-us3-datadoghq.com`. No wildcard subdomain: the
 * site uses no remote configuration (`sdk-configuration.browser-intake-…`).
 */
export function datadogIntake(site: string): string[] {
  const parts = site.split('.');
  const extension = parts.pop();
  return [`https://browser-intake-${parts.join('-')}.${extension}`];
}

/**
 * The form origins the CSP may allow: those whose host is in `FORM_HOSTS`
 * (`Config.formHosts`, as `URL.host` writes it). The rest are `unlisted`:
 * an editor's `action` never widens the policy by itself.
 */
export function splitFormActions(origins: readonly string[], formHosts: readonly string[]): { listed: string[]; unlisted: string[] } {
  const allowed = new Set(formHosts);
  const listed = origins.filter((origin) => allowed.has(new URL(origin).host));
  return { listed, unlisted: origins.filter((origin) => !listed.includes(origin)) };
}

/**
 * Where forms post to an unlisted origin: one line per form, naming its page
 * (locale and slug) or modal, its block and the field, in English and Spanish,
 * for the build log. The post would be refused by the browser (`form-action`,
 * `connect-src`): the editor changes the address, or the operator adds the
 * host to `FORM_HOSTS`.
 */
export function unlistedFormActions(content: unknown, unlisted: readonly string[]): string[] {
  if (unlisted.length === 0) return [];
  const refused = new Set(unlisted);
  const lines: string[] = [];
  /** `where`: the path from the content's root, from the nearest page on (`[en, es]` wording). */
  const visit = (value: unknown, where: readonly [string, string]): void => {
    if (Array.isArray(value)) {
      value.forEach((item, index) => visit(item, [`${where[0]}[${index}]`, `${where[1]}[${index}]`]));
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    const page = typeof record.slug === 'string' && typeof record.locale === 'string' ? `"${record.slug}" (${record.locale})` : null;
    // A modal (`content.modals.<locale>[i]`): its name, as the CMS lists it.
    const modalLocale = typeof record.name === 'string' && Array.isArray(record.items) ? /\.modals\.(\w+)\[\d+\]$/.exec(where[0])?.[1] : undefined;
    const modal = modalLocale ? `"${String(record.name)}" (${modalLocale})` : null;
    const here: readonly [string, string] = page ? [`page ${page}`, `página ${page}`] : modal ? [`modal ${modal}`, `modal ${modal}`] : where;
    if (typeof record.component === 'string' && FORM_COMPONENTS.has(record.component)) {
      const action = (record.props as Record<string, unknown> | undefined)?.action;
      const origin = typeof action === 'string' ? URL.parse(action)?.origin : undefined;
      if (origin && refused.has(origin)) {
        const block = `${record.component} ${String(record.key)}`;
        lines.push(
          `⚠ ${here[0]}, block ${block}, field "action" (Send to (URL)): the form posts to ${origin}, whose host is not in FORM_HOSTS; browsers refuse the post (Content-Security-Policy). Change the address in the CMS, or add the host to FORM_HOSTS.`,
          `  ${here[1]}, bloque ${block}, campo "action" (Dirección del formulario): el formulario envía a ${origin}, cuyo host no está en FORM_HOSTS; los navegadores rechazan el envío (Content-Security-Policy). Cambia la dirección en el CMS o agrega el host a FORM_HOSTS.`,
        );
      }
    }
    for (const [key, child] of Object.entries(record)) visit(child, [`${here[0]}.${key}`, `${here[1]}.${key}`]);
  };
  visit(content, ['content', 'content']);
  return lines;
}

export interface CspOptions {
  public: PublicConfig;
  /** Origins CMS forms post to (`formActionOrigins`), those on `FORM_HOSTS` only (`splitFormActions`). */
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
