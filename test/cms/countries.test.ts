import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ROOT } from '../../src/node/build/paths.js';
import { CMS_DIR } from '../../src/node/cms-server/paths.js';
import { populateParams } from '../../src/node/cms/populate.js';
import { strapiEditor, type StrapiEditor } from '../../src/node/cms-server/editor.js';
import type { RunningCms } from '../../src/node/cms-server/start.js';
import { startFromSnapshot } from '../support/strapi-snapshot.js';
import { freePort } from '../../src/node/platform/free-port.js';

/**
 * Country targeting picked from a list (the Marea plugin's
 * `plugin::marea.countries` custom field, docs/cms.md) in the
 * real Strapi: the field is Strapi's `json` underneath, so the seeded
 * countries come back from the REST API exactly as content-cache/ has them,
 * a choice the admin's picker saves (a list of alpha-3 codes, through the
 * content manager's API as the admin panel sends it) is what the build
 * reads, and the content manager shows the field as the custom field,
 * labelled and explained in words.
 */
const PROMO = 'api::promo-code.promo-code';

let dir: string;
let cms: RunningCms;
let editor: StrapiEditor;

type Block = { __component: string; countries?: { country: unknown } | null };
type Page = { slug: string; blocks: Block[] };

const query = (params: Array<[string, string]>) => params.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&');

/** A call on the admin API (the content manager's, as the admin panel makes it) with the editor's session. */
async function admin(method: 'GET' | 'PUT' | 'POST', route: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${cms.url}${route}`, {
    method,
    headers: { Authorization: `Bearer ${editor.jwt}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  expect(response.status, `${method} ${route}: ${text.slice(0, 300)}`).toBe(200);
  return JSON.parse(text) as Record<string, unknown>;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'marea-countries-'));
  cms = await startFromSnapshot(inject('cmsSnapshot'), dir, { port: await freePort() });
  editor = await strapiEditor(cms.url, { email: cms.adminEmail, password: cms.adminPassword });
});

afterAll(async () => {
  await cms?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('countries picked from a list are stored as the JSON list of alpha-3 codes', () => {
  it("serves every seeded block's countries exactly as content-cache/ has them", async () => {
    const cached = JSON.parse(await readFile(path.join(ROOT, 'content-cache/api/pages.en.json'), 'utf8')) as { data: Page[] };
    const served = (await editor.rest('GET', `/api/pages?locale=en&pagination[pageSize]=100&${query(populateParams('pages'))}`)).data as Page[];
    const countries = (pages: Page[]) =>
      Object.fromEntries(pages.map((page) => [page.slug, page.blocks.map((block) => `${block.__component} ${JSON.stringify(block.countries?.country ?? null)}`)]));
    expect(countries(served)).toEqual(countries(cached.data));
    // What the seed holds: the home page's countdown for the USA and Canada, its rich text for Mexico.
    const home = served.find((page) => page.slug === 'home')!;
    expect(home.blocks.map((block) => block.countries?.country).filter((list) => Array.isArray(list) && list.length)).toEqual([['USA', 'CAN'], ['MEX']]);
  });

  it('saves a choice made in the admin as that list, which the REST API serves', async () => {
    const found = (await editor.rest('GET', '/api/promo-codes?filters[code][$eq]=WINTERUS&populate[countries]=true')).data as Array<{
      documentId: string;
      countries: { country: unknown };
    }>;
    const winter = found[0]!;
    expect(winter.countries.country).toEqual(['USA', 'CAN']);
    // The picker adds Mexico: the content manager's update and publish, with the whole component as the form sends it.
    const route = `/content-manager/collection-types/${PROMO}/${winter.documentId}`;
    const draft = ((await admin('GET', route)) as { data: Record<string, unknown> & { countries: { id: number; country: unknown } } }).data;
    expect(draft.countries.country).toEqual(['USA', 'CAN']);
    await admin('PUT', route, { ...draft, countries: { ...draft.countries, country: ['USA', 'CAN', 'MEX'] } });
    await admin('POST', `${route}/actions/publish`, { ...draft, countries: { ...draft.countries, country: ['USA', 'CAN', 'MEX'] } });
    const published = (await editor.rest('GET', `/api/promo-codes/${winter.documentId}?populate[countries]=true`)).data as { countries: { country: unknown } };
    expect(published.countries.country).toEqual(['USA', 'CAN', 'MEX']);
    // Every country again: no country chosen.
    await admin('POST', `${route}/actions/publish`, { ...draft, countries: { ...draft.countries, country: [] } });
    const every = (await editor.rest('GET', `/api/promo-codes/${winter.documentId}?populate[countries]=true`)).data as { countries: { country: unknown } };
    expect(every.countries.country).toEqual([]);
  });

  it('shows the field in the content manager as the country picker, labelled and explained in words', async () => {
    const components = (await admin('GET', '/content-manager/components')).data as Array<{ uid: string; attributes: Record<string, Record<string, unknown>> }>;
    expect(components.find((component) => component.uid === 'shared.countries')!.attributes.country).toMatchObject({
      type: 'json',
      customField: 'plugin::marea.countries',
    });
    const configuration = (await admin('GET', '/content-manager/components/shared.countries/configuration')).data as {
      component: { metadatas: Record<string, { edit: { label: string; description: string; visible: boolean; editable: boolean } }> };
    };
    expect(configuration.component.metadatas.country!.edit).toMatchObject({
      label: 'Visitors from',
      description: expect.stringContaining('none chosen: every country'),
      visible: true,
      editable: true,
    });
  });
});

describe('a CMS labelled before the picker', () => {
  type Metadatas = Record<string, { edit: { label?: string; description?: string } }>;
  const { labelFields } = createRequire(import.meta.url)(path.join(CMS_DIR, 'src/admin-labels.js')) as { labelFields(strapi: unknown): Promise<void> };

  /** cms/src/admin-labels.js against a Strapi whose stored views are `metadatas`, labelled by an earlier version of the labels. */
  async function relabel(metadatas: Metadatas): Promise<Metadatas> {
    const saved: Metadatas[] = [];
    const service = {
      findComponent: (uid: string) => ({ uid }),
      findConfiguration: async () => ({ settings: {}, metadatas: structuredClone(metadatas), layouts: {} }),
      updateConfiguration: async (_model: unknown, configuration: { metadatas: Metadatas }) => void saved.push(configuration.metadatas),
    };
    const strapi = {
      store: () => ({ get: async () => ({ version: 2 }), set: async () => undefined }),
      plugin: () => ({ service: () => service }),
      contentTypes: {},
      components: { 'shared.countries': {} },
    };
    await labelFields(strapi);
    return saved[0]!;
  }

  it('replaces the help that asked for typed codes, and keeps help an editor wrote', async () => {
    const former = await relabel({ country: { edit: { label: 'Country', description: 'ISO alpha-3 codes, e.g. ["MEX", "USA"]. Empty: every country.' } } });
    expect(former.country!.edit).toEqual({ label: 'Visitors from', description: expect.stringContaining('none chosen: every country') });
    const own = await relabel({ country: { edit: { label: 'Country', description: 'Ask Marta before targeting a country.' } } });
    expect(own.country!.edit.description).toBe('Ask Marta before targeting a country.');
  });
});
