import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { schemaFiles } from './generate.js';

/**
 * `npm run cms:schema -- --into <path>` (docs/own-strapi.md): Marea's content
 * model and its Strapi plugin, installed into a brand's existing Strapi 5
 * project. Only the content types and components the site reads are
 * written (`src/api/<type>/`, `src/components/<category>/`); nothing of the
 * project's own is removed. A file of the same path with other content (a
 * content type of the brand's own called `page`, say) is not overwritten
 * unless `force`: the install stops, naming each. The plugin folder
 * (`src/plugins/marea/`) is replaced as a whole: it is Marea's.
 */

export class InstallError extends Error {}

export interface InstallResult {
  readonly written: string[];
  readonly unchanged: string[];
  /** Files that differed and were overwritten (`force`). */
  readonly replaced: string[];
  /** Whether config/plugins.js was written (none existed), or already enables the plugin, or needs the snippet. */
  readonly pluginsConfig: 'written' | 'enabled' | 'add-snippet';
}

/** What config/plugins.js must hold for the plugin (and the image formats the build's srcset uses). */
export const PLUGINS_SNIPPET = `  marea: { enabled: true, resolve: './src/plugins/marea' },
  upload: { config: { breakpoints: { large: 1000, medium: 750, small: 500 } } },`;

const PLUGIN_DIR = 'src/plugins/marea';

async function strapiMajor(target: string): Promise<number | null> {
  const text = await readFile(path.join(target, 'package.json'), 'utf8').catch(() => null);
  if (text === null) return null;
  const manifest = JSON.parse(text) as { dependencies?: Record<string, string> };
  const version = manifest.dependencies?.['@strapi/strapi'];
  const major = version ? /(\d+)/.exec(version)?.[1] : undefined;
  return major ? Number(major) : null;
}

/** Installs the model and the plugin from `cmsDir` (the repository's cms/, kept in sync by `npm run cms:schema`) into `target`. */
export async function installInto(cmsDir: string, target: string, options: { force?: boolean } = {}): Promise<InstallResult> {
  const major = await strapiMajor(target);
  if (major === null) throw new InstallError(`${target} is not a Strapi project: its package.json does not depend on @strapi/strapi`);
  if (major !== 5) throw new InstallError(`${target} runs Strapi ${major}; Marea's model and plugin need Strapi 5 (docs/own-strapi.md, "Strapi 4")`);

  const files = [...schemaFiles()].filter(([file]) => file.startsWith('src/api/') || file.startsWith('src/components/'));
  const result = { written: [] as string[], unchanged: [] as string[], replaced: [] as string[] };
  const clashes: string[] = [];
  for (const [file, content] of files) {
    const current = await readFile(path.join(target, file), 'utf8').catch(() => null);
    if (current === content) result.unchanged.push(file);
    else if (current === null) result.written.push(file);
    else if (options.force) result.replaced.push(file);
    else clashes.push(file);
  }
  if (clashes.length > 0) {
    throw new InstallError(
      `${target} already has other versions of ${clashes.length} file${clashes.length === 1 ? '' : 's'} Marea writes; nothing was changed:\n` +
        clashes.map((file) => `  ${file}`).join('\n') +
        '\nRename your own content types or components of these names, or pass --force to overwrite them with Marea’s.',
    );
  }
  for (const file of [...result.written, ...result.replaced]) {
    await mkdir(path.dirname(path.join(target, file)), { recursive: true });
    await writeFile(path.join(target, file), files.find(([name]) => name === file)![1]);
  }

  await rm(path.join(target, PLUGIN_DIR), { recursive: true, force: true });
  await cp(path.join(cmsDir, PLUGIN_DIR), path.join(target, PLUGIN_DIR), { recursive: true, filter: (source) => !source.includes(`${path.sep}node_modules`) });

  const configs = ['config/plugins.js', 'config/plugins.ts'].map((file) => path.join(target, file)).filter((file) => existsSync(file));
  let pluginsConfig: InstallResult['pluginsConfig'];
  if (configs.length === 0) {
    await mkdir(path.join(target, 'config'), { recursive: true });
    await writeFile(
      path.join(target, 'config/plugins.js'),
      `'use strict';\n\n// Written by Marea's \`npm run cms:schema -- --into\`.\nmodule.exports = () => ({\n${PLUGINS_SNIPPET}\n});\n`,
    );
    pluginsConfig = 'written';
  } else {
    const text = await readFile(configs[0]!, 'utf8');
    pluginsConfig = /\bmarea\s*:/.test(text) ? 'enabled' : 'add-snippet';
  }
  return { ...result, pluginsConfig };
}
