import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, projectPaths, type ProjectPaths } from '../../src/node/build/paths.js';
import { ensureCmsInstalled } from '../../src/node/cms-server/install.js';
import { CMS_DIR } from '../../src/node/cms-server/paths.js';
import type { RunningCms } from '../../src/node/cms-server/start.js';
import { startSeededCms } from '../../src/node/cms-server/throwaway.js';
import { loadConfig } from '../../src/node/config/env.js';
import { freePort } from '../../src/node/platform/free-port.js';
import type { BuildRecord, QueueStatus } from '../../src/node/webhook/queue.js';
import { HOOK_PATH, strapiLoopEnv } from '../../src/node/webhook/service.js';
import { startWebhookService, type RunningWebhookService } from '../../src/node/webhook/start.js';
import { siteTexts } from '../support/compare-sites.js';
import { strapiEditor, type StrapiEditor } from '../../src/node/cms-server/editor.js';

/**
 * Publishing end to end: a real Strapi 5 (cms/, seeded from content-cache/)
 * posts its webhooks to the webhook service, which rebuilds incrementally
 * and serves the published site; editors' edits go through Strapi's API as
 * the admin panel makes them, and the preview link is the one Strapi's
 * admin builds (its Preview handler, cms/config/admin.js).
 */
const PAGE = 'api::page.page';
const secrets = { webhook: randomBytes(24).toString('hex'), preview: randomBytes(24).toString('hex') };
const NOW = new Date('2026-06-20T12:00:00Z');

let dir: string;
let cms: RunningCms;
let editor: StrapiEditor;
let service: RunningWebhookService;
let paths: ProjectPaths;

const auth = { Authorization: `Bearer ${secrets.webhook}` };
const status = async (): Promise<QueueStatus> => (await (await fetch(`${service.origin}/status`, { headers: auth })).json()) as QueueStatus;

/** Waits for the build after `after` builds to finish (Strapi posts its webhooks asynchronously). */
async function nextBuild(after: number, timeoutMs = 60_000): Promise<BuildRecord> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const now = await status();
    const done = now.builds.find((b) => b.n === after + 1);
    if (done && !now.running && !now.queued) return done;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no build #${after + 1} within ${timeoutMs / 1000} s: ${JSON.stringify(await status())}`);
}

const builds = async () => (await status()).builds[0]?.n ?? 0;

async function documentOf(slug: string, locale: string): Promise<string> {
  const found = await editor.rest('GET', `/api/pages?locale=${locale}&filters[slug][$eq]=${encodeURIComponent(slug)}&fields[0]=slug`);
  const [page] = found.data as Array<{ documentId: string }>;
  if (!page) throw new Error(`no published ${locale} page ${slug}`);
  return page.documentId;
}

const served = async (pathname: string) => {
  const response = await fetch(`${service.origin}${pathname}`);
  return { status: response.status, text: await response.text() };
};

/** The title of a Spanish page seeded with the slug of another (`contacto`): the seed is no editor's, so the gate does not check it. */
const SEEDED_DUPLICATE = 'Contacto (copia)';

/** The bundled content, plus a Spanish page that takes the path of another: what a seed or an import can bring past the gate. */
async function seedWithDuplicate(target: string): Promise<string> {
  await cp(path.join(ROOT, 'content-cache'), target, { recursive: true });
  const file = path.join(target, 'api', 'pages.es-MX.json');
  const json = JSON.parse(await readFile(file, 'utf8')) as { data: Array<Record<string, unknown>> };
  const contact = json.data.find((page) => page.slug === 'contacto')!;
  json.data.push({ ...contact, id: 9901, documentId: 'seededduplicate000000000', title: SEEDED_DUPLICATE, localizations: [] });
  await writeFile(file, JSON.stringify(json));
  return target;
}

beforeAll(async () => {
  ensureCmsInstalled(CMS_DIR);
  dir = await mkdtemp(path.join(tmpdir(), 'marea-publishing-'));
  const [cmsPort, servicePort] = [await freePort(), await freePort()];
  const contentCache = await seedWithDuplicate(path.join(dir, 'seed-content'));
  cms = await startSeededCms(dir, { port: cmsPort, contentCache, env: strapiLoopEnv(`http://127.0.0.1:${servicePort}`, secrets) });
  editor = await strapiEditor(cms.url, { email: cms.adminEmail, password: cms.adminPassword });
  // The cache is refreshed by every build: a copy, never the repository's.
  paths = projectPaths({ dist: path.join(dir, 'dist'), builds: path.join(dir, 'builds'), contentCache: path.join(dir, 'content-cache') });
  await cp(path.join(ROOT, 'content-cache'), paths.contentCache, { recursive: true });
  const cmsConfig = loadConfig({ SITE_URL: 'https://marea.example', CMS_URL: cms.url, CMS_TOKEN: cms.token });
  service = await startWebhookService({ config: { ...cmsConfig, cmsUrl: cms.url }, paths, secrets, port: servicePort, now: () => NOW });
  await service.queue.idle();
});

afterAll(async () => {
  await service?.close();
  await cms?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('editors publish, the site follows', () => {
  it('the service built the whole site from the CMS at start', async () => {
    const [first] = (await status()).builds;
    expect(first).toMatchObject({ n: 1, result: 'published', mode: 'full', events: ['service start'] });
    expect(first!.pages!.added).toBeGreaterThan(40);
    expect((await served('/es/contacto')).text).toContain('Contacto');
  });

  it('an edit published in Strapi → webhook → incremental build → the served page shows it; the other locale and unrelated pages are unchanged; /status says so', async () => {
    const before = await siteTexts(paths.dist);
    const n = await builds();
    const documentId = await documentOf('services/spa', 'en');
    await editor.publishSeoTitle(documentId, 'en', 'Spa by the sea, open until ten');
    const build = await nextBuild(n);
    expect(build).toMatchObject({ result: 'published', mode: 'incremental', errors: [] });
    expect(build.events.some((e) => e.startsWith(`entry.publish page ${documentId} (en)`))).toBe(true);
    expect((await served('/services/spa')).text).toContain('<title>Spa by the sea, open until ten</title>');

    const after = await siteTexts(paths.dist);
    const changed = [...after.keys()].filter((file) => before.get(file) !== after.get(file) && /\.(html|json)$/.test(file) && !file.startsWith('builds/'));
    expect(changed).toContain('services/spa.html');
    expect(changed.filter((file) => file.startsWith('es/'))).toEqual([]);
    // What the status reports is what changed on disk.
    expect(build.pages!.urls.changed).toContain('/services/spa');
    expect(build.pages!.urls.changed.every((url) => !url.startsWith('/es'))).toBe(true);
    expect(build.pages!.added + build.pages!.removed).toBe(0);
    expect(changed.filter((file) => file.endsWith('.html')).sort()).toEqual(build.pages!.urls.changed.map((url) => `${url.slice(1) || 'index'}.html`).sort());
  });

  it('a draft edit is ignored with the reason, and a preview of a draft never published shows it, with a banner, never written to dist/', async () => {
    const n = await builds();
    const created = await editor.rest('POST', `/api/pages?locale=es-MX&status=draft`, {
      data: {
        title: 'Borrador secreto',
        slug: 'borrador-secreto',
        summary: 'Nunca publicado.',
        // A link to the English site's path (`/habitaciones`, not `/es/habitaciones`): a warning, shown in the preview.
        blocks: [{ __component: 'blocks.wysiwyg', body: '<p>Texto del borrador, ver <a href="/habitaciones">habitaciones</a></p>' }],
      },
    });
    const documentId = (created.data as { documentId: string }).documentId;
    const link = await editor.previewUrl(PAGE, documentId, 'es-MX');
    // A token that expires within the hour in the path, never the secret itself.
    expect(link).toMatch(new RegExp(`^${service.origin}/preview/\\d+\\.[A-Za-z0-9_-]{43}\\?`));
    expect(link).not.toContain(secrets.preview);
    const response = await fetch(link);
    const html = await response.text();
    expect(response.status, html.slice(0, 2000)).toBe(200);
    expect(html).toContain('Borrador secreto');
    expect(html).toContain('Texto del borrador');
    expect(html).toContain('Vista previa: borrador');
    // Its warning, in the page's language, the field in words, with the fix.
    expect(html).toContain('1 advertencia');
    expect(html).toContain('Bloque 1 (Texto enriquecido) › Texto: El enlace a &quot;/habitaciones&quot; lleva al sitio en inglés');
    expect(html).toContain('/es/habitaciones');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toMatch(/<html[^>]*lang="es-MX"/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    // Without the secret, nothing.
    expect((await fetch(link.replace(/\/preview\/[^?]+/, `/preview/${secrets.preview}`))).status).toBe(401);
    expect((await fetch(link.replace(/\.[A-Za-z0-9_-]{43}\?/, `.${'A'.repeat(43)}?`))).status).toBe(401);

    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await builds()).toBe(n);
    const files = await siteTexts(paths.dist);
    expect([...files.values()].some((text) => text.includes('Borrador secreto'))).toBe(false);
    expect((await served('/es/borrador-secreto')).status).toBe(404);
  });

  it('the English preview of a published page shows its unpublished draft edit, in English', async () => {
    const documentId = await documentOf('contact', 'en');
    await editor.rest('PUT', `/api/pages/${documentId}?locale=en&status=draft`, { data: { title: 'Contact (draft title)' } });
    const html = await (await fetch(await editor.previewUrl(PAGE, documentId, 'en'))).text();
    expect(html).toContain('Contact (draft title)');
    expect(html).toContain('Preview: draft');
    expect((await served('/contact')).text).not.toContain('Contact (draft title)');
  });

  it('every block renders in the preview: the Spanish all-blocks page, as a draft, has the blocks of its published page', async () => {
    const documentId = await documentOf('todos-los-bloques', 'es-MX');
    await editor.rest('PUT', `/api/pages/${documentId}?locale=es-MX&status=draft`, { data: { title: 'Todos los bloques (borrador)' } });
    const response = await fetch(await editor.previewUrl(PAGE, documentId, 'es-MX'));
    const html = await response.text();
    expect(response.status, html.slice(0, 1000)).toBe(200);
    const blocks = (text: string) => [...text.matchAll(/class="block block--([^"]+)"/g)].map((m) => m[1]).sort();
    const published = blocks((await served('/es/todos-los-bloques')).text);
    expect(published.length).toBeGreaterThan(15);
    expect(blocks(html)).toEqual(published);
    expect(html).toContain('Vista previa: borrador');
  });

  it('a new page published → added; unpublished → 404 and gone from the sitemap', async () => {
    let n = await builds();
    const created = await editor.rest('POST', `/api/pages?locale=en`, { data: { title: 'Late checkout', slug: 'late-checkout', summary: 'Until 2 pm.' } });
    const documentId = (created.data as { documentId: string }).documentId;
    let build = await nextBuild(n);
    expect(build.pages!.urls.added).toContain('/late-checkout');
    expect((await served('/late-checkout')).text).toContain('Late checkout');
    expect((await served('/sitemap.xml')).text).toContain('/late-checkout');

    n = build.n;
    await editor.unpublish(PAGE, documentId, 'en');
    build = await nextBuild(n);
    expect(build.events.some((e) => e.startsWith(`entry.unpublish page ${documentId} (en)`))).toBe(true);
    expect(build.pages!.urls.removed).toEqual(['/late-checkout']);
    const gone = await served('/late-checkout');
    expect(gone.status).toBe(404);
    expect(gone.text).toContain('404');
    expect((await served('/sitemap.xml')).text).not.toContain('/late-checkout');
  });

  it('a burst of 1,000 webhooks (the recorded publish body, this CMS’s document) makes at most 2 builds', async () => {
    const n = await builds();
    const documentId = await documentOf('rooms', 'en');
    const recorded = JSON.parse(readFileSync(path.join(ROOT, 'src/node/webhook/fixtures/webhook-entry-publish-es-MX.json'), 'utf8')) as { body: { entry: object } };
    const body = JSON.stringify({ ...recorded.body, entry: { ...recorded.body.entry, documentId, locale: 'en' } });
    const answers = await Promise.all(
      Array.from({ length: 1000 }, () =>
        fetch(`${service.origin}${HOOK_PATH}`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body }).then((r) => r.status),
      ),
    );
    expect(new Set(answers)).toEqual(new Set([202]));
    await service.queue.idle();
    const after = (await status()).builds.filter((b) => b.n > n);
    expect(after.length).toBeGreaterThanOrEqual(1);
    expect(after.length).toBeLessThanOrEqual(2);
    expect(after.every((b) => b.result === 'published')).toBe(true);
    expect(after.reduce((sum, b) => sum + b.events.length + b.moreEvents, 0)).toBe(1000);
  });

  it('the abuse matrix against the running service triggers no build', async () => {
    const n = await builds();
    const hook = `${service.origin}${HOOK_PATH}`;
    const json = { 'Content-Type': 'application/json' };
    expect((await fetch(hook, { method: 'POST', headers: json, body: '{}' })).status).toBe(401);
    expect((await fetch(hook, { method: 'POST', headers: { ...json, Authorization: 'Bearer wrong' }, body: '{}' })).status).toBe(401);
    expect((await fetch(hook, { headers: auth })).status).toBe(405);
    expect((await fetch(hook, { method: 'POST', headers: { ...auth, 'Content-Type': 'text/plain' }, body: '{}' })).status).toBe(415);
    expect((await fetch(hook, { method: 'POST', headers: { ...auth, ...json }, body: 'x'.repeat(1024 * 1024 + 1) })).status).toBe(413);
    expect((await fetch(hook, { method: 'POST', headers: { ...auth, ...json }, body: '{"event":' })).status).toBe(400);
    expect((await fetch(hook, { method: 'POST', headers: { ...auth, ...json }, body: '{"event":"entry.explode"}' })).status).toBe(400);
    expect((await fetch(`${service.origin}/status`)).status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await builds()).toBe(n);
  });

  it('rule 13: a page made invalid past the gate (seeded) is held back, named, while another page’s edit goes live; fixed, it publishes', async () => {
    // The first build already held it back: a page never published stays out.
    const [first] = (await status()).builds.slice(-1);
    expect(first!.heldBack).toContainEqual(expect.objectContaining({ entity: 'page', locale: 'es', slug: 'contacto', kept: null }));
    expect((await served('/es/contacto')).text).not.toContain(SEEDED_DUPLICATE);

    let n = await builds();
    const spa = await documentOf('servicios/spa', 'es-MX');
    await editor.publishSeoTitle(spa, 'es-MX', 'Spa Sak Ha, abierto hasta las diez');
    let build = await nextBuild(n);
    expect(build).toMatchObject({ result: 'published', errors: [] });
    expect((await served('/es/servicios/spa')).text).toContain('<title>Spa Sak Ha, abierto hasta las diez</title>');
    const held = build.heldBack.find((h) => h.slug === 'contacto');
    expect(held).toMatchObject({ locale: 'es', kept: null });
    expect(held!.errors).toContainEqual(expect.objectContaining({ code: 'DuplicatePath', message: expect.stringContaining('"Contacto", /es/contacto') as string }));
    expect((await served('/es/contacto')).text).not.toContain(SEEDED_DUPLICATE);

    // The editor gives it a slug of its own in the admin: the gate lets it through and it goes live.
    n = build.n;
    const found = await editor.rest('GET', `/api/pages?locale=es-MX&filters[title][$eq]=${encodeURIComponent(SEEDED_DUPLICATE)}&fields[0]=slug`);
    const [duplicate] = found.data as Array<{ documentId: string }>;
    await editor.rest('PUT', `/api/pages/${duplicate!.documentId}?locale=es-MX`, { data: { slug: 'contacto-copia' } });
    build = await nextBuild(n);
    expect(build.heldBack).toEqual([]);
    expect((await served('/es/contacto-copia')).text).toContain(SEEDED_DUPLICATE);
  });

  it('a build that fails (the CMS stops answering) leaves the published site as it was, and is reported', async () => {
    const before = await readFile(path.join(paths.dist, 'index.html'), 'utf8');
    const n = await builds();
    await cms.stop();
    const response = await fetch(`${service.origin}${HOOK_PATH}`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ event: 'entry.publish', model: 'page', entry: { documentId: 'x', locale: 'en', publishedAt: NOW.toISOString() } }),
    });
    expect(response.status).toBe(202);
    const build = await nextBuild(n, 120_000);
    expect(build.result).toBe('failed');
    expect(build.error).toMatch(/127\.0\.0\.1/);
    expect(await readFile(path.join(paths.dist, 'index.html'), 'utf8')).toBe(before);
    expect((await served('/')).status).toBe(200);
  });
});
