// @vitest-environment node
import { readdir, readFile, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProjectPaths } from '../../src/node/build/paths.js';
import { differences } from '../support/compare-sites.js';
import { copyOfContent, editPages, splitPagesIntoParts, type PageEntryJson } from '../support/edited-site.js';
import { buildSite, type TestBuild } from '../support/build-site.js';

/**
 * The normalised pages cache (docs/architecture.md, "Incremental builds";
 * src/node/build/page-cache.ts): a build with `builds/` kept, as CI and Netlify restore it, takes
 * each page entry it has seen from the cache and normalises only the others.
 * On the bundled site, a warm build publishes exactly what a cold build of
 * the same content publishes: unchanged, after one page changed, after a
 * renamed slug that other pages list, link to and translate (what pages read
 * of each other is worked out at every build), and with a cache file cut
 * short or altered, which is read as no cache.
 */
const NOW = new Date('2026-11-20T12:00:00Z');
type Page = PageEntryJson;

/** How many page entries the build took from the cache (its normalise line). */
const fromCache = (build: TestBuild) => Number(/(\d+) entries from the normalised pages cache/.exec(build.log.join('\n'))?.[1] ?? NaN);
const cacheFiles = async (paths: ProjectPaths) => (await readdir(path.join(paths.builds, '.normalised'))).map((name) => path.join(paths.builds, '.normalised', name));

/** A warm build of the content in `dir` as it is now (`builds/` kept in `paths`), and a cold build of it: they must publish the same files, byte for byte. */
async function warmAndCold(dir: string, paths: ProjectPaths): Promise<{ warm: TestBuild; cold: TestBuild }> {
  const warm = await buildSite(dir, { paths, now: NOW });
  const cold = await buildSite(dir, { now: NOW });
  expect(fromCache(cold)).toBe(0);
  expect(warm.result.heldBack).toEqual([]);
  expect(await differences(warm.paths, cold.paths)).toEqual([]);
  expect(warm.result.buildId).toBe(cold.result.buildId);
  return { warm, cold };
}

/** The number of page entries in a content folder's pages files (each file whole, or its parts). */
async function countEntries(dir: string): Promise<number> {
  let entries = 0;
  for (const name of await readdir(path.join(dir, 'api'))) {
    if (/^pages\./.test(name)) entries += (JSON.parse(await readFile(path.join(dir, 'api', name), 'utf8')) as { data: unknown[] }).data.length;
  }
  return entries;
}

describe('warm builds: normalised pages cached by their raw content', () => {
  let dir: string;
  let paths: ProjectPaths;
  let entries: number;
  const warmAndColdHere = () => warmAndCold(dir, paths);

  beforeAll(async () => {
    dir = await copyOfContent('marea-page-cache-');
    const first = await buildSite(dir, { now: NOW });
    paths = first.paths;
    expect(fromCache(first)).toBe(0);
    entries = await countEntries(dir);
  });

  it('an unchanged site is normalised from the cache alone, and publishes what a cold build does', async () => {
    const { warm } = await warmAndColdHere();
    expect(fromCache(warm)).toBe(entries);
  });

  it('one changed page is the only one normalised again', async () => {
    await editPages(dir, 'pages.en.json', (pages) => {
      pages.find((p) => p.slug === 'rooms/garden-villa')!.title = 'Garden Villa by the sea';
    });
    const { warm } = await warmAndColdHere();
    expect(fromCache(warm)).toBe(entries - 1);
  });

  it('a renamed slug: the pages that link to it, list it and translate it follow, their own entries unchanged', async () => {
    // Left dead, the link of the unchanged destination page is a warning there, from the cache as without it (link-targets.ts).
    await editPages(dir, 'pages.en.json', (pages) => {
      pages.find((p) => p.slug === 'blog/swimming-in-cenotes')!.slug = 'blog/cenote-swims';
    });
    const dead = await warmAndColdHere();
    expect(fromCache(dead.warm)).toBe(entries - 1);
    const warnings = (build: TestBuild) => build.result.warnings.map((i) => `${i.code} ${i.locale} ${i.slug}`);
    expect(warnings(dead.warm)).toEqual(warnings(dead.cold));
    expect(warnings(dead.warm)).toContain('UnknownLinkTarget en destinations/riviera-maya');

    // The editor mends the link: the destination page's entry changes; the blog list, the site map and the Spanish post's hreflang follow from the rename.
    await editPages(dir, 'pages.en.json', (pages) => {
      const destination = JSON.stringify(pages.find((p) => p.slug === 'destinations/riviera-maya'));
      pages[pages.findIndex((p) => p.slug === 'destinations/riviera-maya')] = JSON.parse(destination.replaceAll('"blog/swimming-in-cenotes"', '"blog/cenote-swims"')) as Page;
    });
    const { warm } = await warmAndColdHere();
    expect(fromCache(warm)).toBe(entries - 1);
    expect(await readFile(path.join(warm.paths.dist, 'sitemap.xml'), 'utf8')).toContain('/blog/cenote-swims');
    expect(await readFile(path.join(warm.paths.dist, 'es/blog/nadar-en-cenotes.html'), 'utf8')).toContain('/blog/cenote-swims');
  });

  it('a cache file cut short or altered is ignored: its entries are normalised again, with the same result, and the file is written whole', async () => {
    const [first, second] = await cacheFiles(paths);
    await truncate(first!, 100);
    const bytes = await readFile(second!);
    bytes[bytes.length - 10] = bytes[bytes.length - 10]! ^ 0xff;
    await writeFile(second!, bytes);
    const { warm } = await warmAndColdHere();
    expect(fromCache(warm)).toBe(0);
    const again = await buildSite(dir, { paths, now: NOW });
    expect(fromCache(again)).toBe(entries);
  });
});

describe('warm builds of a large site: cache parts whose bytes are unchanged are taken whole', () => {
  let dir: string;
  let paths: ProjectPaths;
  let entries: number;
  let parts: number;
  /** How many cache parts the build took whole, of how many (its normalise line). */
  const whole = (build: TestBuild) => {
    const match = /\((\d+) of (\d+) parts unchanged, taken whole\)/.exec(build.log.join('\n'));
    return match ? [Number(match[1]), Number(match[2])] : null;
  };

  beforeAll(async () => {
    dir = await copyOfContent('marea-page-cache-parts-');
    // Parts of 4 entries: the bundled site's pages are normalised in the threads, as a large site's are.
    await splitPagesIntoParts(dir, 4);
    entries = await countEntries(dir);
    const first = await buildSite(dir, { now: NOW });
    paths = first.paths;
    parts = whole(first)![1]!;
    expect(parts).toBeGreaterThan(10);
    expect(whole(first)).toEqual([0, parts]);
  });

  it('publishes what the same content read whole publishes: what the threads walked the pages for (media, form origins) is the same', async () => {
    // The contact page's form posts to a host of its own, listed: in the CSP of both (headers.ts).
    const [source, split] = [await copyOfContent('marea-page-cache-whole-'), await copyOfContent('marea-page-cache-split-')];
    for (const folder of [source, split])
      await editPages(folder, 'pages.en.json', (pages) => {
        const blocks = pages.find((page) => page.slug === 'contact')!.blocks as Record<string, unknown>[];
        blocks.find((block) => block.__component === 'blocks.form')!.action = 'https://book.marea.example/contact';
      });
    await splitPagesIntoParts(split, 4);
    const env = { FORM_HOSTS: 'book.marea.example' };
    const whole = await buildSite(source, { now: NOW, env });
    const inParts = await buildSite(split, { now: NOW, env });
    expect(whole.log.join('\n')).not.toMatch(/blocks set aside/);
    expect(inParts.log.join('\n')).toMatch(/blocks set aside/);
    expect(await readFile(path.join(inParts.result.buildDir, '_headers'), 'utf8')).toContain('https://book.marea.example');
    expect(await differences(inParts.paths, whole.paths)).toEqual([]);
  });

  it('an unchanged site takes every part whole, and publishes what a cold build does', async () => {
    const { warm } = await warmAndCold(dir, paths);
    expect(whole(warm)).toEqual([parts, parts]);
    expect(fromCache(warm)).toBe(entries);
  });

  it('one changed page: its part is read again, its other entries from the cache, and every other part is taken whole', async () => {
    await editPages(dir, 'pages.en.json', (pages) => {
      pages[1]!.title = `${pages[1]!.title} by the sea`;
    });
    const { warm } = await warmAndCold(dir, paths);
    expect(whole(warm)).toEqual([parts - 1, parts]);
    expect(fromCache(warm)).toBe(entries - 1);
  });

  it('a whole part or its blocks cut short or altered is ignored: that part is read entry by entry, with the same result', async () => {
    // One part's whole file cut short, another part's blocks altered.
    const wholes = (await cacheFiles(paths)).filter((file) => file.endsWith('.whole'));
    const [wholePart, blocks] = [wholes[0]!, wholes[1]!.replace(/\.whole$/, '.blocks')];
    await truncate(wholePart, 50);
    const bytes = await readFile(blocks);
    bytes[bytes.length - 3] = bytes[bytes.length - 3]! ^ 0xff;
    await writeFile(blocks, bytes);
    const { warm } = await warmAndCold(dir, paths);
    expect(whole(warm)).toEqual([parts - 2, parts]);
    expect(fromCache(warm)).toBe(entries);
    expect(whole(await buildSite(dir, { paths, now: NOW }))).toEqual([parts, parts]);
  });

  it('a renamed slug: its translation, in a part taken whole, follows (its hreflang, page-inputs.ts)', async () => {
    // The part of the English pages that holds the privacy page (a plain page: no block reads the whole site).
    const holds = async (name: string) => (JSON.parse(await readFile(path.join(dir, 'api', name), 'utf8')) as { data: Page[] }).data.some((page) => page.slug === 'privacy');
    const files = (await readdir(path.join(dir, 'api'))).filter((name) => name.startsWith('pages.en.'));
    const file = (await Promise.all(files.map(async (name) => ((await holds(name)) ? name : null)))).find((name) => name !== null)!;
    await editPages(dir, file, (pages) => {
      pages.find((page) => page.slug === 'privacy')!.slug = 'privacy-policy';
    });
    const { warm } = await warmAndCold(dir, paths);
    expect(whole(warm)).toEqual([parts - 1, parts]);
    expect(await readFile(path.join(warm.result.buildDir, 'es/privacidad.html'), 'utf8')).toContain('/privacy-policy"');
  });
});
