import { cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Locale } from '../../shared/model.js';
import type { ServerBundle } from '../../shared/render-contract.js';
import type { Bundle } from '../build/bundle.js';
import { compileTemplate } from '../build/template.js';
import type { Config } from '../config/env.js';
import type { PreviewRenderer } from './renderer.js';

/**
 * Where `npm run build` writes what the Netlify Function's draft preview
 * renders with, relative to the project root: outside `dist/` (never
 * published), shipped with the function by netlify.toml's
 * `[functions] included_files`. The function finds it from its working
 * directory, the project root on Netlify and under `netlify dev`.
 */
export const PREVIEW_BUNDLE_DIR = '.marea/preview-bundle';

/**
 * The function's code in the preview bundle (netlify-handler.ts bundled with
 * its npm packages, bundle.ts WORKERS.preview), which
 * netlify/functions/preview.ts imports.
 */
export const PREVIEW_HANDLER = 'netlify-handler.js';

/** The site settings the published pages were built with: the preview renders with the same. */
export type PreviewSite = Pick<Config, 'siteUrl' | 'defaultCountry' | 'cmsLocales'>;

/** `setup.json`: everything but the SSR bundle's code (`server/`). */
interface PreviewSetup {
  readonly version: 1;
  readonly release: string;
  /** The page template as the build renders with it (bundle.ts `readTemplate`). */
  readonly template: string;
  readonly chunks: [string, string[]][];
  readonly messages: Record<Locale, string>;
  readonly site: PreviewSite;
}

export interface PreviewBundleParts {
  readonly bundle: Pick<Bundle, 'serverFile'>;
  /** The function's code (buildWorkerBundle's `preview` file, PREVIEW_HANDLER), copied with its folder. */
  readonly handlerFile: string;
  readonly template: string;
  readonly chunks: Map<string, string[]>;
  readonly messages: Record<Locale, string>;
  readonly release: string;
  readonly site: PreviewSite;
}

/**
 * Writes the preview bundle (the SSR bundle's folder, about 1.5 MB, the
 * function's code and `setup.json`) into `dir`, replacing the last one in one rename, so a
 * function packaged meanwhile never sees half of each.
 */
export async function writePreviewBundle(dir: string, parts: PreviewBundleParts): Promise<void> {
  const tmp = `${dir}.tmp-${process.pid}`;
  await rm(tmp, { recursive: true, force: true });
  await mkdir(tmp, { recursive: true });
  await cp(path.dirname(parts.bundle.serverFile), path.join(tmp, 'server'), { recursive: true });
  // With the files its packages need beside it (bundle.ts WORKERS.preview `beside`), not the cache's `complete` mark.
  await cp(path.dirname(parts.handlerFile), tmp, { recursive: true, filter: (file) => path.basename(file) !== 'complete' });
  const setup: PreviewSetup = { version: 1, release: parts.release, template: parts.template, chunks: [...parts.chunks], messages: parts.messages, site: parts.site };
  await writeFile(path.join(tmp, 'setup.json'), JSON.stringify(setup));
  // The SSR bundle and the function's code are ES modules: said here, since the function's package has no package.json of the project above it.
  await writeFile(path.join(tmp, 'package.json'), '{ "type": "module" }\n');
  await rm(dir, { recursive: true, force: true });
  await rename(tmp, dir);
}

/** The release of the preview bundle in `dir`, or null when there is none (or it does not read back). */
export async function previewRelease(dir: string): Promise<string | null> {
  try {
    return (JSON.parse(await readFile(path.join(dir, 'setup.json'), 'utf8')) as PreviewSetup).release;
  } catch {
    return null;
  }
}

/** Reads a preview bundle; throws naming the folder when the build wrote none there. */
export async function readPreviewBundle(dir: string): Promise<{ renderer: PreviewRenderer; site: PreviewSite }> {
  let setup: PreviewSetup;
  try {
    setup = JSON.parse(await readFile(path.join(dir, 'setup.json'), 'utf8')) as PreviewSetup;
  } catch (error) {
    throw new Error(`no preview bundle in ${dir} (npm run build writes it; netlify.toml's [functions] included_files ships it): ${(error as Error).message}`, { cause: error });
  }
  // The SSR bundle's entry keeps its name (bundle.ts); its chunks are beside it, in server/assets/.
  const server = (await import(pathToFileURL(path.join(dir, 'server', 'entry-server.js')).href)) as ServerBundle;
  return {
    renderer: { render: server.render, template: compileTemplate(setup.template), chunks: new Map(setup.chunks), messages: setup.messages, release: setup.release },
    site: setup.site,
  };
}
