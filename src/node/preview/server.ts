import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import compression from 'compression';
import sirv from 'sirv';
import { localeOfPath } from '../../shared/locales.js';

/**
 * Serves a built site the way the CDN does (netlify.toml): `/x` → `x.html`,
 * a trailing slash tolerated (rule 3), unknown paths get the locale's 404
 * page with status 404 (rule 28), HTML and `builds/latest.json` uncached,
 * hashed assets immutable, text compressed (gzip) as a CDN does — so
 * Lighthouse and the browser tests see realistic transfer sizes.
 */
export function createPreviewServer(dist: string): Server {
  const assets = sirv(dist, {
    dev: false,
    etag: true,
    extensions: ['html'],
    setHeaders(res, pathname) {
      res.setHeader('Cache-Control', cacheControl(pathname));
    },
  });
  const compress = compression();
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://preview.local');
    // Rule 3: `/rooms/` is `/rooms`.
    if (url.pathname.length > 1 && url.pathname.endsWith('/')) {
      req.url = `${url.pathname.replace(/\/+$/, '')}${url.search}`;
    }
    compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () => assets(req, res, () => notFound(dist, url.pathname, res)));
  });
}

export function cacheControl(pathname: string): string {
  if (pathname.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  if (pathname.startsWith('/builds/')) return 'no-cache, no-store, must-revalidate';
  return 'public, max-age=0, must-revalidate';
}

function notFound(dist: string, pathname: string, res: import('node:http').ServerResponse): void {
  const file = path.join(dist, localeOfPath(pathname) === 'es' ? 'es/404.html' : '404.html');
  res.statusCode = 404;
  res.setHeader('Cache-Control', 'public, max-age=0, must-revalidate');
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
