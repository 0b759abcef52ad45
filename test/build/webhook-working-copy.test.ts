import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFiles } from '../../src/node/build/hash.js';
import type { ProjectPaths } from '../../src/node/build/paths.js';
import { loadConfig } from '../../src/node/config/env.js';
import { ChangeSet } from '../../src/node/webhook/events.js';
import { SiteBuilder } from '../../src/node/webhook/site-builder.js';
import { editedSite } from '../support/edited-site.js';
import type { FakeStrapi } from '../support/fake-strapi.js';

/**
 * The webhook service's builds keep what they publish in a working copy
 * outside git (`.marea/webhook-content/`, seeded from content-cache/):
 * the repository's content-cache/ is written only by `npm run content:pull`,
 * however many builds the editors' loop makes.
 */
let dir: string;
let strapi: FakeStrapi;
let paths: ProjectPaths;
const EDITED = 'Rooms, edited in the CMS';
const AGAIN = 'Rooms, published again';

/** Every file of a folder with the hash of its bytes. */
async function snapshot(folder: string): Promise<Record<string, string>> {
  const files = await listFiles(folder);
  const hashes = await Promise.all(
    files.map(
      async (file) =>
        [
          file,
          createHash('sha256')
            .update(await readFile(path.join(folder, file)))
            .digest('hex'),
        ] as const,
    ),
  );
  return Object.fromEntries(hashes);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'marea-working-copy-'));
  // The CMS holds the bundled site with one page edited; the "repository" has the bundled cache.
  ({ strapi, paths } = await editedSite(dir, EDITED));
});
afterAll(async () => {
  await strapi?.close();
  await rm(dir, { recursive: true, force: true });
});

const full = (reason: string) => {
  const changes = new ChangeSet();
  changes.add({ kind: 'full', reason, summary: reason });
  return changes;
};

describe("the webhook service's working copy of the content", () => {
  it('builds from the CMS twice, keeps what it published in .marea/webhook-content/, and leaves content-cache/ untouched', async () => {
    const before = await snapshot(paths.contentCache);
    const config = loadConfig({ SITE_URL: 'https://marea.example', CMS_URL: strapi.url, CMS_LOCALES: 'en:en,es:es-MX' });
    const builder = new SiteBuilder({ config: { ...config, cmsUrl: strapi.url }, paths, threads: 1 });
    await builder.build(full('first build'));
    await builder.build(full('second build'));

    expect(await snapshot(paths.contentCache)).toEqual(before);
    expect(builder.contentDir).toBe(path.join(paths.work, 'webhook-content'));
    const first = JSON.parse(await readFile(path.join(builder.contentDir, 'api', 'pages.en.json'), 'utf8')) as { data: Array<{ slug: string; title: string }> };
    expect(first.data.find((page) => page.slug === 'rooms')!.title).toBe(EDITED);
    // Its media are complete: every file the published content uses, as the bundled cache has them.
    expect((await listFiles(path.join(builder.contentDir, 'uploads'))).sort()).toEqual((await listFiles(path.join(paths.contentCache, 'uploads'))).sort());
    expect(await readFile(path.join(paths.dist, 'rooms.html'), 'utf8')).toContain(EDITED);

    // A page published: the working copy's file of its locale is written again, in place; no other file is.
    const api = (name: string) => path.join(builder.contentDir, 'api', name);
    const inodes = async () =>
      Object.fromEntries(await Promise.all((await listFiles(builder.contentDir)).map(async (file) => [file, (await stat(path.join(builder.contentDir, file))).ino] as const)));
    const inodesBefore = await inodes();
    const cmsPages = path.join(dir, 'cms', 'api', 'pages.en.json');
    const pages = JSON.parse(await readFile(cmsPages, 'utf8')) as { data: Array<{ slug: string; title: string; documentId: string }> };
    const rooms = pages.data.find((page) => page.slug === 'rooms')!;
    rooms.title = AGAIN;
    await writeFile(cmsPages, JSON.stringify(pages));
    const changes = new ChangeSet();
    changes.add({ kind: 'change', change: { endpoint: 'pages', cmsLocale: 'en', documentId: rooms.documentId, action: 'fetch' }, summary: 'entry.publish page' });
    const outcome = await builder.build(changes);
    expect(outcome.mode).toBe('incremental');
    expect(await readFile(path.join(paths.dist, 'rooms.html'), 'utf8')).toContain(AGAIN);
    const kept = JSON.parse(await readFile(api('pages.en.json'), 'utf8')) as { data: Array<{ slug: string; title: string }> };
    expect(kept.data.find((page) => page.slug === 'rooms')!.title).toBe(AGAIN);
    const after = await inodes();
    const rewritten = Object.keys(after).filter((file) => after[file] !== inodesBefore[file]);
    expect(rewritten).toEqual([path.join('api', 'pages.en.json')]);
    expect(Object.keys(after).sort()).toEqual(Object.keys(inodesBefore).sort());
  });
});
