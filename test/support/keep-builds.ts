import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bindOpts } from '@netlify/cache-utils';

/**
 * The keep-builds plugin (netlify/plugins/keep-builds), called as Netlify
 * Build calls it: `utils.cache` is Netlify's own (`@netlify/cache-utils`),
 * bound to a cache folder as Netlify Build binds it to CACHE_DIR, working in
 * the build's folder (a fresh clone: on Netlify nothing git ignores survives
 * from one build to the next but through that cache).
 */
export const KEEP_BUILDS_DIR = resolve(import.meta.dirname, '../../netlify/plugins/keep-builds');

type NetlifyCache = ReturnType<typeof bindOpts>;
export interface NetlifyUtils {
  cache: NetlifyCache;
}
type Handler = (args: { utils: NetlifyUtils }) => Promise<void>;

/** Every export of the plugin (Netlify Build accepts event handlers only). */
export async function keepBuildsExports(): Promise<Record<string, unknown>> {
  return (await import(pathToFileURL(join(KEEP_BUILDS_DIR, 'index.js')).href)) as Record<string, unknown>;
}

/** The plugin's two events. */
export async function keepBuilds(): Promise<{ onPreBuild: Handler; onPostBuild: Handler }> {
  return (await keepBuildsExports()) as unknown as { onPreBuild: Handler; onPostBuild: Handler };
}

/** Netlify's `utils` for a build in `buildDir`, its cache in `cacheDir`. */
export function netlifyUtils(cacheDir: string, buildDir: string): NetlifyUtils {
  return { cache: bindOpts({ cacheDir, cwd: buildDir }) };
}
