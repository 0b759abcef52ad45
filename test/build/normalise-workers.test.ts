// @vitest-environment node
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildWorkerBundle } from '../../src/node/build/bundle.js';
import { normalisePagesInWorkers, pagesInParts } from '../../src/node/build/normalise-pool.js';
import { projectPaths } from '../../src/node/build/paths.js';
import { loadContent } from '../../src/node/build/source.js';
import { PhaseRecorder } from '../../src/node/build/task.js';
import { CACHE_PART_ENTRIES, cacheFileTexts, partName, readCache } from '../../src/node/cms/cache.js';
import { pageCacheScope } from '../../src/node/build/page-cache-files.js';
import { loadConfig } from '../../src/node/config/env.js';
import { normaliseSite } from '../../src/node/content/normalise.js';
import { ContentValidationError, runBuild } from '../../src/node/build/pipeline.js';
import { buildSite, tempPaths } from '../support/build-site.js';
import { firstDifference, siteTexts } from '../support/compare-sites.js';
import { startFakeStrapi } from '../support/fake-strapi.js';
import { splitPagesIntoParts } from '../support/edited-site.js';

/**
 * A large cache (pages in parts, cache.ts `CACHE_PART_ENTRIES`) is read and
 * normalised in worker threads (normalise-pool.ts), one part per task. The
 * result must be what the main thread makes of the same cache read whole:
 * the same content, the same issues in the same order, entries numbered
 * across parts, the same newest update (rule 13's timestamp), and the same
 * message for a broken part.
 */
const LOCALES = { en: 'en', es: 'es-MX' } as const;
/**
 * While on, the main thread's reads of the normalised pages cache fail (an I/O error, say): every part's, or those
 * `only` names. `tries` counts the main thread's attempts at taking each part whole, by its entries file.
 */
const keptUnreadable = vi.hoisted(() => ({ on: false, only: null as RegExp | null, tries: new Map<string, number>() }));
vi.mock('../../src/node/build/page-cache.js', async (original) => {
  const real = await original<typeof import('../../src/node/build/page-cache.js')>();
  return {
    ...real,
    takeWholePart: (...args: Parameters<typeof real.takeWholePart>) => {
      const [entriesFile] = args;
      keptUnreadable.tries.set(entriesFile, (keptUnreadable.tries.get(entriesFile) ?? 0) + 1);
      if (keptUnreadable.on && (!keptUnreadable.only || keptUnreadable.only.test(entriesFile))) throw new Error('EIO: i/o error, read');
      return real.takeWholePart(...args);
    },
  };
});
const paths = projectPaths({});
let dir: string;
let workerFile: string;

/** A light page entry (Strapi 5 flat): a rich text and an image, so drafts hold blocks and media. */
const entry = (i: number, locale: string, slug = `page-${i}`) => ({
  id: i + 1,
  documentId: `doc${i}`,
  locale,
  slug,
  title: `Page ${i} & "more"`,
  kind: 'page',
  blocks: [
    { __component: 'blocks.wysiwyg', id: 1, body: `<p>Text of page ${i}, <a href="/page-${i + 1}">next</a></p>` },
    { __component: 'blocks.unknown-thing', id: 2 },
    // Set aside by the threads (spill.ts), its internal link checked all the same: the last page's leads nowhere.
    { __component: 'blocks.carousel', id: 3, slides: [{ title: 'Next', link: { label: 'Next', slug: `page-${i + 1}` } }] },
  ],
  updatedAt: '2026-05-01T00:00:00.000Z',
});
/** Nested beyond MAX_DEPTH (depth.ts). */
const deep = (levels: number): unknown => (levels === 0 ? 'x' : { a: deep(levels - 1) });

async function writeCache(target: string, en: unknown[], es: unknown[]): Promise<void> {
  await rm(target, { recursive: true, force: true });
  await mkdir(path.join(target, 'api'), { recursive: true });
  for (const [name, data] of [
    ['pages.en.json', en],
    ['pages.es-MX.json', es],
  ] as const) {
    for (const [file, text] of cacheFileTexts(name, { data, meta: {} })) await writeFile(path.join(target, 'api', file), text);
  }
  await writeFile(path.join(target, 'api', 'layout.en.json'), JSON.stringify({ data: { header: [], footer: [] } }));
}

function content(): { en: unknown[]; es: unknown[] } {
  const en: unknown[] = Array.from({ length: CACHE_PART_ENTRIES * 2 + 5 }, (_, i) => entry(i, 'en'));
  en[5] = { ...entry(5, 'en'), blocks: [deep(80)] };
  en[CACHE_PART_ENTRIES + 3] = null;
  en[CACHE_PART_ENTRIES + 4] = 42;
  en[CACHE_PART_ENTRIES + 10] = entry(CACHE_PART_ENTRIES + 10, 'en', 'Bad Slug');
  en[CACHE_PART_ENTRIES * 2 + 1] = entry(CACHE_PART_ENTRIES * 2 + 1, 'en', 'page-10');
  const es: unknown[] = Array.from({ length: CACHE_PART_ENTRIES + 3 }, (_, i) => entry(i, 'es-MX'));
  es[CACHE_PART_ENTRIES + 1] = { ...entry(CACHE_PART_ENTRIES + 1, 'es-MX'), updatedAt: '2026-07-09T10:00:00.000Z' };
  return { en, es };
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'marea-parts-'));
  const { en, es } = content();
  await writeCache(dir, en, es);
  workerFile = (await buildWorkerBundle(paths, 'normalise')).file;
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const inWorkers = (target: string) => normalisePagesInWorkers(workerFile, target, { cmsLocales: LOCALES, strict: false, fromCms: false, work: paths.work }, 2);

/** What the threads give, as the main thread would have it: every page with all its blocks, read back from where the threads set them aside. */
async function fromWorkers(target: string) {
  const read = await inWorkers(target);
  try {
    const result = normaliseSite(await readCache(target, LOCALES, { pages: false }), { strict: false }, undefined, read.pages, read.setAside.linksOf);
    read.setAside.settle(result.content.pages);
    return { ...result, content: { ...result.content, pages: result.content.pages.map((page) => read.setAside.withBlocks(page)) } };
  } finally {
    read.setAside.close();
  }
}

describe('normalise workers (a cache in parts)', () => {
  it('give the content and issues the main thread gives, entries numbered across parts', async () => {
    expect(pagesInParts(dir, LOCALES)).toBe(true);
    const whole = await readCache(dir, LOCALES);
    const expected = normaliseSite(whole, { strict: false });
    const read = await inWorkers(dir);
    expect(read.threads).toBe(2);
    const actual = normaliseSite(await readCache(dir, LOCALES, { pages: false }), { strict: false }, undefined, read.pages, read.setAside.linksOf);
    read.setAside.settle(actual.content.pages);
    // Each page keeps the blocks read across pages (none here); all of them are read back from where they were set aside.
    expect(actual.content.pages.every((page) => page.blocks.length === 0)).toBe(true);
    expect(actual.content.pages.map((page) => read.setAside.withBlocks(page))).toEqual(expected.content.pages);
    read.setAside.close();
    expect(existsSync(read.setAside.dir)).toBe(false);
    expect({ ...actual.content, pages: [] }).toEqual({ ...expected.content, pages: [] });
    expect(actual.issues).toEqual(expected.issues);
    expect(read.newest).toBe('2026-07-09T10:00:00.000Z');

    const fields = (code: string) => actual.issues.filter((i) => i.code === code).map((i) => `${i.locale} ${i.field}`);
    expect(fields('ContentTooDeep')).toEqual([expect.stringMatching(/^en data\[5\]/)]);
    expect(fields('InvalidEntry')).toEqual([`en data[${CACHE_PART_ENTRIES + 3}]`, `en data[${CACHE_PART_ENTRIES + 4}]`]);
    expect(actual.issues.find((i) => i.code === 'InvalidEntry')!.message).toContain(`page ${CACHE_PART_ENTRIES + 3}`);
    expect(fields('InvalidSlug')).toEqual(['en slug']);
    // Links to the entries left out (deep, not objects, bad slug) and past the last page of each locale, in link fields
    // and in rich text (the Spanish pages' rich-text links are English paths: OtherLocaleLink).
    expect(fields('UnknownLinkTarget')).toEqual([...Array<string[]>(5).fill(['en blocks[0].body', 'en blocks[1].slides[0].link']).flat(), 'es blocks[1].slides[0].link']);
    expect(actual.issues.filter((i) => i.code === 'DuplicatePath').map((i) => i.slug)).toEqual(['page-10']);
    // Every page but the deep one, the two non-objects, the bad slug's and the duplicate.
    expect(actual.content.pages).toHaveLength(CACHE_PART_ENTRIES * 2 + 5 - 5 + CACHE_PART_ENTRIES + 3);
  });

  it('are what a build from such a cache uses, with the timestamp of a whole read', async () => {
    const config = loadConfig({ SITE_URL: 'https://marea.example' });
    const log: string[] = [];
    const loaded = await loadContent({ config, paths, strict: false, log: () => {}, contentDir: dir }, new PhaseRecorder((line) => log.push(line)));
    expect(log.find((line) => /✓ normalise/.test(line))).toMatch(/pages in 2 threads/);
    expect(loaded.timestamp).toBe('2026-07-09T10:00:00.000Z');
    expect(loaded.content.pages.map((p) => p.path)).toEqual(normaliseSite(await readCache(dir, LOCALES), { strict: false }).content.pages.map((p) => p.path));
    loaded.setAside!.close();
    // A build that holds pages back (the content has errors: a bad slug, entries too deep; rule 13) leaves nothing set aside behind.
    const held = await buildSite(dir);
    expect(held.result.heldBack.map((h) => h.issues[0]!.code).sort()).toEqual(expect.arrayContaining(['InvalidSlug']));
    expect(existsSync(path.join(paths.work, `blocks-${process.pid}`))).toBe(false);
  });

  it('build the bundled content, its pages in parts, into the site the main thread builds from it whole (blocks set aside and read back)', async () => {
    const wholeDir = await mkdtemp(path.join(tmpdir(), 'marea-parts-whole-'));
    const inParts = await mkdtemp(path.join(tmpdir(), 'marea-parts-bundled-'));
    try {
      await cp(paths.contentCache, wholeDir, { recursive: true });
      // The villa's pages (both locales) take their share image from their hero (no SEO image, no cover: docs/search-and-sharing.md, "Share cards"),
      // the only place its image is a share source: the hero must stay with its page for the media phase to make the card.
      for (const name of ['pages.en.json', 'pages.es-MX.json']) {
        const file = path.join(wholeDir, 'api', name);
        const pages = JSON.parse(await readFile(file, 'utf8')) as { data: { cover?: { url: string }; seo: object }[]; meta?: object };
        const villa = pages.data.find((page) => page.cover?.url === '/uploads/garden_villa_b14c7d0803.jpg')!;
        expect(villa.seo).toHaveProperty('metaImage', null);
        delete villa.cover;
        await writeFile(file, JSON.stringify(pages));
      }
      await cp(wholeDir, inParts, { recursive: true });
      // Parts of 4 entries (the cache's format, content contract), so every kind of block is set aside by a thread.
      await splitPagesIntoParts(inParts, 4);
      const now = new Date('2026-03-02T12:00:00Z');
      const threads = await buildSite(inParts, { now });
      expect(threads.log.find((line) => /✓ normalise/.test(line))).toMatch(/pages in \d+ threads, blocks set aside/);
      const whole = await buildSite(wholeDir, { now });
      const [a, b] = [await siteTexts(threads.paths.dist), await siteTexts(whole.paths.dist)];
      expect(a.size).toBeGreaterThan(40);
      expect(firstDifference(a, b, [])).toBeNull();
      expect(existsSync(path.join(paths.work, `blocks-${process.pid}`))).toBe(false);
    } finally {
      await rm(inParts, { recursive: true, force: true });
      await rm(wholeDir, { recursive: true, force: true });
    }
  });

  it('read only the parts the first file names: a part file left beside a response of one file is not read', async () => {
    const stale = await mkdtemp(path.join(tmpdir(), 'marea-parts-stale-'));
    try {
      await writeCache(stale, [entry(1, 'en'), entry(2, 'en')], [entry(3, 'es-MX')]);
      await writeFile(path.join(stale, 'api', 'pages.en.part-2.json'), 'not JSON');
      expect(pagesInParts(stale, LOCALES)).toBe(true);
      const actual = await fromWorkers(stale);
      expect(actual).toEqual(normaliseSite(await readCache(stale, LOCALES), { strict: false }));
      expect(actual.content.pages).toHaveLength(3);
    } finally {
      await rm(stale, { recursive: true, force: true });
    }
  });

  it('take an unchanged part whole without reading it when its hash is known (the inputs’ key hashed it), and read it when not', async () => {
    const copy = await mkdtemp(path.join(tmpdir(), 'marea-parts-known-'));
    const work = await mkdtemp(path.join(tmpdir(), 'marea-parts-known-work-'));
    try {
      await cp(dir, copy, { recursive: true });
      const scope = await pageCacheScope(projectPaths({ builds: path.join(work, 'builds') }), { strict: false, fromCms: false, cmsLocales: LOCALES });
      const options = { cmsLocales: LOCALES, strict: false, fromCms: false, work, cache: scope };
      const titleOf = (read: Awaited<ReturnType<typeof inWorkers>>, at: number) => read.pages.en.find((e) => e.index === at)?.draft?.page.title;
      const first = await normalisePagesInWorkers(workerFile, copy, options, 2);
      first.setAside.close();
      // Part 2's bytes change, but the main thread says they hash as before: the thread takes the part kept, unread.
      const part2 = partName(path.join(copy, 'api', 'pages.en.json'), 2);
      const before = createHash('sha256')
        .update(await readFile(part2))
        .digest('hex');
      const json = JSON.parse(await readFile(part2, 'utf8')) as { data: { title: string }[] };
      json.data[0]!.title = 'Changed';
      await writeFile(part2, JSON.stringify(json));
      const known = await normalisePagesInWorkers(workerFile, copy, { ...options, digests: { known: (file) => (file === part2 ? before : undefined) } }, 2);
      known.setAside.close();
      expect(known.parts).toEqual({ total: first.parts.total, whole: first.parts.total });
      expect(titleOf(known, CACHE_PART_ENTRIES)).toBe(titleOf(first, CACHE_PART_ENTRIES));
      expect(first.threads).toBe(2);
      // With every part's hash as it is now (an edit's build), the changed part is normalised again: in the main thread, an
      // edit's one part (INLINE_PARTS), without starting threads or building their bundle, into what threads make of it.
      const bundle = vi.fn(() => Promise.resolve(workerFile));
      const hashes = new Map<string, string>();
      for (const name of await readdir(path.join(copy, 'api')))
        if (name.startsWith('pages.'))
          hashes.set(
            path.join(copy, 'api', name),
            createHash('sha256')
              .update(await readFile(path.join(copy, 'api', name)))
              .digest('hex'),
          );
      const read = await normalisePagesInWorkers(bundle, copy, { ...options, digests: { known: (file) => hashes.get(file) } }, 2);
      read.setAside.close();
      expect(read.parts.whole).toBe(first.parts.total - 1);
      expect(read.threads).toBe(0);
      expect(bundle).not.toHaveBeenCalled();
      expect(titleOf(read, CACHE_PART_ENTRIES)).toBe('Changed');
      const { cache: _, ...uncached } = options;
      const fresh = await normalisePagesInWorkers(bundle, copy, uncached, 2);
      fresh.setAside.close();
      expect(fresh.threads).toBe(2);
      expect(bundle).toHaveBeenCalledTimes(1);
      expect(read.pages).toEqual(fresh.pages);
      // A kept part whose files cannot be read is normalised again, not a failed build.
      keptUnreadable.on = true;
      try {
        const unreadable = await normalisePagesInWorkers(bundle, copy, { ...options, digests: { known: (file) => hashes.get(file) } }, 2);
        unreadable.setAside.close();
        expect(unreadable.pages).toEqual(fresh.pages);
        // One kept part unreadable in an edit's build: normalised in the main thread (INLINE_PARTS) and tried whole once, not
        // again by the task that normalises it.
        keptUnreadable.only = /-es-2\.bin$/;
        keptUnreadable.tries.clear();
        const one = await normalisePagesInWorkers(bundle, copy, { ...options, digests: { known: (file) => hashes.get(file) } }, 2);
        one.setAside.close();
        expect(one.threads).toBe(0);
        expect(one.parts.whole).toBe(first.parts.total - 1);
        expect(one.pages).toEqual(fresh.pages);
        expect([...keptUnreadable.tries.values()].every((tries) => tries === 1)).toBe(true);
        expect(keptUnreadable.tries.size).toBe(first.parts.total);
      } finally {
        keptUnreadable.on = false;
        keptUnreadable.only = null;
      }
    } finally {
      await rm(copy, { recursive: true, force: true });
      await rm(work, { recursive: true, force: true });
    }
  });

  it('take a large site crawled from the CMS too: written as the next content cache, swapped in once built, the same site as normalised in the main thread', async () => {
    const site = await mkdtemp(path.join(tmpdir(), 'marea-parts-cms-'));
    const strapi = await startFakeStrapi(site);
    try {
      // The CMS's content, one response per endpoint (the fake Strapi pages through it).
      const en = Array.from({ length: CACHE_PART_ENTRIES + 5 }, (_, i) => entry(i, 'en'));
      const es = Array.from({ length: 7 }, (_, i) => entry(i, 'es-MX'));
      await writeCache(site, [], []);
      await writeFile(path.join(site, 'api', 'pages.en.json'), JSON.stringify({ data: en }));
      await writeFile(path.join(site, 'api', 'pages.es-MX.json'), JSON.stringify({ data: es }));
      for (const [name, data] of Object.entries({
        'layout.es-MX': { header: [], footer: [] },
        'modals.en': [],
        'modals.es-MX': [],
        'promo-codes': [],
        'error-page.en': null,
        'error-page.es-MX': null,
      })) {
        await writeFile(path.join(site, 'api', `${name}.json`), JSON.stringify({ data }));
      }
      const now = new Date('2026-03-02T12:00:00Z');
      const crawled = await buildSite(null, { now, env: { CMS_URL: strapi.url, CMS_LOCALES: 'en:en,es:es-MX' } });
      expect(crawled.log.find((line) => /✓ crawl/.test(line))).toMatch(/pages written as the next content cache/);
      expect(crawled.log.find((line) => /✓ normalise/.test(line))).toMatch(/pages in \d+ threads/);
      // The cache was swapped in whole, in parts, and nothing is left beside it.
      const cache = crawled.paths.lastCrawl;
      expect(existsSync(path.join(cache, 'api', 'pages.en.part-2.json'))).toBe(true);
      expect((await readdir(path.dirname(cache))).filter((name) => name.startsWith(`${path.basename(cache)}.`))).toEqual([]);
      // The same content in hand (as a long-running builder has it) normalises in the main thread.
      const inHand = await tempPaths();
      const config = loadConfig({ SITE_URL: 'https://marea.example', CMS_LOCALES: 'en:en,es:es-MX' });
      const raw = { ...(await readCache(site, LOCALES)), source: 'cms' as const };
      await runBuild({ config, paths: inHand, now, log: () => {}, load: (phases) => loadContent({ config, paths: inHand, strict: false, log: () => {}, raw }, phases) });
      const [a, b] = [await siteTexts(crawled.paths.dist), await siteTexts(inHand.dist)];
      expect(a.size).toBeGreaterThan(CACHE_PART_ENTRIES);
      expect(firstDifference(a, b, [])).toBeNull();

      // The CMS now has a Spanish layout that is not a list of blocks (what every page carries, rule 13): the build stops,
      // and its next cache goes with it; the cache in place is unchanged.
      const cached = await readFile(path.join(cache, 'api', 'pages.en.part-2.json'), 'utf8');
      await writeFile(path.join(site, 'api', 'layout.es-MX.json'), JSON.stringify({ data: { header: [], footer: 'not a list' } }));
      await expect(buildSite(null, { paths: crawled.paths, now, env: { CMS_URL: strapi.url, CMS_LOCALES: 'en:en,es:es-MX' } })).rejects.toThrow(ContentValidationError);
      expect((await readdir(path.dirname(cache))).filter((name) => name.startsWith(`${path.basename(cache)}.`))).toEqual([]);
      expect(await readFile(path.join(cache, 'api', 'pages.en.part-2.json'), 'utf8')).toBe(cached);
    } finally {
      await strapi.close();
      await rm(site, { recursive: true, force: true });
    }
  });

  it('name the part a failing thread was reading', async () => {
    const failing = path.join(dir, 'failing-task.mjs');
    await writeFile(failing, "export default () => { throw new Error('out of memory, say'); };\n");
    await expect(normalisePagesInWorkers(failing, dir, { cmsLocales: LOCALES, strict: false, fromCms: false, work: paths.work }, 2)).rejects.toThrow(
      `Normalising ${path.join(dir, 'api', 'pages.en.json')} in a worker thread failed: out of memory, say`,
    );
  });

  it('read a cache written before parts named their first entry (2,000 entries a part) as the main thread does', async () => {
    const legacy = await mkdtemp(path.join(tmpdir(), 'marea-parts-legacy-'));
    try {
      const en: unknown[] = Array.from({ length: 2003 }, (_, i) => entry(i, 'en'));
      en[2001] = 7;
      await writeCache(legacy, [], []);
      await writeFile(path.join(legacy, 'api', 'pages.en.json'), JSON.stringify({ data: en.slice(0, 2000), meta: { cacheParts: 2 } }));
      await writeFile(path.join(legacy, 'api', 'pages.en.part-2.json'), JSON.stringify({ data: en.slice(2000) }));
      const expected = normaliseSite(await readCache(legacy, LOCALES), { strict: false });
      expect(expected.content.pages).toHaveLength(2002);
      const actual = await fromWorkers(legacy);
      expect(actual).toEqual(expected);
      expect(actual.issues.filter((i) => i.code === 'InvalidEntry').map((i) => i.field)).toEqual(['data[2001]']);
    } finally {
      await rm(legacy, { recursive: true, force: true });
    }
  });

  it('name a broken part as the main thread does: missing, out of step with the parts before, not JSON', async () => {
    const broken = await mkdtemp(path.join(tmpdir(), 'marea-parts-broken-'));
    const { en, es } = content();
    const cases: Array<[string, () => Promise<void>, RegExp]> = [
      ['missing', () => rm(path.join(broken, 'api', 'pages.en.part-2.json')), /pages\.en\.part-2\.json is missing/],
      [
        'short',
        () => writeFile(path.join(broken, 'api', 'pages.en.part-2.json'), JSON.stringify({ data: en.slice(0, CACHE_PART_ENTRIES - 1), meta: { cacheOffset: CACHE_PART_ENTRIES } })),
        new RegExp(`pages\\.en\\.part-3\\.json starts at entry ${CACHE_PART_ENTRIES * 2}, but the parts before it hold ${CACHE_PART_ENTRIES * 2 - 1} entries`),
      ],
      ['not JSON', () => writeFile(path.join(broken, 'api', 'pages.es-MX.part-2.json'), '{"data": ['), /pages\.es-MX\.part-2\.json is not valid JSON/],
    ];
    try {
      for (const [name, breakIt, message] of cases) {
        await writeCache(broken, en, es);
        await breakIt();
        const whole = await readCache(broken, LOCALES).then(
          () => 'read',
          (error: Error) => error.message,
        );
        expect(whole, name).toMatch(message);
        await expect(inWorkers(broken), name).rejects.toThrow(whole);
      }
    } finally {
      await rm(broken, { recursive: true, force: true });
    }
  });
});
