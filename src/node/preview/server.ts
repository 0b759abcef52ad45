import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import compression from 'compression';
import sirv from 'sirv';
import { HeadersHandler } from '@netlify/headers';
import { localeOfPath } from '../../shared/locales.js';
import { htmlFile, notFoundPath } from '../../shared/routes.js';
import { ROOT } from '../build/paths.js';

/**
 * Serves a built site the way the CDN does (netlify.toml): `/x` → `x.html`,
 * a trailing slash tolerated (rule 3), unknown paths get the locale's 404
 * page with status 404 (rule 28), HTML and `builds/latest.json` uncached,
 * hashed assets immutable, text compressed (gzip) as a CDN does — so
 * Lighthouse and the browser tests see realistic transfer sizes.
 */
export function createPreviewServer(dist: string, options: { netlifyToml?: string } = {}): Server {
  return createServer(siteHandler(dist, options));
}

/**
 * The request handler of `createPreviewServer`, for servers that serve the
 * site beside routes of their own (the webhook service). It follows
 * publishes: `dist` is replaced by a rename at each build (publish.ts), so
 * the file index is re-read when the folder is a new one.
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
  const files = () =>
    sirv(dist, {
      dev: false,
      etag: true,
      extensions: ['html'],
      // Netlify serves XML (sitemap.xml) as application/xml (mime-types), sirv as text/xml.
      setHeaders: (res, pathname) => {
        if (pathname.endsWith('.xml')) res.setHeader('Content-Type', 'application/xml');
      },
    });
  // sirv indexes the folder once (sizes, ETags); a publish swaps in a new folder.
  let served: { ino: number; handler: ReturnType<typeof sirv> } | null = null;
  const assets = (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const ino = existsSync(dist) ? statSync(dist).ino : -1;
    if (served?.ino !== ino) served = { ino, handler: ino === -1 ? (_q, _s, n) => n?.() : files() };
    served.handler(req, res, next);
  };
  const compress = compression();
  return (req, res) => {
    const url = safeUrl(req.url);
    if (!url) {
      res.statusCode = 400;
      res.end('Bad request');
      return;
    }
    // Rule 3: `/rooms/` is `/rooms`.
    if (url.pathname.length > 1 && url.pathname.endsWith('/')) {
      req.url = `${url.pathname.replace(/\/+$/, '')}${url.search}`;
    }
    rules
      .apply(new Request(url))
      .then((headers) => {
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
        // Netlify's default for a file no rule gives a Cache-Control.
        if (!res.hasHeader('cache-control')) res.setHeader('Cache-Control', DEFAULT_CACHE_CONTROL);
        compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () => assets(req, res, () => notFound(dist, url.pathname, res)));
      })
      .catch((error: unknown) => {
        res.statusCode = 500;
        res.end(`Preview error: ${String(error)}`);
      });
  };
}

/** What Netlify sends for a file without a Cache-Control rule of its own (netlify.toml says why HTML relies on it). */
export const DEFAULT_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

function safeUrl(raw: string | undefined): URL | null {
  try {
    return new URL(raw ?? '/', 'http://preview.local');
  } catch {
    return null;
  }
}

function notFound(dist: string, pathname: string, res: ServerResponse): void {
  const file = path.join(dist, htmlFile(notFoundPath(localeOfPath(pathname))));
  res.statusCode = 404;
  if (existsSync(file) && statSync(file).isFile()) {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    createReadStream(file).pipe(res);
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
