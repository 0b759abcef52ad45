// @vitest-environment node
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectPaths } from './paths.js';
import { carryOverAssets, KEEP_BUILDS, pageIndexFile, publishBuild, readHistory, recoverInterrupted, settleRemovals, storeBuild } from './publish.js';

async function setup() {
  const root = await mkdtemp(path.join(tmpdir(), 'marea-publish-'));
  return projectPaths({ root, dist: path.join(root, 'dist'), builds: path.join(root, 'builds'), work: path.join(root, '.work') });
}

async function fakeBuild(paths: ReturnType<typeof projectPaths>, id: string) {
  const staging = path.join(paths.builds, `.staging-${id}`);
  await mkdir(path.join(staging, 'builds'), { recursive: true });
  await mkdir(path.join(staging, 'assets/media'), { recursive: true });
  await writeFile(path.join(staging, `assets/entry-${id}.js`), `// ${id}`);
  await writeFile(path.join(staging, `assets/media/photo-${id}.jpg`), id);
  await writeFile(path.join(staging, 'builds/latest.json'), JSON.stringify({ id }));
  await writeFile(path.join(staging, 'index.html'), `<p>${id}</p>`);
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
    // The replaced site is deleted without making the publish wait for it.
    await settleRemovals();
    expect((await readdir(path.dirname(paths.dist))).filter((name) => name.startsWith('dist.'))).toEqual([]);
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
    await settleRemovals();
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
    expect(await readFile(path.join(staging, 'assets/media/photo-o2.jpg'), 'utf8')).toBe('o2');
    expect(await readFile(path.join(staging, 'assets/entry-o3.js'), 'utf8')).toBe('new bytes');
    expect(existsSync(path.join(staging, 'assets/entry-o1.js'))).toBe(false);
  });
});
