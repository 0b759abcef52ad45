import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { RunningCms } from '../../src/node/cms-server/start.js';
import { adminLogin, strapiEditor, type StrapiEditor } from '../../src/node/cms-server/editor.js';
import { ROOT, projectPaths, type ProjectPaths } from '../../src/node/build/paths.js';
import { loadConfig } from '../../src/node/config/env.js';
import { freePort } from '../../src/node/platform/free-port.js';
import { startFromSnapshot } from '../support/strapi-snapshot.js';
import { strapiLoopEnv } from '../../src/node/webhook/service.js';
import { startWebhookService, type RunningWebhookService } from '../../src/node/webhook/start.js';

/**
 * Build reports in the real Strapi (cms/src/plugins/marea/server/parts/reports.js):
 * the report token posts them and can do nothing else, the build's token
 * cannot post them, the admin API lists them with the edits (and editors)
 * that preceded them, and a publish no build followed is flagged.
 */
const PAGE = 'api::page.page';

let dir: string;
let cms: RunningCms;
let editor: StrapiEditor;
let servicePort: number;
let service: RunningWebhookService | undefined;
/** The webhook service's folders (its kept builds are the Netlify and CI reports' too). */
let paths: ProjectPaths;
const secrets = { webhook: randomBytes(24).toString('hex'), preview: randomBytes(24).toString('hex') };
const NOW = new Date('2026-06-20T12:00:00Z');

const post = (token: string, body: unknown) =>
  fetch(`${cms.url}/api/marea/reports`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

const admin = async (pathname: string) => {
  const response = await fetch(`${cms.url}/marea${pathname}`, { headers: { Authorization: `Bearer ${editor.jwt}` } });
  if (!response.ok) throw new Error(`GET /marea${pathname} → ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: unknown }).data;
};

async function documentOf(slug: string, locale: string): Promise<{ documentId: string; title: string }> {
  const found = await editor.rest('GET', `/api/pages?locale=${locale}&filters[slug][$eq]=${encodeURIComponent(slug)}&fields[0]=slug&fields[1]=title`);
  const [page] = found.data as Array<{ documentId: string; title: string }>;
  if (!page) throw new Error(`no published ${locale} page ${slug}`);
  return page;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'marea-reports-'));
  // A publish no build followed for two seconds (five minutes outside tests) is flagged.
  // Strapi posts its webhooks to the service started below, and the plugin's rollback calls it.
  servicePort = await freePort();
  cms = await startFromSnapshot(inject('cmsSnapshot'), dir, {
    port: await freePort(),
    env: { MAREA_STALE_AFTER_SECONDS: '2', ...strapiLoopEnv(`http://127.0.0.1:${servicePort}`, secrets) },
  });
  editor = await strapiEditor(cms.url, { email: cms.adminEmail, password: cms.adminPassword });
});

afterAll(async () => {
  await service?.close();
  await cms?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('build reports', () => {
  it('the report token posts a report; the admin route lists it with the entry each issue is about', async () => {
    const spa = await documentOf('services/spa', 'en');
    const response = await post(cms.reportToken, {
      source: 'ci',
      result: 'published',
      startedAt: new Date(Date.now() - 3000).toISOString(),
      finishedAt: new Date().toISOString(),
      buildId: 'b-test-1',
      pages: { added: [], changed: ['/services/spa'], removed: [] },
      issues: [
        {
          severity: 'warning',
          code: 'LinkTargetMissing',
          message: 'links to /nowhere',
          entity: 'page',
          locale: 'en',
          cmsLocale: 'en',
          slug: 'services/spa',
          block: 'blocks.hero #1',
          field: 'blocks[0].cta.url',
        },
      ],
    });
    expect(response.status).toBe(201);
    const reports = (await admin('/reports')) as Array<Record<string, unknown>>;
    expect(reports[0]).toMatchObject({ source: 'ci', result: 'published', buildId: 'b-test-1', pages: { changed: ['/services/spa'] } });
    expect((reports[0]!.issues as unknown[])[0]).toMatchObject({
      code: 'LinkTargetMissing',
      uid: PAGE,
      documentId: spa.documentId,
      title: spa.title,
      field: 'blocks[0].cta.url',
      adminPath: `/content-manager/collection-types/${PAGE}/${spa.documentId}?plugins[i18n][locale]=en`,
    });
  });

  it("an issue's message and hint come in English and Spanish, stored capped like the English; a Spanish admin reads the Spanish", async () => {
    const long = 'ñ'.repeat(5000);
    await post(cms.reportToken, {
      source: 'ci',
      result: 'published',
      startedAt: new Date().toISOString(),
      finishedAt: new Date().toISOString(),
      issues: [
        {
          severity: 'warning',
          code: 'UnknownLinkTarget',
          message: 'Link to "nowhere" matches no page in this locale; it leads to the 404 page',
          entity: 'page',
          locale: 'en',
          cmsLocale: 'en',
          slug: 'services/spa',
          words: {
            en: { message: 'Link to "nowhere" matches no page in this locale; it leads to the 404 page', hint: 'Publish the page in this locale.' },
            es: { message: 'El enlace a "nowhere" no corresponde a ninguna página en este idioma; lleva a la página 404', hint: long },
          },
        },
        { severity: 'warning', code: 'UnknownLinkTarget', message: 'x', entity: 'page', words: { es: 'not words', en: { hint: 'no message' } } },
      ],
    });
    const [report] = (await admin('/reports')) as Array<{ issues: Array<{ words?: Record<string, { message: string; hint?: string }> }> }>;
    const [worded, unworded] = report!.issues;
    expect(worded!.words!.es!.message).toBe('El enlace a "nowhere" no corresponde a ninguna página en este idioma; lleva a la página 404');
    expect(worded!.words!.es!.hint).toBe('ñ'.repeat(2000));
    expect(worded!.words!.en).toEqual({ message: 'Link to "nowhere" matches no page in this locale; it leads to the 404 page', hint: 'Publish the page in this locale.' });
    // Words that are not a message and hint are not kept: the admin shows the English message.
    expect(unworded!.words).toBeUndefined();
  });

  it('a page held back that was never published is found by its draft: the report links the editor to it', async () => {
    const created = await editor.rest('POST', '/api/pages?locale=es-MX&status=draft', {
      data: { title: 'Borrador retenido', slug: 'borrador-retenido', summary: 'Nunca publicado.' },
    });
    const documentId = (created.data as { documentId: string }).documentId;
    await post(cms.reportToken, {
      source: 'ci',
      result: 'held-back',
      startedAt: new Date().toISOString(),
      finishedAt: new Date().toISOString(),
      heldBack: [{ locale: 'es', slug: 'borrador-retenido', reason: 'never published: left out — the slug is taken' }],
      issues: [
        { severity: 'error', code: 'DuplicateSlug', message: 'the slug is taken', entity: 'page', locale: 'es', cmsLocale: 'es-MX', slug: 'borrador-retenido', field: 'slug' },
      ],
    });
    const [report] = (await admin('/reports')) as Array<{ result: string; heldBack: unknown[]; issues: unknown[] }>;
    expect(report).toMatchObject({ result: 'held-back', heldBack: [{ slug: 'borrador-retenido' }] });
    expect(report!.issues[0]).toMatchObject({
      documentId,
      title: 'Borrador retenido',
      adminPath: `/content-manager/collection-types/${PAGE}/${documentId}?plugins[i18n][locale]=es-MX`,
    });
  });

  it('the report token can neither read nor write content; the build token cannot post reports', async () => {
    const read = await fetch(`${cms.url}/api/pages?locale=en`, { headers: { Authorization: `Bearer ${cms.reportToken}` } });
    expect(read.status).toBe(403);
    const write = await fetch(`${cms.url}/api/pages?locale=en`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${cms.reportToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: { title: 'x', slug: 'x' } }),
    });
    expect(write.status).toBe(403);
    expect((await post(cms.token, { source: 'ci', result: 'published' })).status).toBe(403);
    expect((await post('not-a-token', { source: 'ci', result: 'published' })).status).toBe(401);
    // The build's token still reads.
    expect((await fetch(`${cms.url}/api/pages?locale=en`, { headers: { Authorization: `Bearer ${cms.token}` } })).status).toBe(200);
  });

  it('a publish is recorded with its editor and joins the next report; the entry view finds its last outcome', async () => {
    const spa = await documentOf('services/spa', 'en');
    await editor.publishSeoTitle(spa.documentId, 'en', 'Spa, reported');
    const publishedAt = Date.now();
    await post(cms.reportToken, {
      source: 'webhook',
      result: 'published',
      startedAt: new Date(publishedAt + 50).toISOString(),
      finishedAt: new Date(publishedAt + 1200).toISOString(),
      buildId: 'b-test-2',
      pages: { added: [], changed: ['/services/spa'], removed: [] },
      issues: [],
    });
    const [latest] = (await admin('/reports')) as Array<{ edits: Array<Record<string, unknown>>; liveAfterSeconds: number }>;
    expect(latest!.edits).toEqual([
      expect.objectContaining({ action: 'publish', uid: PAGE, documentId: spa.documentId, locale: 'en', title: spa.title, editor: expect.stringMatching(/^API token "editor-/) }),
    ]);
    expect(latest!.liveAfterSeconds).toBeGreaterThan(0);
    const entry = (await admin(`/reports/entry?uid=${PAGE}&documentId=${spa.documentId}&locale=en`)) as { report: { buildId: string } };
    expect(entry.report.buildId).toBe('b-test-2');
    const widget = (await admin('/reports/latest')) as { report: { buildId: string }; stale: unknown };
    expect(widget).toMatchObject({ report: { buildId: 'b-test-2' }, stale: null });
  });

  it('a publish no build started after is flagged once it waited too long, naming it; the next report clears it', async () => {
    const spa = await documentOf('services/spa', 'en');
    await editor.publishSeoTitle(spa.documentId, 'en', 'Spa, waiting for its build');
    expect(((await admin('/reports/latest')) as { stale: unknown }).stale).toBeNull();
    // The entry's edit view asks again while its publish waits for a build.
    const entryView = async () => (await admin(`/reports/entry?uid=${PAGE}&documentId=${spa.documentId}&locale=en`)) as { pending: boolean };
    expect((await entryView()).pending).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const waiting = (await admin('/reports/latest')) as { stale: { since: string; publish: Record<string, unknown> } };
    expect(waiting.stale.publish).toMatchObject({ action: 'publish', documentId: spa.documentId, title: spa.title });
    expect(Date.parse(waiting.stale.since)).toBeLessThan(Date.now() - 2000);
    await post(cms.reportToken, { source: 'netlify', result: 'failed', startedAt: new Date().toISOString(), finishedAt: new Date().toISOString(), error: 'CMS unreachable' });
    const after = (await admin('/reports/latest')) as { stale: unknown; report: { result: string; edits: unknown[] } };
    expect(after.stale).toBeNull();
    expect((await entryView()).pending).toBe(false);
    // A failed build carries the edits it could not publish.
    expect(after.report).toMatchObject({ result: 'failed', edits: [expect.objectContaining({ documentId: spa.documentId })] });
  });

  it("the webhook service's builds are reported: one that failed (the CMS it reads does not answer), one with a warning, and a rollback", async () => {
    paths = projectPaths({
      dist: path.join(dir, 'dist'),
      builds: path.join(dir, 'builds'),
      contentCache: path.join(dir, 'content-cache'),
      work: path.join(dir, 'work'),
    });
    await cp(path.join(ROOT, 'content-cache'), paths.contentCache, { recursive: true });
    const report = { cmsUrl: cms.url, token: cms.reportToken };
    // The builder reads a CMS that does not answer; the report goes to the one that does.
    const dead = `http://127.0.0.1:${await freePort()}`;
    const down = loadConfig({ SITE_URL: 'https://marea.example', CMS_URL: dead, CMS_TOKEN: cms.token });
    const failing = await startWebhookService({ config: { ...down, cmsUrl: dead }, paths, secrets, port: servicePort, now: () => NOW, report });
    await failing.queue.idle();
    await failing.close();
    const [failed] = (await admin('/reports')) as Array<Record<string, unknown>>;
    expect(failed).toMatchObject({ source: 'webhook', result: 'failed', buildId: null, events: ['service start'] });
    expect(failed!.error).toMatch(/127\.0\.0\.1|fetch failed|ECONNREFUSED|reach/i);

    const up = loadConfig({ SITE_URL: 'https://marea.example', CMS_URL: cms.url, CMS_TOKEN: cms.token, MAREA_REPORT_TOKEN: cms.reportToken });
    service = await startWebhookService({ config: { ...up, cmsUrl: cms.url }, paths, secrets, port: servicePort, now: () => NOW });
    await service.queue.idle();
    const first = service.queue.status().builds[0]!;
    expect(first.result).toBe('published');

    // A page whose button leads to a page that does not exist: published, with a warning naming page, block and field.
    const created = await editor.rest('POST', '/api/pages?locale=en', {
      data: {
        title: 'Reported page',
        slug: 'reported-page',
        summary: 'A page with a broken button.',
        blocks: [{ __component: 'blocks.hero', title: 'Welcome', cta: { label: 'Go', slug: 'no-such-page' } }],
      },
    });
    const documentId = (created.data as { documentId: string }).documentId;
    const deadline = Date.now() + 60_000;
    let latest: Record<string, unknown> | undefined;
    while (Date.now() < deadline) {
      [latest] = (await admin('/reports')) as Array<Record<string, unknown>>;
      if (latest && latest.buildId !== first.buildId && latest.result !== 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(latest).toMatchObject({ source: 'webhook', result: 'published', siteUrl: service.origin, pages: { added: ['/reported-page'] }, rollback: { kind: 'webhook' } });
    expect(latest!.edits).toEqual([expect.objectContaining({ action: 'publish', documentId, title: 'Reported page', locale: 'en' })]);
    const warning = (latest!.issues as Array<Record<string, unknown>>).find((issue) => issue.code === 'UnknownLinkTarget');
    expect(warning).toMatchObject({
      severity: 'warning',
      uid: PAGE,
      documentId,
      title: 'Reported page',
      block: 'blocks.hero #1',
      field: expect.stringContaining('blocks[0].cta'),
      fieldWords: { en: expect.stringMatching(/^Block 1 \(Hero\) › /), es: expect.stringMatching(/^Bloque 1 \(Portada\) › /) },
      // Worded in Spanish by the build from the values it raised the warning with (issues-es.ts), for a Spanish admin.
      words: {
        en: { message: 'Link to "no-such-page" matches no page in this locale; it leads to the 404 page', hint: expect.stringMatching(/^Publish the page/) },
        es: { message: 'El enlace a "no-such-page" no corresponde a ninguna página en este idioma; lleva a la página 404', hint: expect.stringMatching(/^Publica la página/) },
      },
    });
    // The same warning is in /status (and the service log).
    expect(service.queue.status().builds[0]!.warnings).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'UnknownLinkTarget', slug: 'reported-page' })]));
    const entry = (await admin(`/reports/entry?uid=${PAGE}&documentId=${documentId}&locale=en`)) as { report: { issues: unknown[] } };
    expect(entry.report.issues).toEqual([expect.objectContaining({ code: 'UnknownLinkTarget' })]);

    // Rollback from the admin: the plugin asks the service, which puts the earlier build back live.
    const builds = (await fetch(`${cms.url}/marea/builds`, { headers: { Authorization: `Bearer ${editor.jwt}` } }).then((r) => r.json())) as {
      builds: Array<{ id: string; live: boolean }>;
    };
    expect(builds.builds[0]).toMatchObject({ id: latest!.buildId, live: true });
    const rolled = await fetch(`${cms.url}/marea/rollback`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${editor.jwt}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ buildId: first.buildId }),
    });
    expect(await rolled.json()).toEqual({ published: first.buildId, was: latest!.buildId });
    expect(JSON.parse(await readFile(path.join(paths.dist, 'builds/latest.json'), 'utf8'))).toMatchObject({ id: first.buildId });
    expect(((await admin('/reports')) as Array<Record<string, unknown>>)[0]).toMatchObject({ mode: 'rollback', buildId: first.buildId });
  });

  it('lets only admins with the rollback permission put a build back: an Editor is refused', async () => {
    const roles = (await editor.admin('GET', '/admin/roles')).data as Array<{ id: number; code: string }>;
    const role = roles.find((r) => r.code === 'strapi-editor')!;
    const invited = (await editor.admin('POST', '/admin/users', { firstname: 'Eva', lastname: 'Editor', email: 'eva@marea.example', roles: [role.id] })).data as {
      registrationToken: string;
    };
    const password = 'Editor-pass-2026';
    const registered = await fetch(`${cms.url}/admin/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ registrationToken: invited.registrationToken, userInfo: { firstname: 'Eva', lastname: 'Editor', password } }),
    });
    expect(registered.status).toBe(200);
    const jwt = await adminLogin(cms.url, { email: 'eva@marea.example', password });
    const rolled = await fetch(`${cms.url}/marea/rollback`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${jwt}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ buildId: 'anything' }),
    });
    expect(rolled.status).toBe(403);
    // What every admin may read stays open to her: the reports.
    expect((await fetch(`${cms.url}/marea/reports`, { headers: { Authorization: `Bearer ${jwt}` } })).status).toBe(200);
  });

  it('a Netlify build reports through its plugin, its events called as Netlify calls them: deployed, failed after the build, stopped before its report', async () => {
    type Handler = (options: { inputs: { work: string; builds: string }; error?: { message: string } }) => Promise<void>;
    const plugin = (await import(pathToFileURL(path.join(ROOT, 'netlify/plugins/marea-report/index.js')).href)) as Record<'onPreBuild' | 'onSuccess' | 'onError', Handler>;
    const inputs = { work: paths.work, builds: paths.builds };
    const env = { CMS_URL: cms.url, MAREA_REPORT_TOKEN: cms.reportToken, SITE_URL: 'https://marea.example', SITE_NAME: 'marea-test' };
    const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
    Object.assign(process.env, env);
    const [live] = (await fetch(`${service!.origin}/builds`, { headers: { Authorization: `Bearer ${secrets.webhook}` } }).then((r) => r.json())).builds as Array<{ id: string }>;
    // What `npm run build` writes (scripts/build.ts) for a published build with a warning.
    const written = {
      result: 'published',
      buildId: live!.id,
      heldBack: [],
      wallMs: 2000,
      warnings: [
        {
          severity: 'warning',
          code: 'UnknownLinkTarget',
          message: 'Link to "no-such-page" matches no page in this locale; it leads to the 404 page',
          hint: 'Publish the page in this locale, or point the link at another page, or remove it.',
          entity: 'page',
          locale: 'en',
          slug: 'reported-page',
          position: 0,
          component: 'blocks.hero',
          field: 'blocks[0].cta.slug',
          words: {
            en: {
              message: 'Link to "no-such-page" matches no page in this locale; it leads to the 404 page',
              hint: 'Publish the page in this locale, or point the link at another page, or remove it.',
            },
            es: {
              message: 'El enlace a "no-such-page" no corresponde a ninguna página en este idioma; lleva a la página 404',
              hint: 'Publica la página en este idioma, apunta el enlace a otra página o quítalo.',
            },
          },
        },
      ],
    };
    const latest = async () => ((await admin('/reports')) as Array<Record<string, unknown>>)[0]!;
    try {
      await mkdir(paths.work, { recursive: true });
      await plugin.onPreBuild({ inputs });
      await writeFile(path.join(paths.work, 'build-report.json'), JSON.stringify(written));
      await plugin.onSuccess({ inputs });
      const deployed = await latest();
      expect(deployed).toMatchObject({
        source: 'netlify',
        result: 'published',
        buildId: live!.id,
        siteUrl: 'https://marea.example',
        rollback: { kind: 'netlify', url: 'https://app.netlify.com/sites/marea-test/deploys' },
      });
      expect((deployed.issues as unknown[])[0]).toMatchObject({
        code: 'UnknownLinkTarget',
        title: 'Reported page',
        block: 'blocks.hero #1',
        adminPath: expect.stringContaining(PAGE),
        words: { es: { message: expect.stringMatching(/^El enlace a "no-such-page"/) } },
      });

      // `netlify build --offline` runs the build command, then fails bundling the edge functions: not deployed.
      await plugin.onPreBuild({ inputs });
      await writeFile(path.join(paths.work, 'build-report.json'), JSON.stringify(written));
      await plugin.onError({ inputs, error: { message: 'Edge functions bundling failed\nCould not download the bundler' } });
      expect(await latest()).toMatchObject({ source: 'netlify', result: 'failed', buildId: live!.id, error: 'Netlify: Edge functions bundling failed' });

      // A build that stopped before writing its report: the file there is the last build's.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await plugin.onPreBuild({ inputs });
      await plugin.onError({ inputs, error: { message: 'Command failed with exit code 1: npm run build' } });
      expect(await latest()).toMatchObject({ source: 'netlify', result: 'failed', buildId: null, error: 'Netlify: Command failed with exit code 1: npm run build' });
    } finally {
      for (const [key, value] of Object.entries(saved))
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
    }
  });

  it("the CI workflow's step reports a build that failed because its CMS did not answer", async () => {
    // What `npm run build` writes when the crawl cannot reach the CMS (scripts/build.ts).
    await writeFile(path.join(paths.work, 'build-report.json'), JSON.stringify({ result: 'failed', error: 'fetch failed: http://127.0.0.1:9/api/pages', errors: [], wallMs: 300 }));
    await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/report-build.ts'), '--source', 'ci', '--work', paths.work, '--builds', paths.builds], {
      cwd: ROOT,
      env: { ...process.env, CMS_URL: cms.url, MAREA_REPORT_TOKEN: cms.reportToken },
    });
    expect(((await admin('/reports')) as Array<Record<string, unknown>>)[0]).toMatchObject({
      source: 'ci',
      result: 'failed',
      error: 'fetch failed: http://127.0.0.1:9/api/pages',
      issues: [],
    });
  });
});
