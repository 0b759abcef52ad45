import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { RunningCms } from '../../src/node/cms-server/start.js';
import { startFromSnapshot } from '../support/strapi-snapshot.js';
import { strapiEditor, type StrapiEditor } from '../../src/node/cms-server/editor.js';
import { freePort } from '../../src/node/platform/free-port.js';

/**
 * The publish gate (cms/src/plugins/marea/server/parts/gate.js) in a real
 * Strapi 5 seeded from content-cache/, without the webhook service: a
 * publish the build would refuse is refused through the REST content API
 * and the admin's Publish, with the field in words and the hint in the
 * editor's admin language; a clean publish and one with only a warning go
 * through, and every publish's findings are kept as the entry's last check.
 */
const PAGE = 'api::page.page';

let dir: string;
let cms: RunningCms;
let editor: StrapiEditor;

interface Refusal {
  status: number;
  error: { name: string; message: string; details: { errors: Array<{ path: string[]; message: string }> } };
}

interface Check {
  at: string;
  action: string;
  editor?: string;
  errors: Array<Record<string, unknown>>;
  warnings: Array<Record<string, unknown>>;
}

/** A call that may be refused: its status and Strapi's answer, parsed. */
async function send(method: string, url: string, token: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** A full-access token's REST call on the content API, refused or not. */
const rest = (method: string, apiPath: string, body?: unknown) => send(method, `${cms.url}${apiPath}`, editorToken, body);
let editorToken: string;

/** The check the gate kept for one entry: the plugin store, read from the database file (waiting while Strapi writes). */
function storedCheck(documentId: string, locale: string, uid = PAGE): Check | null {
  const db = new DatabaseSync(path.join(dir, 'data.db'), { readOnly: true, timeout: 5_000 });
  try {
    const row = db.prepare('SELECT value FROM strapi_core_store_settings WHERE key = ?').get(`plugin_marea_check:${uid}:${documentId}:${locale}`) as { value: string } | undefined;
    return row ? (JSON.parse(row.value) as Check) : null;
  } finally {
    db.close();
  }
}

/** What `read` gives once it gives something, within 5 s: the gate keeps a check once the publish is committed or rolled back, which can be just after Strapi answers. */
async function eventually<T>(read: () => T | null): Promise<T | null> {
  for (const deadline = Date.now() + 5_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) {
    const value = read();
    if (value !== null) return value;
  }
  return null;
}

/** The entry's last check, made by what `action` did. */
async function lastCheck(documentId: string, locale: string, action: () => Promise<unknown>): Promise<Check | null> {
  const before = new Date().toISOString();
  await action();
  return eventually(() => {
    const check = storedCheck(documentId, locale);
    return check && check.at >= before ? check : null;
  });
}

async function pageOf(slug: string, locale: string): Promise<{ documentId: string; title: string }> {
  const found = await editor.rest('GET', `/api/pages?locale=${locale}&filters[slug][$eq]=${encodeURIComponent(slug)}&fields[0]=slug&fields[1]=title`);
  const [page] = found.data as Array<{ documentId: string; title: string }>;
  if (!page) throw new Error(`no published ${locale} page ${slug}`);
  return page;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'marea-gate-'));
  cms = await startFromSnapshot(inject('cmsSnapshot'), dir, { port: await freePort() });
  editor = await strapiEditor(cms.url, { email: cms.adminEmail, password: cms.adminPassword });
  const created = await send('POST', `${cms.url}/admin/api-tokens`, editor.jwt, { name: 'gate-test', description: 'gate test', type: 'full-access', lifespan: null });
  editorToken = (created.body.data as { accessKey: string }).accessKey;
});

afterAll(async () => {
  await cms?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the publish gate refuses what the build would refuse, at the moment of publishing', () => {
  it('refuses through the REST API a page given a slug another page has, naming the field and the hint; nothing changes', async () => {
    const spa = await pageOf('services/spa', 'en');
    const rooms = await pageOf('rooms', 'en');
    let answer = { status: 0, body: {} as Record<string, unknown> };
    const check = await lastCheck(spa.documentId, 'en', async () => (answer = await rest('PUT', `/api/pages/${spa.documentId}?locale=en`, { data: { slug: 'rooms' } })));
    expect(answer.status).toBe(400);
    const { error } = answer.body as unknown as Refusal;
    expect(error.name).toBe('ValidationError');
    expect(error.message).toBe(
      `Slug (address): Another page ("${rooms.title}", /rooms) already has the path /rooms; this one was not built. Give one of the two pages a different slug in this locale.`,
    );
    expect(error.details.errors).toEqual([expect.objectContaining({ path: ['slug'], message: error.message })]);
    // Rolled back: the live page keeps its slug, and the refusal is the entry's last check.
    expect((await pageOf('services/spa', 'en')).documentId).toBe(spa.documentId);
    expect(check).toMatchObject({
      action: 'publish',
      editor: 'gate-test',
      errors: [{ code: 'DuplicatePath', field: 'slug', fieldWords: 'Slug (address)', language: 'en' }],
      warnings: [],
    });
  });

  it('refuses a new page with a reserved slug, and creates nothing', async () => {
    const answer = await rest('POST', '/api/pages?locale=en', { data: { title: 'Assets', slug: 'assets/x' } });
    expect(answer.status).toBe(400);
    expect((answer.body as unknown as Refusal).error.message).toContain('first segment "assets" is reserved');
    const found = await editor.rest('GET', '/api/pages?locale=en&filters[slug][$eq]=assets/x&status=draft');
    expect(found.data).toEqual([]);
  });

  it('refuses the admin’s Publish in Spanish for an editor whose admin language is Spanish', async () => {
    const spa = await pageOf('services/spa', 'en');
    const rooms = await pageOf('rooms', 'en');
    const admin = `${cms.url}/content-manager/collection-types/${PAGE}/${spa.documentId}`;
    expect((await send('PUT', `${cms.url}/admin/users/me`, editor.jwt, { preferedLanguage: 'es' })).status).toBe(200);
    try {
      // The admin saves the draft, then publishes it with the form's values.
      expect((await send('PUT', `${admin}?locale=en`, editor.jwt, { slug: 'rooms' })).status).toBe(200);
      let answer = { status: 0, body: {} as Record<string, unknown> };
      const check = await lastCheck(spa.documentId, 'en', async () => (answer = await send('POST', `${admin}/actions/publish?locale=en`, editor.jwt, { slug: 'rooms' })));
      expect(answer.status).toBe(400);
      const { error } = answer.body as unknown as Refusal;
      expect(error.message).toBe(
        `Slug (dirección): Otra página ("${rooms.title}", /rooms) ya tiene la ruta /rooms; esta no se publicó. Da a una de las dos páginas otro slug en este idioma.`,
      );
      expect(error.details.errors[0]!.path).toEqual(['slug']);
      expect(check).toMatchObject({ editor: 'Marea Editor', errors: [{ code: 'DuplicatePath', language: 'es', fieldWords: 'Slug (dirección)' }] });
      expect((await pageOf('services/spa', 'en')).documentId).toBe(spa.documentId);
    } finally {
      await send('PUT', `${cms.url}/admin/users/me`, editor.jwt, { preferedLanguage: 'en' });
      await send('PUT', `${admin}?locale=en`, editor.jwt, { slug: 'services/spa' });
    }
  });

  it('refuses the layout with a form pattern that would freeze a visitor’s browser, checked by recheck inside Strapi', async () => {
    const layout = (await editor.rest('GET', '/api/layout?locale=en')).data as { documentId: string };
    const form = { __component: 'blocks.form', name: 'newsletter', fields: [{ name: 'zip', label: 'ZIP', kind: 'text', pattern: '(a+)+$' }] };
    const before = new Date().toISOString();
    const answer = await rest('PUT', '/api/layout?locale=en', { data: { footer: [form] } });
    expect(answer.status).toBe(400);
    const { error } = answer.body as unknown as Refusal;
    expect(error.message).toMatch(/^Footer › Block 1 \(Form\) › Field 1 › Pattern: Form "newsletter", field "zip": pattern the string "\(a\+\)\+\$" backtracks exponentially/);
    expect(error.details.errors[0]!.path).toEqual(['footer', '0', 'fields', '0', 'pattern']);
    const check = await eventually(() => {
      const stored = storedCheck(layout.documentId, 'en', 'api::layout.layout');
      return stored && stored.at >= before ? stored : null;
    });
    expect(check).toMatchObject({ errors: [{ code: 'UnsafeFormPattern', field: 'footer[0].fields[0].pattern' }] });
    // The live footer is the seeded one.
    const footer = ((await editor.rest('GET', '/api/layout?locale=en&populate[footer][populate]=*')).data as { footer: Array<{ __component: string }> }).footer;
    expect(footer.map((block) => block.__component)).not.toContain('blocks.form');
  });

  it('lets a clean publish through, and keeps a check with nothing in it', async () => {
    const spa = await pageOf('services/spa', 'en');
    let status = 0;
    const started = performance.now();
    const check = await lastCheck(
      spa.documentId,
      'en',
      async () => ({ status } = await rest('PUT', `/api/pages/${spa.documentId}?locale=en`, { data: { title: 'Spa by the sea' } })),
    );
    console.log(`a clean REST publish of the bundled site, checked by the gate: ${Math.round(performance.now() - started)} ms`);
    expect(status).toBe(200);
    expect((await pageOf('services/spa', 'en')).title).toBe('Spa by the sea');
    expect(check).toMatchObject({ action: 'publish', errors: [], warnings: [] });
  });

  it('publishes a slug change, with a warning for each link elsewhere it breaks, naming the entry', async () => {
    const villa = await pageOf('rooms/garden-villa', 'en');
    const check = await lastCheck(villa.documentId, 'en', () => rest('PUT', `/api/pages/${villa.documentId}?locale=en`, { data: { slug: 'rooms/villa' } }));
    try {
      expect(check!.errors).toEqual([]);
      expect(check!.warnings.length).toBeGreaterThan(0);
      for (const warning of check!.warnings)
        expect(warning).toMatchObject({
          code: 'UnknownLinkTarget',
          message: expect.stringContaining('"rooms/garden-villa"'),
          fieldWords: expect.stringMatching(/^(Page "[^"]+" \(\/|Layout \(en\)|Modal ")/),
        });
    } finally {
      await rest('PUT', `/api/pages/${villa.documentId}?locale=en`, { data: { slug: 'rooms/garden-villa' } });
    }
  });

  it('publishes a page whose button leads to a page that does not exist, and keeps its warning in the check', async () => {
    const answer = await rest('POST', '/api/pages?locale=en', {
      data: { title: 'Gate warning', slug: 'gate-warning', blocks: [{ __component: 'blocks.hero', title: 'Welcome', cta: { label: 'Go', slug: 'no-such-page' } }] },
    });
    expect(answer.status).toBe(201);
    const { documentId } = answer.body.data as { documentId: string };
    expect((await pageOf('gate-warning', 'en')).documentId).toBe(documentId);
    expect(await eventually(() => storedCheck(documentId, 'en'))).toMatchObject({
      errors: [],
      warnings: [
        { code: 'UnknownLinkTarget', severity: 'warning', field: 'blocks[0].cta', fieldWords: 'Block 1 (Hero) › Button', message: expect.stringContaining('"no-such-page"') },
      ],
    });
  });
});
