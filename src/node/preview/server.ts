import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import path from 'node:path';
import compression from 'compression';
import sirv from 'sirv';
import { HeadersHandler } from '@netlify/headers';
import { localeOfPath } from '../../shared/locales.js';
import { htmlFile, notFoundPath } from '../../shared/routes.js';
import { ROOT } from '../build/paths.js';
import { createGuardedServer, type GuardOptions } from '../platform/http-guard.js';

/**
 * Serves a built site the way the CDN does (netlify.toml): `/x` → `x.html`,
 * a trailing slash tolerated (rule 3), unknown paths get the locale's 404
 * page with status 404 (rule 28), HTML and `builds/latest.json` uncached,
 * hashed assets immutable, text compressed (gzip) as a CDN does — so
 * Lighthouse and the browser tests see realistic transfer sizes.
 */
export function createPreviewServer(dist: string, options: { netlifyToml?: string; guard?: GuardOptions } = {}): Server {
  // Slow and silent clients are timed out, dropped first when connections run short (http-guard.ts).
  return createGuardedServer(siteHandler(dist, options), options.guard);
}

/**
 * The request handler of `createPreviewServer`, for servers that serve the
 * site beside routes of their own (the webhook service). It follows
 * publishes: `dist` is replaced by a rename at each build (publish.ts), and
 * each file is looked up when it is asked for.
 */
export function siteHandler(dist: string, options: { netlifyToml?: string } = {}): (req: IncomingMessage, res: ServerResponse) => void {
  // netlify.toml's [[headers]], read and matched by Netlify's own handler
  // (@netlify/headers, what Netlify's local runtime uses), so the preview
  // and the CDN answer with the same headers (test/netlify/cdn-parity.test.ts).
  const rules = new HeadersHandler({
    configPath: options.netlifyToml ?? path.join(ROOT, 'netlify.toml'),
    projectDir: dist,
    publishDir: '.',
    logger: { log: () => {}, warn: (message: string) => console.warn(message), error: (message: string) => console.error(message) } as never,
  });
  // sirv looks each file up when it is asked for (`dev`), not from an index of the folder made in advance: a publish
  // swaps in another folder (publish.ts), and indexing 20,000 files of a large site again took half a second on the
  // way of the first request after each publish. Its `no-cache` never reaches a response: the rules' Cache-Control,
  // or Netlify's default, is set on the response first, and sirv keeps headers already set.
  const files = sirv(dist, {
    dev: true,
    etag: true,
    extensions: ['html'],
    // Netlify serves XML (sitemap.xml) as application/xml (mime-types), sirv as text/xml.
    setHeaders: (res, pathname) => {
      if (pathname.endsWith('.xml')) res.setHeader('Content-Type', 'application/xml');
    },
  });
  const assets = (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    // A dot file or folder is not served (sirv's index left them out; its lookup by request does not), `.well-known` is.
    if (/(^|\/)\.(?!well-known(\/|$))/.test((req.url ?? '').split('?')[0]!)) return next();
    files(req, res, next);
  };
  const compress = compression();
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    // A file that vanishes while it is sent (a publish swapped dist/) makes
    // the read stream emit 'error', which nothing else listens to.
    res.on('pipe', (source: NodeJS.ReadableStream) => source.on('error', () => res.destroy()));
    const url = requestUrl(req.url);
    if (!url) {
      badRequest(res);
      return;
    }
    // RFC 9110 §14.2: a Range that is not one valid `bytes=a-b` is ignored
    // (sirv would hand `500-2` to createReadStream, which throws mid-response).
    if (req.headers.range !== undefined && !validRange(req.headers.range)) delete req.headers.range;
    // Rule 3: `/rooms/` is `/rooms`. Sirv reads `req.url`: always the path, never the absolute form.
    req.url = `${url.pathname.replace(/\/+$/, '') || '/'}${url.search}`;
    rules
      .apply(new Request(url))
      .then((headers) => {
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
        // Netlify's default for a file no rule gives a Cache-Control.
        if (!res.hasHeader('cache-control')) res.setHeader('Cache-Control', DEFAULT_CACHE_CONTROL);
        compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () => assets(req, res, () => notFound(dist, url.pathname, res)));
      })
      .catch((error: unknown) => serverError(res, error));
  };
  // Nothing a request carries may take the server down: whatever throws is a 500 for that request.
  return (req, res) => {
    try {
      handle(req, res);
    } catch (error) {
      serverError(res, error);
    }
  };
}

function validRange(range: string): boolean {
  const match = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(range);
  if (!match || (match[1] === '' && match[2] === '')) return false;
  return match[1] === '' || match[2] === '' || Number(match[1]) <= Number(match[2]);
}

function badRequest(res: ServerResponse): void {
  res.statusCode = 400;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.end('Bad request');
}

function serverError(res: ServerResponse, error: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.statusCode = 500;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.end(`Preview error: ${String(error)}`);
}

/** What Netlify sends for a file without a Cache-Control rule of its own (netlify.toml says why HTML relies on it). */
export const DEFAULT_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

const ORIGIN = 'http://preview.local';

/**
 * The URL a request target names, on the preview's own origin, or null (400)
 * for a target that is none: the origin form `/path?query` (`//x` is a path,
 * not a host), or the absolute form `http://host/path` whose host is ignored
 * (a bad one, `http://[/`, or one with credentials is refused). A path that is
 * not valid percent-encoding (`/%zz`) is refused too: no file has that name.
 */
export function requestUrl(raw: string | undefined): URL | null {
  let target = raw ?? '/';
  if (!target.startsWith('/')) {
    if (!/^https?:\/\//i.test(target)) return null;
    const absolute = URL.parse(target);
    if (!absolute || absolute.username || absolute.password) return null;
    target = `${absolute.pathname}${absolute.search}`;
  }
  const url = URL.parse(`${ORIGIN}${target}`);
  if (!url || url.origin !== ORIGIN) return null;
  try {
    decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  url.hash = '';
  return url;
}

function notFound(dist: string, pathname: string, res: ServerResponse): void {
  const file = path.join(dist, htmlFile(notFoundPath(localeOfPath(pathname))));
  res.statusCode = 404;
  if (existsSync(file) && statSync(file).isFile()) {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    createReadStream(file)
      .on('error', () => res.destroy())
      .pipe(res);
  } else {
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end(`Page not found: ${pathname}`);
  }
}

/** Starts the server; resolves with its origin. Port 0 picks a free port (tests). */
export function listen(server: Server, port: number, host = '127.0.0.1'): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? `http://${host}:${address.port}` : `http://${host}:${port}`);
    });
  });
}
