import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { projectPaths, ROOT, type ProjectPaths } from '../../src/node/build/paths.js';
import { partName } from '../../src/node/cms/cache.js';
import { startFakeStrapi, type FakeStrapi } from './fake-strapi.js';

/**
 * A site for the webhook service's build tests, in `dir`: a fake Strapi
 * serving the bundled content (content-cache/) with the rooms page's title
 * edited to `roomsTitle`, and project paths whose content cache is the
 * bundled one, so a build from the CMS publishes the edit.
 */
export async function editedSite(dir: string, roomsTitle: string): Promise<{ strapi: FakeStrapi; paths: ProjectPaths }> {
  const cms = path.join(dir, 'cms');
  await cp(path.join(ROOT, 'content-cache'), cms, { recursive: true });
  const file = path.join(cms, 'api', 'pages.en.json');
  const pages = JSON.parse(await readFile(file, 'utf8')) as { data: Array<{ slug: string; title: string }> };
  pages.data.find((page) => page.slug === 'rooms')!.title = roomsTitle;
  await writeFile(file, JSON.stringify(pages));
  const strapi = await startFakeStrapi(cms);
  const paths = projectPaths({ dist: path.join(dir, 'dist'), builds: path.join(dir, 'builds'), contentCache: path.join(dir, 'content-cache'), work: path.join(dir, 'work') });
  await cp(path.join(ROOT, 'content-cache'), paths.contentCache, { recursive: true });
  // The bundles are cached by code hash: the repository's spare the test a Vite build.
  if (existsSync(path.join(ROOT, '.marea', 'bundle'))) await cp(path.join(ROOT, '.marea', 'bundle'), path.join(paths.work, 'bundle'), { recursive: true });
  return { strapi, paths };
}

/** A page entry of a content folder's pages file, as the tests edit it. */
export type PageEntryJson = Record<string, unknown> & { slug: string };

/** A copy of the bundled content (content-cache/) in a new temporary folder named `prefix…`. */
export async function copyOfContent(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  await cp(path.join(ROOT, 'content-cache'), dir, { recursive: true });
  return dir;
}

/** Edits the page entries of one pages file of a content folder (`pages.en.json`, `pages.es-MX.json`) in place. */
export async function editPages(dir: string, file: string, change: (pages: PageEntryJson[]) => void): Promise<void> {
  const full = path.join(dir, 'api', file);
  const json = JSON.parse(await readFile(full, 'utf8')) as { data: PageEntryJson[] };
  change(json.data);
  await writeFile(full, JSON.stringify(json));
}

/**
 * Writes each pages file of a content folder in parts of `size` entries (the
 * cache's format for a large site, content contract), so its pages are
 * normalised in the worker threads (normalise-pool.ts) as a large site's are.
 */
export async function splitPagesIntoParts(dir: string, size: number): Promise<void> {
  for (const name of ['pages.en.json', 'pages.es-MX.json']) {
    const file = path.join(dir, 'api', name);
    const body = JSON.parse(await readFile(file, 'utf8')) as { data: unknown[]; meta?: object };
    const count = Math.ceil(body.data.length / size);
    for (let part = 1; part <= count; part += 1) {
      const data = body.data.slice((part - 1) * size, part * size);
      const meta = part === 1 ? { ...body.meta, cacheParts: count } : { cacheOffset: (part - 1) * size };
      await writeFile(part === 1 ? file : partName(file, part), JSON.stringify({ data, meta }));
    }
  }
}
