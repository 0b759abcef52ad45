import { copyFile, mkdir, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NetlifyDev } from '@netlify/dev';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPreviewToken } from '../../cms/src/plugins/marea/server/preview-token.js';
import { ROOT } from '../../src/node/build/paths.js';
import { runBuild } from '../../src/node/build/pipeline.js';
import { loadContent } from '../../src/node/build/source.js';
import { loadConfig } from '../../src/node/config/env.js';
import { PREVIEW_BUNDLE_DIR } from '../../src/node/preview-render/bundle-files.js';
import { listen } from '../../src/node/preview/server.js';
import { startFakeStrapi, type FakeStrapi } from '../support/fake-strapi.js';
import { tempPaths } from '../support/build-site.js';

/**
 * The draft preview's Netlify Function (netlify/functions/preview.ts) run by
 * Netlify's own local runtime (`@netlify/dev`, what `netlify dev` serves
 * functions with: zip-it-and-ship-it packages it with netlify.toml's
 * `included_files`, a worker runs it), offline, over a site built with
 * PUBLIC_GTM_ID set and the preview bundle that build wrote. The CMS is the
 * fake Strapi over content-cache/, behind a proxy that answers `status=draft`
 * with a draft of the Spanish "Habitaciones" page.
 */
const SECRET = 'preview-function-secret-0123456789abcdef';
const DOCUMENT = 'hci9i05bs56ufw2wbgdr2z54';
const QUERY = { uid: 'api::page.page', documentId: DOCUMENT, locale: 'es-MX', status: 'draft' };
const GTM = 'GTM-PREV123';

let root: string;
let strapi: FakeStrapi;
let cms: Server;
let cmsUrl: string;
let dev: NetlifyDev;
let cmsDown = false;
const stderrWrite = process.stderr.write.bind(process.stderr);
const logged: string[] = [];

const link = (token: string, query: Record<string, string> = QUERY) => `https://marea.example/preview/${token}?${new URLSearchParams(query).toString()}`;
const preview = async (url: string) => {
  const result = await dev.handleAndIntrospect(new Request(url));
  if (!result) throw new Error(`nothing answered ${url}`);
  return { type: result.type, status: result.response.status, headers: result.response.headers, html: await result.response.text() };
};

beforeAll(async () => {
  strapi = await startFakeStrapi(path.join(ROOT, 'content-cache'));
  // Strapi 5's drafts: the same entry, edited (the fake Strapi refuses `status`, as Strapi 4 did).
  cms = createServer(async (req, res) => {
    if (cmsDown) return res.writeHead(503).end();
    const url = new URL(req.url ?? '/', strapi.url);
    const draft = url.searchParams.get('status') === 'draft';
    url.searchParams.delete('status');
    const answer = await fetch(url);
    const body = Buffer.from(await answer.arrayBuffer());
    if (!draft) return res.writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'application/json' }).end(body);
    const json = JSON.parse(body.toString('utf8')) as { data: Array<Record<string, unknown>> };
    json.data = json.data.filter((entry) => entry.documentId === url.searchParams.get('filters[documentId][$eq]'));
    for (const entry of json.data) {
      entry.title = 'Habitaciones (borrador secreto)';
      entry.blocks = [{ __component: 'blocks.wysiwyg', id: 9901, body: '<p>Texto del borrador</p>' }, ...(entry.blocks as unknown[])];
    }
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(json));
  });
  cmsUrl = await listen(cms, 0);

  // The project as Netlify sees it: this repo's netlify.toml and code, the built site, the preview bundle.
  root = await mkdtemp(path.join(tmpdir(), 'marea-preview-function-'));
  // The function's own file is copied: zip-it-and-ship-it fails on a symlinked functions folder (EEXIST); what it
  // imports is bundled by esbuild through the links.
  for (const name of ['src', 'cms', 'node_modules']) await symlink(path.join(ROOT, name), path.join(root, name));
  await mkdir(path.join(root, 'netlify/functions'), { recursive: true });
  for (const name of ['netlify.toml', 'package.json', 'netlify/functions/preview.ts']) await copyFile(path.join(ROOT, name), path.join(root, name));
  const paths = { ...(await tempPaths()), root: ROOT };
  const config = loadConfig({ SITE_URL: 'https://marea.example', PUBLIC_GTM_ID: GTM });
  await runBuild({
    config,
    paths,
    log: () => {},
    previewBundle: path.join(root, PREVIEW_BUNDLE_DIR),
    load: (phases) => loadContent({ config, paths, strict: false, log: () => {}, contentDir: path.join(ROOT, 'content-cache') }, phases),
  });
  await symlink(paths.dist, path.join(root, 'dist'));

  Object.assign(process.env, { MAREA_PREVIEW_SECRET: SECRET, CMS_URL: cmsUrl, CMS_TOKEN: 'build-token' });
  dev = new NetlifyDev({
    projectRoot: root,
    skipGitignore: true,
    aiGateway: { enabled: false },
    blobs: { enabled: false },
    database: { enabled: false },
    edgeFunctions: { enabled: false },
    environmentVariables: { enabled: false },
    geolocation: { enabled: false },
    images: { enabled: false },
    server: { enabled: false },
    functions: { enabled: true },
  });
  await dev.start();
  // What the function logs (its worker's console reaches this process's stderr), kept to check for the token.
  process.stderr.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
    logged.push(String(chunk));
    return stderrWrite(chunk, ...rest);
  }) as typeof process.stderr.write;
}, 300_000);

afterAll(async () => {
  process.stderr.write = stderrWrite;
  await dev?.stop();
  await new Promise<void>((resolve) => (cms ? cms.close(() => resolve()) : resolve()));
  await strapi?.close();
  if (root) await rm(root, { recursive: true, force: true });
  for (const name of ['MAREA_PREVIEW_SECRET', 'CMS_URL', 'CMS_TOKEN']) delete process.env[name];
});

describe('netlify/functions/preview.ts under Netlify’s local runtime', () => {
  it('renders the draft from the CMS in the published content: noindex, no-store, a CSP with script-src, no analytics', async () => {
    const answer = await preview(link(signPreviewToken(SECRET, QUERY)));
    expect(answer.type).toBe('function');
    expect(answer.status, answer.html.slice(0, 1500)).toBe(200);
    expect(answer.html).toContain('Habitaciones (borrador secreto)');
    expect(answer.html).toContain('Texto del borrador');
    expect(answer.html).toContain('Vista previa: borrador');
    expect(answer.html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(answer.html).toContain('<meta name="marea-preview" content="draft">');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const csp = answer.headers.get('content-security-policy')!;
    expect(csp).toMatch(/(^|; )script-src 'self' 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
    expect(csp).toMatch(/(^|; )connect-src 'self'(;|$)/);
    // The site was built with GTM: its preview names neither the container nor Google's hosts.
    for (const text of [answer.html, csp]) {
      expect(text).not.toContain(GTM);
      expect(text).not.toContain('googletagmanager');
      expect(text).not.toContain('datadoghq');
    }
    // The published layout and menu around it: the context came from the CMS's published content.
    expect(answer.html).toMatch(/<html[^>]*lang="es-MX"/);
    expect(answer.html).toContain('href="/es/');
  }, 120_000);

  it('refuses an expired or tampered token with an escaped page (other entries: token.test.ts)', async () => {
    const expired = signPreviewToken(SECRET, QUERY, Date.now() - 3601_000);
    const old = await preview(link(expired));
    expect(old.status).toBe(401);
    expect(old.html).toContain('caducó');
    const token = signPreviewToken(SECRET, QUERY);
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await preview(link(tampered))).status).toBe(401);
    const attack = '<img src=x onerror=alert(1)>';
    const hostile = await preview(link(token, { ...QUERY, status: attack }));
    expect(hostile.status).toBe(400);
    expect(hostile.html).not.toContain('<img');
    expect(hostile.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(hostile.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
  }, 120_000);

  it('a CMS that fails: a page naming neither the CMS’s address nor the token, and a log line without the token', async () => {
    cmsDown = true;
    try {
      const token = signPreviewToken(SECRET, { ...QUERY, locale: 'en', documentId: 'pc1jlex8z5p9vdb8mez7cxbo' });
      const failed = await preview(link(token, { ...QUERY, locale: 'en', documentId: 'pc1jlex8z5p9vdb8mez7cxbo' }));
      expect(failed.status).toBe(502);
      expect(failed.html).toContain('No se pudo mostrar la vista previa');
      expect(failed.html).not.toContain(new URL(cmsUrl).host);
      expect(failed.html).not.toContain(token);
      await expect.poll(() => logged.join(''), { timeout: 20_000 }).toContain('✗ preview of api::page.page pc1jlex8z5p9vdb8mez7cxbo (en, draft) failed');
      expect(logged.join('')).not.toContain(token.split('.')[1]);
      expect(logged.join('')).not.toContain(SECRET);
    } finally {
      cmsDown = false;
    }
  }, 120_000);
});

describe('netlify.toml', () => {
  it('ships the preview bundle with the functions, and keeps the edge function off /preview/*', async () => {
    const toml = await readFile(path.join(ROOT, 'netlify.toml'), 'utf8');
    expect(toml).toMatch(/\[functions\]\s+included_files = \[".marea\/preview-bundle\/\*\*"\]/);
    expect(toml).toMatch(/excludedPath = \[[^\]]*"\/preview\/\*"/);
  });
});

describe('the preview bundle the build wrote', () => {
  it('is outside dist/ and carries the site’s settings, not the CMS token', async () => {
    const setup = await readFile(path.join(root, PREVIEW_BUNDLE_DIR, 'setup.json'), 'utf8');
    expect(JSON.parse(setup)).toMatchObject({ version: 1, site: { siteUrl: 'https://marea.example' } });
    expect(setup).not.toContain('build-token');
    await expect(mkdir(path.join(root, PREVIEW_BUNDLE_DIR, 'server'))).rejects.toThrow(/EEXIST/);
  });
});
