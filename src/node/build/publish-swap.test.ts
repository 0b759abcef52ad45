// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readFileSync, readlinkSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { verifyChecksums, writeChecksums } from './checksums.js';
import { projectPaths, type ProjectPaths } from './paths.js';

/**
 * docs/security.md: publish's swap is one atomic step. `dist` is a symbolic link
 * switched by renaming a new link over it, so a publish killed at any of its
 * file-system steps leaves `dist` serving a complete site, before any
 * recovery; the steps are cut one at a time here (each of publish's renames
 * and its symlink throws in turn, as a SIGKILL there would stop it).
 */
const cut = vi.hoisted(() => ({ at: 0, calls: 0 }));
vi.mock('node:fs/promises', async (original) => {
  const fs = await original<typeof import('node:fs/promises')>();
  const step =
    <A extends unknown[]>(run: (...args: A) => Promise<void>) =>
    (...args: A) => {
      cut.calls += 1;
      if (cut.at > 0 && cut.calls === cut.at) return Promise.reject(new Error(`killed at step ${cut.at}`));
      return run(...args);
    };
  return { ...fs, rename: step(fs.rename), symlink: step(fs.symlink) };
});

const { publishBuild, recoverInterrupted, settleBackgroundWork, storeBuild, swapAsLink } = await import('./publish.js');

afterEach(() => {
  cut.at = 0;
});

async function setup(): Promise<ProjectPaths> {
  const root = await mkdtemp(path.join(tmpdir(), 'marea-swap-'));
  return projectPaths({ root, dist: path.join(root, 'dist'), builds: path.join(root, 'builds'), work: path.join(root, '.work') });
}

async function fakeBuild(paths: ProjectPaths, id: string): Promise<void> {
  const staging = path.join(paths.builds, `.staging-${id}`);
  await mkdir(path.join(staging, 'builds'), { recursive: true });
  await writeFile(path.join(staging, 'builds/latest.json'), JSON.stringify({ id }));
  await writeFile(path.join(staging, 'index.html'), `<p>${id}</p>`);
  await writeFile(path.join(staging, `page-${id}.html`), id);
  await writeChecksums(staging);
  await storeBuild(paths, staging, { id, timestamp: 't', builtAt: 'b' });
}

/** The id of the build `dist` serves, its manifest verified; null when there is no complete site. */
async function served(paths: ProjectPaths): Promise<string | null> {
  if (!existsSync(path.join(paths.dist, 'builds/latest.json'))) return null;
  const check = await verifyChecksums(paths.dist);
  if (check.bad.length + check.missing.length + check.extra.length > 0) return null;
  return (JSON.parse(await readFile(path.join(paths.dist, 'builds/latest.json'), 'utf8')) as { id: string }).id;
}

/** A site with `a1` published and standing by, `b2` stored: the next publish patches the standby. */
async function published(): Promise<ProjectPaths> {
  const paths = await setup();
  await fakeBuild(paths, 'a1');
  await publishBuild(paths, 'a1', () => {}, true);
  await settleBackgroundWork();
  await fakeBuild(paths, 'b2');
  return paths;
}

describe('publish swaps dist in one atomic step (docs/security.md)', () => {
  it('counts its steps: standby → next, next → live folder, the new link, link over dist, replaced → standby', async () => {
    const paths = await published();
    cut.calls = 0;
    await publishBuild(paths, 'b2', () => {}, true);
    expect(cut.calls).toBe(5);
    expect(lstatSync(paths.dist).isSymbolicLink()).toBe(true);
    expect(await served(paths)).toBe('b2');
  });

  it.each([1, 2, 3, 4, 5])('killed at step %i: dist serves a complete site before any recovery, and the next publish succeeds', async (step) => {
    const paths = await published();
    cut.calls = 0;
    cut.at = step;
    await expect(publishBuild(paths, 'b2', () => {}, true)).rejects.toThrow(`killed at step ${step}`);
    cut.at = 0;
    // Before the link is renamed over dist: the old site; after: the new one. Never none.
    expect(await served(paths)).toBe(step <= 4 ? 'a1' : 'b2');
    await recoverInterrupted(paths);
    expect(await served(paths)).toBe(step <= 4 ? 'a1' : 'b2');
    // What is left beside dist: its live folder, and the standby when it was not being moved.
    const beside = (await readdir(path.dirname(paths.dist))).filter((name) => name.startsWith('dist.'));
    expect(beside.filter((name) => name.startsWith('dist.live-'))).toEqual([readlinkSync(paths.dist)]);
    expect(beside.filter((name) => !name.startsWith('dist.live-') && name !== 'dist.standby')).toEqual([]);
    await fakeBuild(paths, 'c3');
    await publishBuild(paths, 'c3', () => {}, true);
    expect(await served(paths)).toBe('c3');
  });

  it('the two-rename swap of a real folder (Netlify’s) has the gap this avoids: killed between them, no site until the recovery', async () => {
    const paths = await published();
    await publishBuild(paths, 'b2', () => {}, false);
    await settleBackgroundWork();
    await fakeBuild(paths, 'c3');
    // Steps: standby → next, dist → dist.prev, next → dist (cut), …
    cut.calls = 0;
    cut.at = 3;
    await expect(publishBuild(paths, 'c3', () => {}, false)).rejects.toThrow('killed at step 3');
    cut.at = 0;
    expect(await served(paths)).toBeNull();
    await recoverInterrupted(paths);
    expect(await served(paths)).toBe('b2');
  });

  it('the recovery leaves a running process’s live folder and link alone (a publish between its steps), and removes a gone one’s', async () => {
    const paths = await published();
    const parent = path.dirname(paths.dist);
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    const running = process.ppid;
    for (const pid of [gone, running]) {
      await mkdir(path.join(parent, `dist.live-${pid}-x-1`));
      await symlink(`dist.live-${pid}-x-1`, path.join(parent, `dist.link-${pid}-x-1`));
    }
    await recoverInterrupted(paths);
    const beside = (await readdir(parent)).filter((name) => /^dist\.(live|link)-/.test(name) && name !== readlinkSync(paths.dist)).sort();
    expect(beside).toEqual([`dist.link-${running}-x-1`, `dist.live-${running}-x-1`]);
    expect(await served(paths)).toBe('a1');
  });

  it('a reader of dist/ in the same process (the webhook service’s site) never finds it missing across 20 publishes', async () => {
    const paths = await published();
    let reads = 0;
    let missing = 0;
    let running = true;
    const poll = () => {
      if (!running) return;
      try {
        readFileSync(path.join(paths.dist, 'index.html'));
        reads += 1;
      } catch {
        missing += 1;
      }
      setImmediate(poll);
    };
    poll();
    for (let i = 0; i < 20; i += 1) await publishBuild(paths, i % 2 === 0 ? 'b2' : 'a1', () => {}, true);
    running = false;
    expect({ missing, read: reads > 20 }).toEqual({ missing: 0, read: true });
  });

  it('replaces a dist published as a real folder (before links) by a link, once through dist.prev', async () => {
    const paths = await setup();
    await fakeBuild(paths, 'a1');
    await publishBuild(paths, 'a1', () => {}, false);
    expect(lstatSync(paths.dist).isDirectory()).toBe(true);
    await settleBackgroundWork();
    await fakeBuild(paths, 'b2');
    await publishBuild(paths, 'b2', () => {}, true);
    expect(lstatSync(paths.dist).isSymbolicLink()).toBe(true);
    expect(await served(paths)).toBe('b2');
    expect(readFileSync(path.join(`${paths.dist}.standby`, 'index.html'), 'utf8')).toBe('<p>a1</p>');
    expect(existsSync(`${paths.dist}.prev`)).toBe(false);
  });

  it('on Netlify (NETLIFY=true) dist stays a real folder: Netlify uploads it after the build, and does not follow a link standing for it', async () => {
    expect(swapAsLink({ NETLIFY: 'true' })).toBe(false);
    expect(swapAsLink({ NETLIFY_LOCAL: 'true' })).toBe(false);
    expect(swapAsLink({})).toBe(true);
    const paths = await published();
    await publishBuild(paths, 'b2', () => {}, false);
    expect(lstatSync(paths.dist).isDirectory()).toBe(true);
    expect(await served(paths)).toBe('b2');
    await settleBackgroundWork();
    await fakeBuild(paths, 'c3');
    await publishBuild(paths, 'c3', () => {}, false);
    expect(await served(paths)).toBe('c3');
    expect((await readdir(path.dirname(paths.dist))).filter((name) => name.startsWith('dist.'))).toEqual(['dist.standby']);
  });
});
