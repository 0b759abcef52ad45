// @vitest-environment node
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { patchTree } from './files.js';

/** A folder holding `files` (name → text), and the manifest of it (name → its text, standing for its hash). */
async function folder(files: Record<string, string>): Promise<{ dir: string; manifest: Map<string, string> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'marea-files-'));
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), text);
  }
  return { dir, manifest: new Map(Object.entries(files)) };
}

describe('patchTree: a tree made to hold what a manifest lists, by hard links', () => {
  it('copies a build into an empty tree (new nested folders), then patches it: one file changed, one gone with its folder', async () => {
    const first = await folder({ 'index.html': 'home', 'rooms/a.html': 'a', 'rooms/a/_payload.json': 'pa', 'rooms/b/_payload.json': 'pb' });
    const tree = path.join(await mkdtemp(path.join(tmpdir(), 'marea-tree-')), 'site');
    await mkdir(tree);
    expect(patchTree(tree, new Map(), first.manifest, (file) => path.join(first.dir, file))).toEqual({ linked: 4, removed: 0 });
    expect((await stat(path.join(tree, 'rooms/a/_payload.json'))).ino).toBe((await stat(path.join(first.dir, 'rooms/a/_payload.json'))).ino);

    const second = await folder({ 'index.html': 'home', 'rooms/a.html': 'a, edited', 'rooms/a/_payload.json': 'pa' });
    expect(patchTree(tree, first.manifest, second.manifest, (file) => path.join(second.dir, file))).toEqual({ linked: 1, removed: 1 });
    expect(await readFile(path.join(tree, 'rooms/a.html'), 'utf8')).toBe('a, edited');
    expect(existsSync(path.join(tree, 'rooms/b'))).toBe(false);
    // The unchanged files are the first build's still.
    expect((await stat(path.join(tree, 'index.html'))).ino).toBe((await stat(path.join(first.dir, 'index.html'))).ino);
  });

  it('replaces a file the tree holds though its manifest does not list it', async () => {
    const build = await folder({ 'about.html': 'about' });
    const tree = await mkdtemp(path.join(tmpdir(), 'marea-tree-'));
    await writeFile(path.join(tree, 'about.html'), 'left over');
    expect(patchTree(tree, new Map(), build.manifest, (file) => path.join(build.dir, file))).toEqual({ linked: 1, removed: 0 });
    expect(await readFile(path.join(tree, 'about.html'), 'utf8')).toBe('about');
  });
});
