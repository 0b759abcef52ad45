import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { GENERATED_DIRS, schemaFiles } from './generate.js';

/** How `cms/` differs from the schema the declarations generate (paths relative to `cms/`). */
export interface SchemaDrift {
  /** Generated files `cms/` lacks. */
  readonly missing: string[];
  /** Files whose content differs from the generated one. */
  readonly changed: string[];
  /** Files in the generated folders that nothing generates (a hand-made content type or component). */
  readonly extra: string[];
}

async function filesUnder(dir: string, base: string): Promise<string[]> {
  const entries = await readdir(path.join(base, dir), { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(base, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/** Compares `cmsDir`'s generated folders with what the declarations generate. */
export async function schemaDrift(cmsDir: string): Promise<SchemaDrift> {
  const expected = schemaFiles();
  const present = (await Promise.all(GENERATED_DIRS.map((dir) => filesUnder(dir, cmsDir)))).flat();
  const drift: SchemaDrift = { missing: [], changed: [], extra: present.filter((file) => !expected.has(file)).sort() };
  for (const [file, content] of expected) {
    const current = await readFile(path.join(cmsDir, file), 'utf8').catch(() => null);
    if (current === null) drift.missing.push(file);
    else if (current !== content) drift.changed.push(file);
  }
  return drift;
}

export const hasDrift = (drift: SchemaDrift) => drift.missing.length + drift.changed.length + drift.extra.length > 0;

/** Writes the generated schema into `cmsDir` and removes files of the generated folders nothing generates. */
export async function writeSchema(cmsDir: string): Promise<SchemaDrift> {
  const drift = await schemaDrift(cmsDir);
  const files = schemaFiles();
  for (const file of [...drift.missing, ...drift.changed]) {
    await mkdir(path.dirname(path.join(cmsDir, file)), { recursive: true });
    await writeFile(path.join(cmsDir, file), files.get(file)!);
  }
  for (const file of drift.extra) await rm(path.join(cmsDir, file));
  return drift;
}
