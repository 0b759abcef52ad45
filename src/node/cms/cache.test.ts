// @vitest-environment node
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CACHE_PART_ENTRIES, readCache, writeCacheAtomically, writeCacheFilesFrom } from './cache.js';
import { CacheReadError } from './cache-read-error.js';

const LOCALES = { en: 'en', es: 'es-MX' } as const;
let root: string;
let cacheDir: string;
let stagingCount = 0;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'marea-cache-'));
  cacheDir = join(root, 'content-cache');
  stagingCount = 0;
});
afterEach(() => rm(root, { recursive: true, force: true }));

const image = (name: string) => ({ url: `/uploads/${name}`, mime: 'image/jpeg', formats: {} });
const list = (data: unknown[]) => ({ data, meta: { pagination: { page: 1, pageSize: data.length, pageCount: 1, total: data.length } } });

function responses(version: string, media: string[]): Map<string, unknown> {
  return new Map<string, unknown>([
    ['pages.en.json', list([{ id: 1, slug: 'home', updatedAt: `2026-01-0${version}T00:00:00.000Z`, cover: media[0] ? image(media[0]) : null }])],
    ['pages.es-MX.json', list([{ id: 2, slug: 'home', blocks: media.slice(1).map((name) => ({ __component: 'blocks.image', media: image(name) })) }])],
    ['layout.en.json', { data: { id: 1, header: [], footer: [] }, meta: {} }],
    ['layout.es-MX.json', { data: null, meta: {} }],
    ['promo-codes.json', list([{ code: `V${version}` }])],
  ]);
}

async function put(dir: string, path: string, text: string) {
  await mkdir(join(dir, path, '..'), { recursive: true });
  await writeFile(join(dir, path), text);
}

/** A download directory holding `files` (path → text). */
async function staged(files: Record<string, string>): Promise<string> {
  const dir = join(root, `staging-${(stagingCount += 1)}`);
  await mkdir(dir, { recursive: true });
  for (const [path, text] of Object.entries(files)) await put(dir, path, text);
  return dir;
}

async function tree(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const path = join(entry.parentPath, entry.name);
      out[path.slice(dir.length + 1)] = await readFile(path, 'utf8');
    }
  }
  return out;
}

describe('content cache', () => {
  it('round-trips: what is written is read back as the crawl would have returned it', async () => {
    const staging = await staged({ 'uploads/a.jpg': 'A', 'uploads/b.jpg': 'B' });
    const result = await writeCacheAtomically(cacheDir, responses('1', ['a.jpg', 'b.jpg']), staging);
    expect(result).toEqual({ files: 5, media: { copied: ['uploads/a.jpg', 'uploads/b.jpg'], kept: [], missing: [] } });

    const raw = await readCache(cacheDir, LOCALES);
    expect(raw.source).toBe('cache');
    expect(raw.cmsLocales).toEqual(LOCALES);
    expect(raw.pages.en).toEqual((responses('1', ['a.jpg']).get('pages.en.json') as { data: unknown }).data);
    expect(raw.layout).toEqual({ en: { id: 1, header: [], footer: [] }, es: null });
    expect(raw.errorPage).toEqual({ en: null, es: null });
    expect(raw.modals).toEqual({ en: [], es: [] });
    expect(raw.promoCodes).toEqual([{ code: 'V1' }]);
    expect(raw.newestUpdate).toBe('2026-01-01T00:00:00.000Z');
    expect(JSON.parse(await readFile(join(cacheDir, 'api/promo-codes.json'), 'utf8'))).toEqual(responses('1', []).get('promo-codes.json'));
    expect(await readFile(join(cacheDir, 'uploads/b.jpg'), 'utf8')).toBe('B');
  });

  it('keeps old media still referenced, takes new ones from the download dir, drops the rest', async () => {
    await writeCacheAtomically(cacheDir, responses('1', ['a.jpg', 'b.jpg']), await staged({ 'uploads/a.jpg': 'A', 'uploads/b.jpg': 'B' }));
    await put(cacheDir, 'README.md', 'committed content');
    const result = await writeCacheAtomically(cacheDir, responses('2', ['a.jpg', 'c.jpg', 'd.jpg']), await staged({ 'uploads/c.jpg': 'C' }));
    expect(result.media).toEqual({ copied: ['uploads/c.jpg'], kept: ['uploads/a.jpg'], missing: ['uploads/d.jpg'] });
    const files = await tree(cacheDir);
    expect(
      Object.keys(files)
        .filter((path) => !path.startsWith('api/'))
        .sort(),
    ).toEqual(['README.md', 'uploads/a.jpg', 'uploads/c.jpg']);
    expect(files['uploads/a.jpg']).toBe('A');
    expect((await readCache(cacheDir, LOCALES)).promoCodes).toEqual([{ code: 'V2' }]);
    expect((await readdir(root)).sort()).toEqual(['content-cache', 'staging-1', 'staging-2']);
  });

  it('leaves the old cache intact when writing fails half-way', async () => {
    await writeCacheAtomically(cacheDir, responses('1', ['a.jpg']), await staged({ 'uploads/a.jpg': 'A' }));
    const before = await tree(cacheDir);

    // The third response cannot be serialised: two files are already written when it fails.
    const broken = responses('2', ['a.jpg']);
    broken.set('layout.en.json', { data: { big: 10n } });
    await expect(writeCacheAtomically(cacheDir, broken)).rejects.toThrow(/BigInt/);
    expect(await tree(cacheDir)).toEqual(before);

    // A media url that would escape the cache fails after all JSON is written.
    const unsafe = responses('3', ['../../etc/passwd']);
    await expect(writeCacheAtomically(cacheDir, unsafe)).rejects.toThrow(/Refusing media url/);
    expect(await tree(cacheDir)).toEqual(before);
    expect(await readdir(root)).not.toContainEqual(expect.stringMatching(/\.tmp-/));
  });

  it('recovers from a crash between the two renames of the swap', async () => {
    await writeCacheAtomically(cacheDir, responses('1', []));
    // What a writer killed after `dir → dir.old-<pid>` leaves: no cache, a complete old one, a finished temp.
    const deadPid = 2 ** 22 + 12345;
    await rename(cacheDir, `${cacheDir}.old-${deadPid}`);
    await mkdir(`${cacheDir}.tmp-${deadPid}/api`, { recursive: true });
    const raw = await readCache(cacheDir, LOCALES);
    expect(raw.promoCodes).toEqual([{ code: 'V1' }]);
    expect(await readdir(root)).toEqual(['content-cache']);
  });

  it('names the file when pages are missing or a file is not JSON', async () => {
    await expect(readCache(cacheDir, LOCALES)).rejects.toThrow(CacheReadError);
    await expect(readCache(cacheDir, LOCALES)).rejects.toThrow(`${join(cacheDir, 'api', 'pages.en.json')} is missing`);

    await writeCacheAtomically(cacheDir, responses('1', []));
    await writeFile(join(cacheDir, 'api/modals.es-MX.json'), '{"data": [');
    await expect(readCache(cacheDir, LOCALES)).rejects.toThrow(new RegExp(`${join(cacheDir, 'api', 'modals.es-MX.json').replace(/[.]/g, '\\.')} is not valid JSON`));
    await writeFile(join(cacheDir, 'api/modals.es-MX.json'), '[]');
    await expect(readCache(cacheDir, LOCALES)).rejects.toThrow('is not a Strapi response (no `data`)');
  });

  it(`writes a list longer than ${CACHE_PART_ENTRIES} entries as parts and reads it back whole; a missing part is named`, async () => {
    const pages = Array.from({ length: CACHE_PART_ENTRIES * 2 + 1 }, (_, i) => ({ id: i + 1, slug: `p${i}` }));
    const big = new Map(responses('1', []));
    big.set('pages.en.json', list(pages));
    await writeCacheAtomically(cacheDir, big);
    expect((await readdir(join(cacheDir, 'api'))).filter((name) => name.startsWith('pages.en'))).toEqual(['pages.en.json', 'pages.en.part-2.json', 'pages.en.part-3.json']);
    const first = JSON.parse(await readFile(join(cacheDir, 'api/pages.en.json'), 'utf8')) as { data: unknown[]; meta: { cacheParts: number; pagination: unknown } };
    expect(first.data).toHaveLength(CACHE_PART_ENTRIES);
    expect(first.meta).toMatchObject({ cacheParts: 3, pagination: { total: pages.length } });
    expect((await readCache(cacheDir, LOCALES)).pages.en).toEqual(pages);

    await rm(join(cacheDir, 'api/pages.en.part-3.json'));
    await expect(readCache(cacheDir, LOCALES)).rejects.toThrow(`${join(cacheDir, 'api', 'pages.en.part-3.json')} is missing`);
  });

  it('rewrites in place only the parts from the first changed entry on (a working copy’s publish), and what reads back is the whole response', async () => {
    const pages = Array.from({ length: CACHE_PART_ENTRIES * 2 + 1 }, (_, i) => ({ id: i + 1, slug: `p${i}` }));
    const big = new Map(responses('1', []));
    big.set('pages.en.json', list(pages));
    await writeCacheAtomically(cacheDir, big);
    const api = (name: string) => join(cacheDir, 'api', name);
    const inode = async (name: string) => (await stat(api(name))).ino;
    const before = {
      one: await inode('pages.en.json'),
      two: await inode('pages.en.part-2.json'),
      three: await inode('pages.en.part-3.json'),
      layout: await inode('layout.en.json'),
    };

    // One entry of part 2 edited: part 2 alone is written again.
    const edited = pages.map((page, i) => (i === CACHE_PART_ENTRIES + 3 ? { ...page, slug: 'edited' } : page));
    await writeCacheFilesFrom(cacheDir, 'pages.en.json', list(edited), CACHE_PART_ENTRIES + 3, CACHE_PART_ENTRIES + 3);
    expect(await inode('pages.en.part-2.json')).not.toBe(before.two);
    expect([await inode('pages.en.json'), await inode('pages.en.part-3.json'), await inode('layout.en.json')]).toEqual([before.one, before.three, before.layout]);
    expect((await readCache(cacheDir, LOCALES)).pages.en).toEqual(edited);

    // The last entry removed: two parts now, the third part's file goes, part 1 says so.
    const shorter = edited.slice(0, CACHE_PART_ENTRIES * 2);
    await writeCacheFilesFrom(cacheDir, 'pages.en.json', list(shorter), CACHE_PART_ENTRIES * 2);
    expect((await readdir(join(cacheDir, 'api'))).filter((name) => name.startsWith('pages.en'))).toEqual(['pages.en.json', 'pages.en.part-2.json']);
    expect((await readCache(cacheDir, LOCALES)).pages.en).toEqual(shorter);

    // An entry of part 1 removed: every part from it on moves.
    const removed = shorter.filter((_, i) => i !== 10);
    await writeCacheFilesFrom(cacheDir, 'pages.en.json', list(removed), 10);
    expect((await readCache(cacheDir, LOCALES)).pages.en).toEqual(removed);

    // Down to one file: no part files are left.
    await writeCacheFilesFrom(cacheDir, 'pages.en.json', list(removed.slice(0, 3)), 3);
    expect((await readdir(join(cacheDir, 'api'))).filter((name) => name.startsWith('pages.en'))).toEqual(['pages.en.json']);
    expect((await readCache(cacheDir, LOCALES)).pages.en).toEqual(removed.slice(0, 3));
    expect(await inode('layout.en.json')).toBe(before.layout);
  });

  it('uses hard links or copies, never moves, from the download dir', async () => {
    const staging = await staged({ 'uploads/a.jpg': 'A' });
    await writeCacheAtomically(cacheDir, responses('1', ['a.jpg']), staging);
    expect((await stat(join(staging, 'uploads/a.jpg'))).isFile()).toBe(true);
  });
});
