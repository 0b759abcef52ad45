import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectPaths } from '../../src/node/build/paths.js';
import { readCache } from '../../src/node/cms/cache.js';
import { adminLogin } from '../../src/node/cms-server/editor.js';
import { ensureCmsInstalled } from '../../src/node/cms-server/install.js';
import { CMS_DIR } from '../../src/node/cms-server/paths.js';
import type { RunningCms } from '../../src/node/cms-server/start.js';
import { startSeededCms } from '../../src/node/cms-server/throwaway.js';
import { loadConfig } from '../../src/node/config/env.js';
import { normaliseSite } from '../../src/node/content/normalise.js';
import { freePort } from '../../src/node/platform/free-port.js';

/**
 * The seed takes any content the build takes: a content-cache/ whose error
 * page has links without a slug or a button text (rule 27: such a link is
 * simply not shown) seeds a real Strapi, and an entry Strapi still refuses
 * (a page title longer than a Strapi string holds) is named with its locale,
 * field and Strapi's reason, and skipped, while Strapi starts with the rest.
 */
const LONG_TITLE = 'A spa day '.repeat(30).trim();

let dir: string;
let cache: string;
let cms: RunningCms;
const log: string[] = [];

async function editJson(file: string, edit: (data: { data: Record<string, unknown> | Array<Record<string, unknown>> }) => void): Promise<void> {
  const body = JSON.parse(await readFile(file, 'utf8')) as { data: Record<string, unknown> | Array<Record<string, unknown>> };
  edit(body);
  await writeFile(file, JSON.stringify(body));
}

beforeAll(async () => {
  ensureCmsInstalled(CMS_DIR);
  dir = await mkdtemp(path.join(tmpdir(), 'marea-seed-any-'));
  cache = path.join(dir, 'content-cache');
  await cp(projectPaths().contentCache, cache, { recursive: true });
  for (const locale of ['en', 'es-MX']) {
    await editJson(path.join(cache, 'api', `error-page.${locale}.json`), (body) => {
      const links = (body.data as { links: unknown[] }).links;
      links.push({ id: 90, slug: null, btntext: 'Home' }, { id: 91, slug: { id: 92, slug: 'services' }, btntext: null }, { id: 93, slug: { id: 94, slug: null }, btntext: '' });
    });
  }
  await editJson(path.join(cache, 'api', 'pages.en.json'), (body) => {
    (body.data as Array<Record<string, unknown>>).find((page) => page.slug === 'services/spa')!.title = LONG_TITLE;
  });
  cms = await startSeededCms(path.join(dir, 'cms'), { port: await freePort(), contentCache: cache, log: (line) => log.push(line) });
});
afterAll(async () => {
  await cms?.stop();
  await rm(dir, { recursive: true, force: true });
});

const api = async (query: string) => {
  const response = await fetch(`${cms.url}/api/${query}`, { headers: { Authorization: `Bearer ${cms.token}` } });
  expect(response.status, query).toBe(200);
  return ((await response.json()) as { data: unknown }).data;
};

describe('seeding a content-cache/ the build accepts', () => {
  it('is content the build takes: its error-page links are left out with warnings, the long title kept, no content error', async () => {
    const { issues } = normaliseSite(await readCache(cache, loadConfig().cmsLocales), { strict: false });
    expect(issues.filter((issue) => issue.severity === 'error')).toEqual([]);
    expect(issues.filter((issue) => issue.code === 'IncompleteErrorLink')).toHaveLength(6);
  });

  it('seeds the error page with every link as the cache has it, the incomplete ones included (the build leaves them out)', async () => {
    for (const locale of ['en', 'es-MX']) {
      const page = (await api(`error-page?locale=${locale}&populate[links][populate]=slug`)) as { links: Array<{ btntext: string | null; slug: { slug: string | null } | null }> };
      expect(page.links.slice(-3).map((link) => [link.slug?.slug ?? null, link.btntext || null])).toEqual([
        [null, 'Home'],
        ['services', null],
        [null, null],
      ]);
    }
  });

  it('names the entry Strapi refuses (document, locale, field, reason), skips it, and seeds everything else', async () => {
    const output = log.join('\n');
    expect(output).toMatch(/\[marea\] seed: skipped page "services\/spa" \(en\), which Strapi refused: title: .*255/);
    expect(output).toMatch(/\[marea\] seeded 35 documents and 19 media files in [\d.]+ s; 1 entry skipped/);
    // The document still exists through its Spanish entry; the English list lacks only the refused page.
    const en = (await api('pages?locale=en&pagination[pageSize]=100&fields[0]=slug')) as Array<{ slug: string }>;
    const es = (await api('pages?locale=es-MX&pagination[pageSize]=100&fields[0]=slug')) as Array<{ slug: string }>;
    expect(en.map((page) => page.slug)).not.toContain('services/spa');
    expect(en).toHaveLength(20);
    expect(es.map((page) => page.slug)).toContain('servicios/spa');
  });
});

/** The same Strapi, as an editor meets it: words from the block declarations, readable titles, a quiet log. */
describe("the admin speaks the editors' language", () => {
  // One login: Strapi rate-limits the admin login.
  let jwt: Promise<string> | undefined;
  const admin = async (route: string) => {
    jwt ??= adminLogin(cms.url, { email: cms.adminEmail, password: cms.adminPassword });
    const response = await fetch(`${cms.url}${route}`, { headers: { Authorization: `Bearer ${await jwt}` } });
    expect(response.status, route).toBe(200);
    return ((await response.json()) as { data: unknown }).data;
  };

  it('names blocks and fields in words: "Rich text", "Button"; the page zone offers no layout block', async () => {
    const hero = (await admin('/content-manager/components/blocks.hero/configuration')) as { component: { metadatas: Record<string, { edit: { label: string } }> } };
    expect(hero.component.metadatas.cta!.edit.label).toBe('Button');
    expect(hero.component.metadatas.media!.edit.label).toBe('Picture or video');
    const components = (await admin('/content-manager/components')) as Array<{ uid: string; info: { displayName: string; icon?: string } }>;
    expect(components.find((c) => c.uid === 'blocks.wysiwyg')!.info).toMatchObject({ displayName: 'Rich text', icon: 'write' });
    const types = (await admin('/content-manager/content-types')) as Array<{ uid: string; attributes: Record<string, { components?: string[] }> }>;
    const zone = types.find((t) => t.uid === 'api::page.page')!.attributes.blocks!.components!;
    expect(zone).toContain('blocks.hero');
    expect(zone).not.toContain('blocks.header');
    expect(zone).not.toContain('blocks.cookie-notice');
  });

  it('titles the Layout and the error page by their names, pages by their titles', async () => {
    const mainField = async (uid: string) =>
      ((await admin(`/content-manager/content-types/${uid}/configuration`)) as { contentType: { settings: { mainField: string } } }).contentType.settings.mainField;
    expect(await mainField('api::layout.layout')).toBe('id');
    expect(await mainField('api::error-page.error-page')).toBe('id');
    expect(await mainField('api::page.page')).toBe('title');
  });

  it("keeps Strapi's log quiet: no line per request", async () => {
    await api('pages?locale=en&fields[0]=slug');
    await api('layout?locale=en');
    expect(log.join('\n')).not.toMatch(/http: GET \/api\//);
  });
});
