// @vitest-environment node
import { existsSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectPaths } from './paths.js';
import { verifyChecksums, writeChecksums } from './checksums.js';
import { carryOverAssets, KEEP_BUILDS, pageIndexFile, prepareSpare, publishBuild, readHistory, recoverInterrupted, settleBackgroundWork, storeBuild } from './publish.js';

async function setup() {
  const root = await mkdtemp(path.join(tmpdir(), 'marea-publish-'));
  return projectPaths({ root, dist: path.join(root, 'dist'), builds: path.join(root, 'builds'), work: path.join(root, '.work') });
}

/** Enough of a JPEG for file-type: the media judgement keeps it. */
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);

async function fakeBuild(paths: ReturnType<typeof projectPaths>, id: string, extra: Record<string, string> = {}) {
  const staging = path.join(paths.builds, `.staging-${id}`);
  await mkdir(path.join(staging, 'builds'), { recursive: true });
  await mkdir(path.join(staging, 'assets/media'), { recursive: true });
  await writeFile(path.join(staging, `assets/entry-${id}.js`), `// ${id}`);
  await writeFile(path.join(staging, `assets/media/photo-${id}.jpg`), Buffer.concat([JPEG_HEAD, Buffer.from(id)]));
  await writeFile(path.join(staging, 'builds/latest.json'), JSON.stringify({ id }));
  await writeFile(path.join(staging, 'index.html'), `<p>${id}</p>`);
  for (const [file, content] of Object.entries(extra)) {
    await mkdir(path.dirname(path.join(staging, file)), { recursive: true });
    await writeFile(path.join(staging, file), content);
  }
  await writeChecksums(staging);
  await storeBuild(paths, staging, { id, timestamp: 't', builtAt: 'b' });
}

describe('publish (atomic publish and rollback: docs/architecture.md)', () => {
  it('swaps a stored build in as dist', async () => {
    const paths = await setup();
    await fakeBuild(paths, 'a1');
    await publishBuild(paths, 'a1');
    expect(await readFile(path.join(paths.dist, 'index.html'), 'utf8')).toBe('<p>a1</p>');
    await fakeBuild(paths, 'b2');
    await publishBuild(paths, 'b2');
    expect(await readFile(path.join(paths.dist, 'index.html'), 'utf8')).toBe('<p>b2</p>');
    expect(existsSync(`${paths.dist}.prev`)).toBe(false);
    // The replaced site stands by, to be patched into the next one.
    await settleBackgroundWork();
    // dist is a link to the live folder; the replaced site stands by.
    expect((await readdir(path.dirname(paths.dist))).filter((name) => name.startsWith('dist.')).map((name) => name.replace(/live-.*/, 'live-…'))).toEqual([
      'dist.live-…',
      'dist.standby',
    ]);
    expect(await readFile(path.join(`${paths.dist}.standby`, 'index.html'), 'utf8')).toBe('<p>a1</p>');
    expect(await readFile(path.join(paths.builds, 'a1', 'index.html'), 'utf8')).toBe('<p>a1</p>');
  });

  it('removes a replaced site another process left half deleted, never one this process is still deleting', async () => {
    const paths = await setup();
    const leftover = path.join(path.dirname(paths.dist), 'dist.trash-1-1');
    await mkdir(path.join(leftover, 'x'), { recursive: true });
    await recoverInterrupted(paths);
    expect(existsSync(leftover)).toBe(false);
  });

  it(`keeps the last ${KEEP_BUILDS} builds, newest first`, async () => {
    const paths = await setup();
    for (const id of ['b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b7']) await fakeBuild(paths, id);
    expect((await readHistory(paths)).map((h) => h.id)).toEqual(['b7', 'b6', 'b5', 'b4', 'b3']);
    // Dropped builds are deleted in the background.
    await settleBackgroundWork();
    expect(existsSync(path.join(paths.builds, 'b2'))).toBe(false);
    expect(existsSync(path.join(paths.builds, 'b3'))).toBe(true);
    // A dropped build's page index goes with it (page-index.ts).
    await writeFile(pageIndexFile(paths, 'b3'), '{}');
    await fakeBuild(paths, 'b8');
    expect(existsSync(pageIndexFile(paths, 'b3'))).toBe(false);
  });

  it('refuses an unknown build and names the kept ones', async () => {
    const paths = await setup();
    await fakeBuild(paths, 'k1');
    await expect(publishBuild(paths, 'zz')).rejects.toThrow(/No complete build "zz".*k1/);
  });

  it('recovers a swap interrupted between its two renames', async () => {
    const paths = await setup();
    await mkdir(`${paths.dist}.prev`, { recursive: true });
    await writeFile(path.join(`${paths.dist}.prev`, 'index.html'), 'previous');
    await mkdir(path.join(paths.builds, '.staging-999'), { recursive: true });
    await recoverInterrupted(paths);
    expect(await readFile(path.join(paths.dist, 'index.html'), 'utf8')).toBe('previous');
    expect(existsSync(path.join(paths.builds, '.staging-999'))).toBe(false);
  });
});

describe('assets of earlier builds (rule 17, open tabs after a redeploy)', () => {
  it('carries the hashed assets of the last two builds into a new site, never overwriting', async () => {
    const paths = await setup();
    for (const id of ['o1', 'o2', 'o3']) await fakeBuild(paths, id);
    const staging = path.join(paths.builds, '.staging-new');
    await mkdir(path.join(staging, 'assets'), { recursive: true });
    await writeFile(path.join(staging, 'assets/entry-o3.js'), 'new bytes');
    const carried = await carryOverAssets(paths, staging, 'new');
    expect(carried).toBe(3);
    expect(await readFile(path.join(staging, 'assets/entry-o2.js'), 'utf8')).toBe('// o2');
    expect((await readFile(path.join(staging, 'assets/media/photo-o2.jpg'))).subarray(JPEG_HEAD.length).toString()).toBe('o2');
    expect(await readFile(path.join(staging, 'assets/entry-o3.js'), 'utf8')).toBe('new bytes');
    expect(existsSync(path.join(staging, 'assets/entry-o1.js'))).toBe(false);
  });

  it('already-published bad media are purged from every kept build and not carried, with a log line naming them', async () => {
    const paths = await setup();
    for (const id of ['p1', 'p2', 'p3']) await fakeBuild(paths, id);
    const media = (id: string) => path.join(paths.builds, id, 'assets/media');
    const scripted = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script><rect width="4" height="4"/></svg>';
    const clean = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4" fill="#0e6f80"/></svg>';
    await writeFile(path.join(media('p3'), 'evil.1111111111.html'), '<script>alert(1)</script>');
    await writeFile(path.join(media('p3'), 'logo.2222222222.svg'), scripted);
    await writeFile(path.join(media('p3'), 'badge.3333333333.svg'), clean);
    await writeFile(path.join(media('p2'), 'menu.4444444444.jpg'), '<!doctype html><script>alert(1)</script>');
    await writeFile(path.join(media('p1'), 'old.5555555555.svg'), scripted); // kept, not carried: purged too (rollback)
    const staging = path.join(paths.builds, '.staging-new');
    await mkdir(path.join(staging, 'assets'), { recursive: true });
    const lines: string[] = [];
    await carryOverAssets(paths, staging, 'new', (line) => lines.push(line));
    expect((await readdir(path.join(staging, 'assets/media'))).sort()).toEqual(['badge.3333333333.svg', 'photo-p2.jpg', 'photo-p3.jpg']);
    expect((await readdir(media('p3'))).sort()).toEqual(['badge.3333333333.svg', 'photo-p3.jpg']);
    expect(await readdir(media('p2'))).toEqual(['photo-p2.jpg']);
    expect(await readdir(media('p1'))).toEqual(['photo-p1.jpg']);
    expect(lines.join('\n')).toContain('removed 4 media files of kept builds');
    for (const file of [
      'p1/assets/media/old.5555555555.svg',
      'p2/assets/media/menu.4444444444.jpg',
      'p3/assets/media/evil.1111111111.html',
      'p3/assets/media/logo.2222222222.svg',
    ]) {
      expect(lines).toContain(`      builds/${file}`);
    }
    // The next build finds nothing more to remove.
    const again: string[] = [];
    await carryOverAssets(paths, staging, 'new', (line) => again.push(line));
    expect(again).toEqual([]);
  });

  it('a build in a new process takes the media an earlier one judged from its record, and records what it judged', async () => {
    const paths = await setup();
    await fakeBuild(paths, 'j1');
    const media = path.join(paths.builds, 'j1', 'assets/media');
    const identity = (file: string) => {
      const stat = statSync(file, { bigint: true });
      return `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.birthtimeNs}`;
    };
    // Recorded as judged: taken from the record, not judged again (this one would be removed if it were).
    const unjudged = path.join(media, 'menu.6666666666.jpg');
    await writeFile(unjudged, '<!doctype html><script>alert(1)</script>');
    await mkdir(paths.work, { recursive: true });
    await writeFile(path.join(paths.work, 'judged-media.json'), JSON.stringify([identity(unjudged)]));
    const staging = path.join(paths.builds, '.staging-new');
    await mkdir(path.join(staging, 'assets'), { recursive: true });
    await carryOverAssets(paths, staging, 'new', () => {});
    expect(existsSync(unjudged)).toBe(true);
    const recorded = JSON.parse(await readFile(path.join(paths.work, 'judged-media.json'), 'utf8')) as string[];
    expect(recorded.sort()).toEqual([identity(unjudged), identity(path.join(media, 'photo-j1.jpg'))].sort());
  });

  it('a rollback to a kept build holding bad media publishes it without them', async () => {
    const paths = await setup();
    await fakeBuild(paths, 'r1');
    await writeFile(path.join(paths.builds, 'r1/assets/media/evil.1111111111.html'), '<script>alert(1)</script>');
    await writeFile(path.join(paths.builds, 'r1/assets/media/logo.2222222222.svg'), '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>');
    const lines: string[] = [];
    await publishBuild(paths, 'r1', (line) => lines.push(line));
    expect(await readdir(path.join(paths.dist, 'assets/media'))).toEqual(['photo-r1.jpg']);
    expect(lines).toContain('      builds/r1/assets/media/evil.1111111111.html');
  });
});

describe('patched, not relinked (an edit costs what changed: docs/architecture.md)', () => {
  const page = (id: string) => ({ 'rooms/suite.html': `<p>suite ${id}</p>`, 'rooms/suite/_payload.json': `{"v":"${id}"}` });

  it('publishes by patching the site it replaced: changed files relinked, removed files and their emptied folders gone', async () => {
    const paths = await setup();
    await fakeBuild(paths, 'c1', { ...page('same'), 'old/page.html': 'old' });
    await fakeBuild(paths, 'c2', { ...page('same'), 'new.html': 'new' });
    await publishBuild(paths, 'c1');
    const folder = statSync(paths.dist).ino;
    await publishBuild(paths, 'c2');
    await publishBuild(paths, 'c1');
    // The folder published first is the one patched twice: never rebuilt from nothing.
    expect(statSync(paths.dist).ino).toBe(folder);
    expect((await readdir(paths.dist, { recursive: true })).sort()).toEqual((await readdir(path.join(paths.builds, 'c1'), { recursive: true })).sort());
    expect(await readFile(path.join(paths.dist, 'old/page.html'), 'utf8')).toBe('old');
    await publishBuild(paths, 'c2');
    expect(existsSync(path.join(paths.dist, 'old'))).toBe(false);
    expect(await readFile(path.join(paths.dist, 'new.html'), 'utf8')).toBe('new');
    // A file with the same bytes in both builds is left as it is: a hard link to the build that first published it, never a copy.
    expect(statSync(path.join(paths.dist, 'rooms/suite.html')).ino).toBe(statSync(path.join(paths.builds, 'c1', 'rooms/suite.html')).ino);
    expect(statSync(path.join(paths.dist, 'new.html')).ino).toBe(statSync(path.join(paths.builds, 'c2', 'new.html')).ino);
  });

  it('a standby without its manifest (a patch cut short) is replaced by a fresh copy of the build', async () => {
    const paths = await setup();
    await fakeBuild(paths, 'd1');
    await fakeBuild(paths, 'd2');
    await publishBuild(paths, 'd1');
    await publishBuild(paths, 'd2');
    await rm(path.join(`${paths.dist}.standby`, 'SHA256SUMS'));
    await writeFile(path.join(`${paths.dist}.standby`, 'stray.html'), 'half patched');
    await publishBuild(paths, 'd1');
    expect(existsSync(path.join(paths.dist, 'stray.html'))).toBe(false);
    expect(await readFile(path.join(paths.dist, 'index.html'), 'utf8')).toBe('<p>d1</p>');
  });

  it(`while fewer than ${KEEP_BUILDS} builds are kept, a spare copy of the newest is made in the background and the next build is stored in it`, async () => {
    const paths = await setup();
    await fakeBuild(paths, 's1', page('one'));
    // A second call while the first copy is under way makes no second one.
    await prepareSpare(paths);
    await prepareSpare(paths);
    await settleBackgroundWork();
    const [spare, ...more] = (await readdir(paths.builds)).filter((name) => name.startsWith('.spare-'));
    expect(more).toEqual([]);
    const folder = path.join(paths.builds, spare!);
    expect(await verifyChecksums(folder)).toMatchObject({ bad: [], missing: [], extra: [] });
    const staging = path.join(paths.builds, '.staging-s2');
    await mkdir(path.join(staging, 'builds'), { recursive: true });
    await writeFile(path.join(staging, 'builds/latest.json'), JSON.stringify({ id: 's2' }));
    const taken = new Set(Object.keys(page('')));
    const { manifest } = await writeChecksums(staging, path.join(paths.builds, 's1'), new Map(), taken);
    const ino = statSync(folder).ino;
    await storeBuild(paths, staging, { id: 's2', timestamp: 't', builtAt: 'b' }, { dir: path.join(paths.builds, 's1'), files: taken, manifest });
    expect(statSync(path.join(paths.builds, 's2')).ino).toBe(ino);
    expect(await verifyChecksums(path.join(paths.builds, 's2'))).toMatchObject({ bad: [], missing: [], extra: [] });
    expect(existsSync(path.join(paths.builds, 's2', 'index.html'))).toBe(false);
  });

  it('stores an edit in the folder of the build that drops out of the history, patched by the manifests', async () => {
    const paths = await setup();
    for (const id of ['e1', 'e2', 'e3', 'e4', 'e5']) await fakeBuild(paths, id, page(id === 'e5' ? 'five' : 'one'));
    const dropped = statSync(path.join(paths.builds, 'e1'));
    const unchanged = statSync(path.join(paths.builds, 'e1', 'rooms/suite.html')).ino;
    // The edit wrote its own files; its page comes from e5, the build before it.
    const staging = path.join(paths.builds, '.staging-e6');
    await mkdir(path.join(staging, 'builds'), { recursive: true });
    await writeFile(path.join(staging, 'builds/latest.json'), JSON.stringify({ id: 'e6' }));
    await writeFile(path.join(staging, 'index.html'), '<p>e6</p>');
    const taken = new Set(Object.keys(page('')));
    const { manifest } = await writeChecksums(staging, path.join(paths.builds, 'e5'), new Map(), taken);
    await storeBuild(paths, staging, { id: 'e6', timestamp: 't', builtAt: 'b' }, { dir: path.join(paths.builds, 'e5'), files: taken, manifest });

    const e6 = path.join(paths.builds, 'e6');
    expect(statSync(e6).ino).toBe(dropped.ino);
    expect(existsSync(path.join(paths.builds, 'e1'))).toBe(false);
    expect(existsSync(staging)).toBe(false);
    expect((await readdir(e6, { recursive: true })).sort()).toEqual([
      'SHA256SUMS',
      'builds',
      'builds/latest.json',
      'index.html',
      'rooms',
      'rooms/suite',
      'rooms/suite.html',
      'rooms/suite/_payload.json',
    ]);
    expect(await readFile(path.join(e6, 'rooms/suite.html'), 'utf8')).toBe('<p>suite five</p>');
    expect(statSync(path.join(e6, 'rooms/suite.html')).ino).not.toBe(unchanged);
    expect(statSync(path.join(e6, 'rooms/suite.html')).ino).toBe(statSync(path.join(paths.builds, 'e5', 'rooms/suite.html')).ino);
    expect(await readFile(path.join(e6, 'index.html'), 'utf8')).toBe('<p>e6</p>');
    expect(await verifyChecksums(e6)).toMatchObject({ bad: [], missing: [], extra: [] });
  });
});
