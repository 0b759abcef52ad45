/**
 * Netlify Edge Function (Deno), declared in netlify.toml `[[edge_functions]]`.
 * A thin adapter: every decision is `handleEdge` in src/shared/locale-rules.ts,
 * unit-tested there; this file runs in real Deno inside Netlify's local edge
 * runtime in test/netlify/edge-function-deno.test.ts. Those shared files are imported by their `.ts` path because Deno cannot
 * resolve the repo's `.js` import style; they import nothing themselves.
 */
import type { Context } from '@netlify/edge-functions';
import { toAlpha3 } from '../../src/shared/country-codes.ts';
import { handleEdge } from '../../src/shared/locale-rules.ts';

export default async (request: Request, context: Context): Promise<Response | undefined> => {
  const { redirect, setCookies } = handleEdge({
    url: request.url,
    method: request.method,
    cookieHeader: request.headers.get('cookie'),
    acceptLanguage: request.headers.get('accept-language'),
    referer: request.headers.get('referer'),
    geoCountry: toAlpha3(context.geo?.country?.code),
  });
  // Nothing to do: returning nothing lets Netlify serve the file without
  // passing the body through this function.
  if (!redirect && setCookies.length === 0) return undefined;

  const response = redirect
    ? // Rule 9: the answer depends on the visitor's cookie and languages, so it is never cached.
      new Response(null, { status: 302, headers: { location: redirect, 'cache-control': 'private, no-store' } })
    : await context.next();
  for (const cookie of setCookies) response.headers.append('set-cookie', cookie);
  return response;
};
