import { RedirectRefusedError } from './redirect-refused-error.js';

/** Redirects followed per request; a CMS behind a proxy needs one or two (`/api` → `/api/`, http → https is another origin). */
export const MAX_CMS_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * `fetch(request)` with its redirects followed by hand, and only within the
 * origin of `request` (scheme, host and port): a redirect anywhere else is
 * refused before any request is made to it (a CMS, or whoever answers in its
 * place, could otherwise make the build request internal addresses), as is a
 * chain of more than `MAX_CMS_REDIRECTS`. Headers, the token included, go
 * along: the origin is the same. Throws `RedirectRefusedError`.
 */
export async function fetchWithinOrigin(request: Request): Promise<Response> {
  const origin = new URL(request.url).origin;
  let current = new Request(request, { redirect: 'manual' });
  for (let hop = 0; ; hop += 1) {
    const response = await fetch(current);
    const location = response.headers.get('location');
    if (!REDIRECT_STATUSES.has(response.status) || location === null) return response;
    await response.body?.cancel();
    const next = new URL(location, current.url);
    if (next.origin !== origin) {
      throw new RedirectRefusedError(request.url, next.href, `it leads to another origin than the CMS's (${origin}); Marea follows redirects only within the CMS's origin`);
    }
    if (hop >= MAX_CMS_REDIRECTS) throw new RedirectRefusedError(request.url, null, `it redirects more than ${MAX_CMS_REDIRECTS} times`);
    current = new Request(next, { headers: request.headers, signal: request.signal, redirect: 'manual' });
  }
}
