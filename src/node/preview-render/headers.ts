import { cspDirectives, cspHash } from '../build/headers.js';
import { PREVIEW_STYLE } from '../webhook/preview.js';

export interface PreviewHeaderOptions {
  /** Origins allowed to frame the preview: Strapi's admin (its Preview panel is an iframe). */
  readonly frameAncestors: readonly string[];
  /** Origins the page loads media from (the CMS's uploads): a draft's media are not copied to the site. */
  readonly mediaOrigins?: readonly string[];
}

/**
 * The headers of every preview answer, pages and messages alike: never
 * cached, indexed or referred to (the link carries its token), and a CSP
 * built from the published site's (build/headers.ts) without Google Tag
 * Manager and Datadog: `script-src 'self'` and the boot script's hash, so
 * neither the container nor the RUM intake can be reached even by a bundle
 * built with them; `connect-src 'self'`. Plus what a preview needs: its
 * banner's style by hash, the CMS's media, Strapi's admin as its frame.
 * No `upgrade-insecure-requests`: a local CMS serves its media over http.
 */
export function previewHeaders(options: PreviewHeaderOptions): Record<string, string> {
  const media = options.mediaOrigins ?? [];
  const extra: Record<string, string[]> = {
    'style-src-elem': [cspHash(PREVIEW_STYLE)],
    'img-src': [...media],
    'frame-ancestors': ["'self'", ...options.frameAncestors],
  };
  const directives = cspDirectives({ public: { gtmId: null, datadog: null } })
    .filter(([name]) => name !== 'upgrade-insecure-requests')
    .map(([name, sources]): [string, string[]] => (name === 'frame-ancestors' ? [name, extra[name]!] : [name, [...sources, ...(extra[name] ?? [])]]));
  directives.push(['media-src', ["'self'", ...media]]);
  return {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Robots-Tag': 'noindex, nofollow',
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': directives.map(([name, sources]) => [name, ...new Set(sources)].join(' ')).join('; '),
  };
}
