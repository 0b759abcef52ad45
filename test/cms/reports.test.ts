import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCmsInstalled } from '../../src/node/cms-server/install.js';
import { CMS_DIR } from '../../src/node/cms-server/paths.js';
import type { RunningCms } from '../../src/node/cms-server/start.js';
import { startSeededCms } from '../../src/node/cms-server/throwaway.js';
import { strapiEditor, type StrapiEditor } from '../../src/node/cms-server/editor.js';
import { freePort } from '../../src/node/platform/free-port.js';

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
  ensureCmsInstalled(CMS_DIR);
  dir = await mkdtemp(path.join(tmpdir(), 'marea-reports-'));
  // A publish no build followed for two seconds (five minutes outside tests) is flagged.
  cms = await startSeededCms(dir, { port: await freePort(), env: { MAREA_STALE_AFTER_SECONDS: '2' } });
  editor = await strapiEditor(cms.url, { email: cms.adminEmail, password: cms.adminPassword });
});

afterAll(async () => {
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
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const waiting = (await admin('/reports/latest')) as { stale: { since: string; publish: Record<string, unknown> } };
    expect(waiting.stale.publish).toMatchObject({ action: 'publish', documentId: spa.documentId, title: spa.title });
    expect(Date.parse(waiting.stale.since)).toBeLessThan(Date.now() - 2000);
    await post(cms.reportToken, { source: 'netlify', result: 'failed', startedAt: new Date().toISOString(), finishedAt: new Date().toISOString(), error: 'CMS unreachable' });
    const after = (await admin('/reports/latest')) as { stale: unknown; report: { result: string; edits: unknown[] } };
    expect(after.stale).toBeNull();
    // A failed build carries the edits it could not publish.
    expect(after.report).toMatchObject({ result: 'failed', edits: [expect.objectContaining({ documentId: spa.documentId })] });
  });
});
