import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The local build plugin keeping `builds/` in Netlify's build cache. Its
 * handlers are called as Netlify Build calls them, with a fake `utils.cache`
 * (the real one only exists inside a Netlify build).
 */
const PLUGIN_DIR = resolve(import.meta.dirname, '../../netlify/plugins/keep-builds');

type Handler = (args: { utils: { cache: FakeCache } }) => Promise<void>;
interface FakeCache {
  restore: ReturnType<typeof vi.fn>;
  save: ReturnType<typeof vi.fn>;
}

async function loadPlugin(): Promise<Record<string, unknown>> {
  return (await import(pathToFileURL(join(PLUGIN_DIR, 'index.js')).href)) as Record<string, unknown>;
}

let cache: FakeCache;
beforeEach(() => {
  cache = { restore: vi.fn(async () => true), save: vi.fn(async () => true) };
  vi.spyOn(console, 'log').mockImplementation(() => {});
});

describe('rule 17: keep-builds carries builds/ from deploy to deploy', () => {
  it('has a manifest naming it', async () => {
    await expect(readFile(join(PLUGIN_DIR, 'manifest.yml'), 'utf8')).resolves.toMatch(/^name: keep-builds$/m);
  });

  it('exports only event handlers (Netlify Build rejects any other export)', async () => {
    const plugin = await loadPlugin();
    expect(Object.keys(plugin).sort()).toEqual(['onPostBuild', 'onPreBuild']);
    for (const handler of Object.values(plugin)) expect(typeof handler).toBe('function');
  });

  it('onPreBuild restores ./builds from the build cache', async () => {
    const { onPreBuild } = (await loadPlugin()) as { onPreBuild: Handler };
    await onPreBuild({ utils: { cache } });
    expect(cache.restore).toHaveBeenCalledExactlyOnceWith('./builds');
    expect(cache.save).not.toHaveBeenCalled();
  });

  it('onPreBuild is fine on the first deploy (nothing cached yet)', async () => {
    const { onPreBuild } = (await loadPlugin()) as { onPreBuild: Handler };
    cache.restore.mockResolvedValueOnce(false);
    await expect(onPreBuild({ utils: { cache } })).resolves.toBeUndefined();
  });

  it('onPostBuild saves ./builds to the build cache', async () => {
    const { onPostBuild } = (await loadPlugin()) as { onPostBuild: Handler };
    await onPostBuild({ utils: { cache } });
    expect(cache.save).toHaveBeenCalledExactlyOnceWith('./builds');
    expect(cache.restore).not.toHaveBeenCalled();
  });
});
