import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEEP_BUILDS_DIR, keepBuilds, keepBuildsExports, netlifyUtils, type NetlifyUtils } from '../support/keep-builds.js';

/**
 * The local build plugin keeping `builds/` and `.marea/last-crawl/` in
 * Netlify's build cache. Its handlers are called as Netlify Build calls them:
 * `utils.cache` is Netlify's own (`@netlify/cache-utils`, bound to a cache
 * folder as Netlify Build binds it to CACHE_DIR), and each build runs in a
 * fresh clone of its own, as on Netlify, where nothing git ignores survives
 * from one build to the next but through that cache (test/support/keep-builds.ts).
 */

let work: string;
let cacheDir: string;
let logs: string[];
beforeEach(async () => {
  work = await mkdtemp(join(tmpdir(), 'marea-keep-builds-'));
  cacheDir = join(work, 'netlify-cache');
  logs = [];
  vi.spyOn(console, 'log').mockImplementation((line: string) => void logs.push(line));
});
afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  await rm(work, { recursive: true, force: true });
});

/** A fresh clone of the repository, Netlify's `utils.cache` working in it (Netlify runs plugins in the build folder). */
async function freshClone(name: string): Promise<{ dir: string; utils: NetlifyUtils }> {
  const dir = join(work, name);
  await mkdir(dir);
  return { dir, utils: netlifyUtils(cacheDir, dir) };
}

async function write(root: string, files: Record<string, string>): Promise<void> {
  for (const [file, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, file)), { recursive: true });
    await writeFile(join(root, file), content);
  }
}

/** Every file below `root`, with its content. */
async function files(root: string): Promise<Record<string, string>> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  const found: Record<string, string> = {};
  for (const entry of entries.filter((e) => e.isFile())) {
    const file = join(entry.parentPath, entry.name);
    found[file.slice(root.length + 1)] = await readFile(file, 'utf8');
  }
  return found;
}

const BUILD_A = {
  'builds/history.json': '["aaaa"]',
  'builds/aaaa/assets/index-AAAA1111.js': 'release A',
  'builds/aaaa/index.html': '<p>A</p>',
  '.marea/last-crawl/api/pages.en.json': '{"data":[]}',
  '.marea/last-crawl/media/hero.jpg': 'jpeg bytes',
};

describe('rule 17: keep-builds carries builds/ and the last crawl from build to build', () => {
  it('has a manifest naming it, and exports only event handlers (Netlify Build rejects any other export)', async () => {
    await expect(readFile(join(KEEP_BUILDS_DIR, 'manifest.yml'), 'utf8')).resolves.toMatch(/^name: keep-builds$/m);
    const plugin = await keepBuildsExports();
    expect(Object.keys(plugin).sort()).toEqual(['onPostBuild', 'onPreBuild']);
    for (const handler of Object.values(plugin)) expect(typeof handler).toBe('function');
  });

  it('the first build finds nothing cached and goes on', async () => {
    const { onPreBuild } = await keepBuilds();
    const clone = await freshClone('first');
    await expect(onPreBuild(clone)).resolves.toBeUndefined();
    expect(await files(clone.dir)).toEqual({});
    expect(logs).toEqual(['keep-builds: no cached ./builds yet', 'keep-builds: no cached ./.marea/last-crawl yet']);
  });

  it('what a build saves after it, the next build (a fresh clone) finds before it, build after build', async () => {
    const { onPreBuild, onPostBuild } = await keepBuilds();

    const a = await freshClone('build-a');
    await onPreBuild(a);
    await write(a.dir, BUILD_A); // what `npm run build` leaves
    await onPostBuild(a);
    expect(logs.slice(-2)).toEqual(['keep-builds: saved ./builds to the build cache', 'keep-builds: saved ./.marea/last-crawl to the build cache']);

    const b = await freshClone('build-b');
    expect(await files(b.dir)).toEqual({});
    await onPreBuild(b);
    expect(await files(b.dir)).toEqual(BUILD_A);
    expect(logs.slice(-2)).toEqual(['keep-builds: restored ./builds from the build cache', 'keep-builds: restored ./.marea/last-crawl from the build cache']);
    // Build B keeps A beside it and crawls again.
    const buildB = { 'builds/history.json': '["bbbb","aaaa"]', 'builds/bbbb/assets/index-BBBB2222.js': 'release B', '.marea/last-crawl/api/pages.en.json': '{"data":[1]}' };
    await write(b.dir, buildB);
    await onPostBuild(b);

    const c = await freshClone('build-c');
    await onPreBuild(c);
    expect(await files(c.dir)).toEqual({ ...BUILD_A, ...buildB });
  });

  it('a build that left builds/ empty saves nothing and the cache keeps the last one', async () => {
    const { onPreBuild, onPostBuild } = await keepBuilds();
    const a = await freshClone('build-a');
    await write(a.dir, BUILD_A);
    await onPostBuild(a);
    const empty = await freshClone('empty');
    await mkdir(join(empty.dir, 'builds'));
    await onPostBuild(empty);
    expect(logs.slice(-2)).toEqual(['keep-builds: ./builds is empty, nothing saved', 'keep-builds: ./.marea/last-crawl is empty, nothing saved']);
    const next = await freshClone('next');
    await onPreBuild(next);
    expect(await files(next.dir)).toEqual(BUILD_A);
  });

  it.each(['deploy-preview', 'branch-deploy'])('a %s restores the builds but saves nothing: production never builds on a preview', async (context) => {
    const { onPreBuild, onPostBuild } = await keepBuilds();
    const production = await freshClone('production');
    await write(production.dir, BUILD_A);
    await onPostBuild(production);

    vi.stubEnv('CONTEXT', context);
    const preview = await freshClone('preview');
    await onPreBuild(preview);
    expect(await files(preview.dir)).toEqual(BUILD_A);
    await write(preview.dir, { 'builds/history.json': '["pppp","aaaa"]', 'builds/pppp/index.html': '<meta name="robots" content="noindex">' });
    await onPostBuild(preview);
    expect(logs.at(-1)).toBe(`keep-builds: ${context} builds are not saved to the build cache (production's are)`);

    vi.stubEnv('CONTEXT', 'production');
    const next = await freshClone('next');
    await onPreBuild(next);
    expect(await files(next.dir)).toEqual(BUILD_A);
  });
});
