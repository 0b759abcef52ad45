import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { mockLocation } from '@netlify/dev-utils';
import { NetlifyDev, type ResponseType } from '@netlify/dev';
import { HeadersHandler } from '@netlify/headers';
import { ROOT } from '../../src/node/build/paths.js';
import { withDeno } from '../../src/node/platform/deno.js';
import { DEFAULT_CACHE_CONTROL, listen } from '../../src/node/preview/server.js';

/**
 * Netlify's own local runtime (`@netlify/dev`, the library netlify-cli and
 * Netlify's Vite plugin serve sites with), offline, over a built `dist/`:
 * static files as Netlify serves them, `netlify.toml`'s `[[headers]]` and
 * `[[redirects]]` through Netlify's parsers and matchers, and the edge
 * function running in real Deno (the `deno` devDependency) inside Netlify's
 * local edge bootstrap, routed by Netlify's own reading of `path` and
 * `excludedPath`.
 *
 * What the library leaves to its host, done here as netlify-cli's dev proxy
 * and the CDN do: a request nothing matched, or that the edge function passed
 * on to a missing file, gets `404.html` with status 404, and redirects are
 * passed on to the client, never followed (see guardNetwork).
 *
 * Offline: geolocation is the library's mock (no lookup service), there is no
 * linked site (no API), and this process's `fetch` refuses every host but
 * loopback; what it refused is in `blocked` (tests assert it stays empty).
 */
export interface NetlifyRuntime {
  origin: string;
  /** Every non-loopback URL something in this process tried to fetch. */
  blocked: string[];
  /** The country the edge sees (`context.geo.country.code`), like netlify dev's `--country`. */
  setCountry(code: string): void;
  /** Runs one request through the chain; `type` says which part answered (edge-function, redirect, static). */
  handle(request: Request): Promise<{ response: Response; type: ResponseType | 'not-found' }>;
  close(): Promise<void>;
}

export async function startNetlifyRuntime(dist: string, options: { edgeFunctions?: boolean } = {}): Promise<NetlifyRuntime> {
  const blocked = guardNetwork();
  // A project folder for the runtime: this repo's netlify.toml and netlify/,
  // src/ (the edge function imports src/shared), and the site as `dist`.
  const root = await mkdtemp(path.join(tmpdir(), 'marea-netlify-'));
  await writeFile(path.join(root, 'netlify.toml'), await readFile(path.join(ROOT, 'netlify.toml')));
  await symlink(path.join(ROOT, 'netlify'), path.join(root, 'netlify'));
  await symlink(path.join(ROOT, 'src'), path.join(root, 'src'));
  await symlink(path.resolve(dist), path.join(root, 'dist'));

  // The runtime starts Deno from PATH (else it would try to download one).
  process.env.PATH = withDeno().PATH;
  const dev = new NetlifyDev({
    projectRoot: root,
    skipGitignore: true,
    aiGateway: { enabled: false },
    blobs: { enabled: false },
    database: { enabled: false },
    environmentVariables: { enabled: false },
    functions: { enabled: false },
    geolocation: { enabled: false },
    images: { enabled: false },
    server: { enabled: false },
    edgeFunctions: { enabled: options.edgeFunctions ?? true },
  });
  await dev.start();
  const headerRules = new HeadersHandler({ configPath: path.join(root, 'netlify.toml'), projectDir: root, publishDir: 'dist', logger: console as never });

  const handle = async (request: Request) => {
    const matched = await dev.handleAndIntrospect(request);
    // The edge function's `context.next()` for a path with no file comes
    // back as an empty 404; the CDN answers it with the site's 404 page.
    if (matched && !(matched.response.status === 404 && (await matched.response.clone().arrayBuffer()).byteLength === 0)) return matched;
    // netlify-cli's dev proxy: `404.html`, status 404, with the header rules of the requested path.
    const notFound = await readFile(path.join(dist, '404.html')).catch(() => null);
    const response = new Response(notFound, { status: 404, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': DEFAULT_CACHE_CONTROL } });
    for (const cookie of matched?.response.headers.getSetCookie() ?? []) response.headers.append('set-cookie', cookie);
    await headerRules.apply(request, response);
    return { type: matched?.type ?? ('not-found' as const), response };
  };

  const server = createServer((req, res) => {
    handle(toRequest(req))
      .then((result) => send(result.response, res))
      .catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
  });
  const origin = await listen(server, 0);
  return {
    origin,
    blocked,
    setCountry(code) {
      mockLocation.country = { ...mockLocation.country, code, name: code };
    },
    handle,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await dev.stop();
      await rm(root, { recursive: true, force: true });
    },
  };
}

function toRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, {
    method: req.method,
    headers,
    redirect: 'manual',
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: 'half' } : {}),
  });
}

async function send(response: Response, res: ServerResponse): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  res.end(Buffer.from(await response.arrayBuffer()));
}

let guarded: string[] | null = null;
/** Makes this process's fetch refuse every host but loopback, once; returns the list of refused URLs. */
function guardNetwork(): string[] {
  if (guarded) return guarded;
  const refused: string[] = [];
  const original = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) {
      refused.push(url.href);
      return Promise.reject(new Error(`offline: refused ${url.href}`));
    }
    // The runtime fetches the edge function's answer from its Deno server
    // with a Request whose redirect mode it drops (so `follow`): a 302 from
    // the function would be followed here and served as a 200. A CDN passes
    // redirects to the browser, so loopback fetches never follow them.
    return original(input, init instanceof Request ? new Request(init, { redirect: 'manual' }) : { ...init, redirect: 'manual' });
  };
  guarded = refused;
  return refused;
}
