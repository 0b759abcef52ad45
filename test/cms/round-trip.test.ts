import { cp, mkdtemp, readdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, projectPaths } from '../../src/node/build/paths.js';
import { pullContent } from '../../src/node/build/pull.js';
import { writeSeedFile } from '../../src/node/cms-seed/write-seed.js';
import { ensureCmsInstalled } from '../../src/node/cms-server/install.js';
import { CMS_DIR } from '../../src/node/cms-server/paths.js';
import { startCms, throwawaySecrets, type RunningCms } from '../../src/node/cms-server/start.js';
import { loadConfig } from '../../src/node/config/env.js';
import { freePort } from '../../src/node/platform/free-port.js';
import { buildSite, type TestBuild } from '../support/build-site.js';
import { allowed, roundTripDifference, texts } from '../support/cms-round-trip.js';
import { firstDifference, siteTexts } from '../support/compare-sites.js';
import { strapiEditor, type StrapiEditor } from '../../src/node/cms-server/editor.js';

/**
 * The CMS → build path against the real Strapi of cms/ (its schema generated
 * from the block declarations), started from an empty database and seeded
 * from content-cache/. Strapi 4 response shapes stay covered by the fixture
 * sites (src/node/content/fixtures/).
 */
const CACHE = path.join(ROOT, 'content-cache');
const NOW = new Date('2026-06-20T12:00:00Z');
const cmsLocales = { en: 'en', es: 'es-MX' } as const;
const PAGE = 'api::page.page';

let dir: string;
let cms: RunningCms;
let editor: StrapiEditor;
let fromCache: TestBuild;
let fromCms: TestBuild;
let port: number;
let driftPort: number;
const secrets = throwawaySecrets();

const cmsEnv = () => ({ CMS_URL: cms.url, CMS_TOKEN: cms.token });
const buildFromCms = () => buildSite(null, { env: cmsEnv(), now: NOW });

/**
 * A build that must fail, into the folders the seeded site was published to:
 * the error it reports (content errors or a CMS error), after checking the
 * published site is exactly as it was.
 */
async function failedBuild(): Promise<string> {
  const published = await siteTexts(fromCms.paths.dist);
  const attempt = await buildSite(null, { env: cmsEnv(), now: NOW, paths: fromCms.paths }).then(
    () => null,
    (error: Error & { issues?: Array<{ code: string; message: string; slug?: string; locale?: string }> }) => error,
  );
  expect(attempt, 'the build should have failed').not.toBeNull();
  expect(firstDifference(published, await siteTexts(fromCms.paths.dist), [])).toBeNull();
  return [attempt!.message, ...(attempt!.issues ?? []).map((i) => `${i.code} [${i.locale}] ${i.slug}: ${i.message}`)].join('\n');
}

beforeAll(async () => {
  ensureCmsInstalled(CMS_DIR);
  dir = await mkdtemp(path.join(tmpdir(), 'marea-cms-'));
  const seedFile = path.join(dir, 'seed.json');
  await writeSeedFile(CACHE, seedFile, cmsLocales);
  [port, driftPort] = [await freePort(), await freePort()];
  cms = await startCms(throwaway(port, seedFile));
  editor = await strapiEditor(cms.url, { email: cms.adminEmail, password: cms.adminPassword });
  fromCache = await buildSite(CACHE, { now: NOW });
  fromCms = await buildFromCms();
});

afterAll(async () => {
  await cms?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A CMS of its own for the tests: database, uploads and local file in the temp folder. */
const throwaway = (at: number, seedFile?: string) => ({
  cmsDir: CMS_DIR,
  port: at,
  admin: false,
  databaseFile: path.join(dir, 'data.db'),
  publicDir: path.join(dir, 'public'),
  localFile: path.join(dir, 'local.json'),
  secrets,
  ...(seedFile ? { seedFile } : {}),
});

async function documentOf(slug: string, locale: string): Promise<string> {
  const found = await editor.rest('GET', `/api/pages?locale=${locale}&filters[slug][$eq]=${encodeURIComponent(slug)}&fields[0]=slug`);
  const [page] = found.data as Array<{ documentId: string }>;
  if (!page) throw new Error(`no published ${locale} page ${slug}`);
  return page.documentId;
}

describe('a real Strapi 5 seeded from content-cache/', () => {
  it('answers the build with its token, which reads the site’s content types only and cannot write', async () => {
    const pages = await fetch(`${cms.url}/api/pages?locale=es-MX`, { headers: { Authorization: `Bearer ${cms.token}` } });
    expect(pages.status).toBe(200);
    expect(((await pages.json()) as { meta: { pagination: { total: number } } }).meta.pagination.total).toBe(20);
    const write = await fetch(`${cms.url}/api/promo-codes`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${cms.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: { code: 'NOPE' } }),
    });
    expect(write.status).toBe(403);
    // Not the users-permissions plugin's users: the build never reads them.
    const users = await fetch(`${cms.url}/api/users`, { headers: { Authorization: `Bearer ${cms.token}` } });
    expect(users.status).toBe(403);
  });

  it('builds the same pages, HTML and payloads as content-cache/ (differences named in allowed())', async () => {
    expect(await roundTripDifference(fromCache, fromCms)).toBeNull();
  });

  it('npm run content:pull from it gives a content-cache/ that builds the same site, byte for byte', async () => {
    const paths = projectPaths({ contentCache: path.join(dir, 'pulled') });
    const pulled = await pullContent(loadConfig({ ...cmsEnv(), SITE_URL: 'https://marea.example' }), paths, () => {});
    expect(pulled).toEqual({ ok: true, pages: 41 });
    const rebuilt = await buildSite(paths.contentCache, { now: NOW });
    expect(rebuilt.result.buildId).toBe(fromCms.result.buildId);
    expect(firstDifference(await texts(fromCms), await texts(rebuilt), [])).toBeNull();
  });
});

describe('the admin panel speaks to editors', () => {
  it('labels fields in words and explains the ones with rules (slug, modal names, country codes)', async () => {
    const { jwt } = editor;
    const configuration = async (path: string) =>
      (
        (await (await fetch(`${cms.url}/content-manager/${path}/configuration`, { headers: { Authorization: `Bearer ${jwt}` } })).json()) as {
          data: {
            contentType?: { metadatas: Record<string, { edit: { label: string; description: string } }> };
            component?: { metadatas: Record<string, { edit: { label: string; description: string } }> };
          };
        }
      ).data;
    const page = (await configuration('content-types/api::page.page')).contentType!.metadatas;
    expect(page.slug!.edit).toMatchObject({ label: 'Slug', description: expect.stringContaining('rooms/garden-villa') });
    expect(page.seo!.edit.label).toBe('SEO');
    const seo = (await configuration('components/shared.seo')).component!.metadatas;
    expect(seo.metaTitle!.edit.label).toBe('Meta title');
    const errorLink = (await configuration('components/shared.error-link')).component!.metadatas;
    expect(errorLink.btntext!.edit.label).toBe('Button text');
  });
});

describe('editors publish in one locale; drafts never show; unpublished pages leave the site', () => {
  const CONTACTO = 'es/contacto';
  const pageFiles = (name: string) => name === `${CONTACTO}.html` || name === `${CONTACTO}/_payload.json`;
  const pagesOnly = (files: Map<string, string>) => new Map([...files].filter(([name]) => name.endsWith('.html') || name.endsWith('_payload.json')));

  it('an edit of one Spanish page, published, changes that page only', async () => {
    const documentId = await documentOf('contacto', 'es-MX');
    await editor.rest('PUT', `/api/pages/${documentId}?locale=es-MX`, { data: { summary: 'Escríbenos: te respondemos en un día hábil.' } });
    const after = await buildFromCms();
    const [before, now] = [pagesOnly(await texts(fromCms)), pagesOnly(await texts(after))];
    expect(now.get(`${CONTACTO}/_payload.json`)).toContain('Escríbenos: te respondemos en un día hábil.');
    expect(now.get('contact/_payload.json')).not.toContain('Escríbenos');
    const others = (files: Map<string, string>) => new Map([...files].filter(([name]) => !pageFiles(name)));
    expect(firstDifference(others(before), others(now), allowed(fromCms, after))).toBeNull();
  });

  it('a draft edit never appears', async () => {
    const documentId = await documentOf('contact', 'en');
    await editor.rest('PUT', `/api/pages/${documentId}?locale=en&status=draft`, { data: { title: 'DRAFT TITLE' } });
    const after = await buildFromCms();
    const html = await texts(after);
    expect([...html.values()].some((text) => text.includes('DRAFT TITLE'))).toBe(false);
  });

  it('an unpublished page is gone from the site, the sitemap, the site map and its translation’s hreflang', async () => {
    const documentId = await documentOf('contacto', 'es-MX');
    await editor.unpublish(PAGE, documentId, 'es-MX');
    const after = await buildFromCms();
    const files = await texts(after);
    expect(files.has(`${CONTACTO}.html`)).toBe(false);
    expect(files.get('sitemap.xml')).not.toContain('/es/contacto');
    // The site map's list (the footer's own link to the slug is the editor's to remove).
    expect(files.get('es/mapa-del-sitio/_payload.json')).toContain('"slug":"habitaciones"}');
    expect(files.get('es/mapa-del-sitio/_payload.json')).not.toContain('{"title":"Contacto","slug":"contacto"}');
    expect(files.get('contact.html')).not.toContain('/es/contacto');
    expect(files.has('contact.html')).toBe(true);
    // Links to it that stay (the Spanish footer's) are named for the editor.
    expect(after.result.warnings).toContainEqual(expect.objectContaining({ code: 'UnknownLinkTarget', locale: 'es', message: expect.stringContaining('"contacto"') }));
  });
});

describe('bad content from the CMS: named errors, nothing published', () => {
  it('a required field left empty: Strapi refuses to publish it, naming the field', async () => {
    const documentId = await documentOf('rooms', 'en');
    await expect(editor.rest('PUT', `/api/pages/${documentId}?locale=en`, { data: { slug: '' } })).rejects.toThrow(/400.*slug/s);
  });

  it('a slug that collides with another page, or takes a reserved route, is refused when published, naming the page and the route (the publish gate)', async () => {
    await expect(editor.rest('POST', '/api/pages?locale=es-MX', { data: { title: 'Otra', slug: 'habitaciones' } })).rejects.toThrow(
      /400: Slug \(address\): Another page \("[^"]+", \/es\/habitaciones\) already has the path \/es\/habitaciones/,
    );
    await expect(editor.rest('POST', '/api/pages?locale=en', { data: { title: 'Assets', slug: 'assets' } })).rejects.toThrow(
      /400: Slug \(address\): .*first segment "assets" is reserved/,
    );
    // Refused, not even a draft was made.
    expect((await editor.rest('GET', '/api/pages?locale=en&status=draft&filters[slug][$eq]=assets')).data).toEqual([]);
  });

  it('a media file deleted from the CMS after a page used it fails the build naming the file', async () => {
    const upload = path.join(dir, 'public', 'uploads');
    const original = (await readdir(upload)).find((name) => name.startsWith('garden_villa') && !/^(thumbnail|small|medium|large)_/.test(name))!;
    await rename(path.join(upload, original), path.join(dir, original));
    try {
      const message = await failedBuild();
      expect(message).toContain(original);
    } finally {
      await rename(path.join(dir, original), path.join(upload, original));
    }
  });

  /** A copy of cms/ whose schema an edit changed, started empty: a CMS that drifted from the declarations. */
  async function driftedCms(name: string, edit: (copy: string) => Promise<void>): Promise<RunningCms> {
    const copy = path.join(dir, name);
    for (const item of ['config', 'src', 'tsconfig.json', 'package.json']) await cp(path.join(CMS_DIR, item), path.join(copy, item), { recursive: true });
    await symlink(path.join(CMS_DIR, 'node_modules'), path.join(copy, 'node_modules'));
    await edit(copy);
    return startCms({
      ...throwaway(driftPort),
      cmsDir: copy,
      databaseFile: path.join(copy, 'data.db'),
      publicDir: path.join(copy, 'public'),
      localFile: path.join(copy, 'local.json'),
    });
  }

  const buildError = (from: RunningCms) =>
    buildSite(null, { env: { CMS_URL: from.url, CMS_TOKEN: from.token }, now: NOW }).then(
      () => 'built',
      (error: Error & { issues?: Array<{ code: string; message: string }> }) => [error.message, ...(error.issues ?? []).map((i) => `${i.code}: ${i.message}`)].join('\n'),
    );

  it('schema drift, a block component renamed in the CMS: the build fails naming the component it expected', async () => {
    const drifted = await driftedCms('drifted-component', async (copy) => {
      await rename(path.join(copy, 'src/components/blocks/hero.json'), path.join(copy, 'src/components/blocks/banner.json'));
      for (const type of ['page', 'layout']) {
        const schema = path.join(copy, `src/api/${type}/content-types/${type}/schema.json`);
        await writeFile(schema, (await readFile(schema, 'utf8')).replaceAll('"blocks.hero"', '"blocks.banner"'));
      }
    });
    try {
      expect(await buildError(drifted)).toMatch(/the build expected the component blocks\.hero in the "blocks" zone, which the CMS does not have/);
    } finally {
      await drifted.stop();
    }
  });

  it('schema drift, a field renamed in a block of the CMS: the publish gate refuses the publish, naming the field it expected and the one it got', async () => {
    const drifted = await driftedCms('drifted-field', async (copy) => {
      const file = path.join(copy, 'src/components/blocks/wysiwyg.json');
      await writeFile(file, (await readFile(file, 'utf8')).replace('"body":', '"content":'));
    });
    try {
      const author = await strapiEditor(drifted.url, { email: drifted.adminEmail, password: drifted.adminPassword });
      // The gate runs the build's checks (SchemaDrift among them): the page is never published, so no build sees it.
      const refused = await author
        .rest('POST', '/api/pages?locale=en', { data: { title: 'Drift', slug: 'drift', blocks: [{ __component: 'blocks.wysiwyg', content: 'Hello' }] } })
        .then(
          () => 'published',
          (error: Error) => error.message,
        );
      expect(refused).toContain(
        '→ 400: Block 1 (Rich text): The CMS\'s blocks.wysiwyg has no "body", which the build expected, and sends "content", which the build does not know',
      );
    } finally {
      await drifted.stop();
    }
  });

  it('a second start on the same database seeds nothing and keeps the token and the editors’ changes', async () => {
    await cms.stop();
    const token = cms.token;
    cms = await startCms(throwaway(port, path.join(dir, 'seed.json')));
    expect(cms.token).toBe(token);
    const pages = await fetch(`${cms.url}/api/pages?locale=es-MX`, { headers: { Authorization: `Bearer ${cms.token}` } });
    expect(((await pages.json()) as { meta: { pagination: { total: number } } }).meta.pagination.total).toBe(19);
  });
});
