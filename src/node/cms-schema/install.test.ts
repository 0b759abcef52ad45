// @vitest-environment node
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CMS_DIR } from '../cms-server/paths.js';
import { InstallError, installInto } from './install.js';

let target: string;

beforeEach(async () => {
  target = await mkdtemp(path.join(tmpdir(), 'marea-own-strapi-'));
  await writeFile(path.join(target, 'package.json'), JSON.stringify({ name: 'brand-cms', dependencies: { '@strapi/strapi': '^5.12.0' } }));
  // The brand's own content type, which the install must leave alone.
  await mkdir(path.join(target, 'src/api/offer/content-types/offer'), { recursive: true });
  await writeFile(path.join(target, 'src/api/offer/content-types/offer/schema.json'), '{"kind":"collectionType"}\n');
});

afterEach(() => rm(target, { recursive: true, force: true }));

describe('npm run cms:schema -- --into: Marea in a brand’s own Strapi 5 (docs/own-strapi.md)', () => {
  it('writes the site’s content types, components and plugin, enables the plugin, and keeps the brand’s own files', async () => {
    const done = await installInto(CMS_DIR, target);
    expect(done.written).toContain('src/api/page/content-types/page/schema.json');
    expect(done.written.some((file) => file.startsWith('src/components/blocks/'))).toBe(true);
    expect(done.written.every((file) => file.startsWith('src/api/') || file.startsWith('src/components/'))).toBe(true);
    for (const file of done.written) expect(await readFile(path.join(target, file), 'utf8')).toBe(await readFile(path.join(CMS_DIR, file), 'utf8'));
    expect(existsSync(path.join(target, 'src/plugins/marea/strapi-server.js'))).toBe(true);
    expect(existsSync(path.join(target, 'src/plugins/marea/server/generated/checks.js'))).toBe(true);
    expect(await readFile(path.join(target, 'config/plugins.js'), 'utf8')).toMatch(/marea: \{ enabled: true, resolve: '\.\/src\/plugins\/marea' \}/);
    expect(done.pluginsConfig).toBe('written');
    expect(await readFile(path.join(target, 'src/api/offer/content-types/offer/schema.json'), 'utf8')).toBe('{"kind":"collectionType"}\n');

    const again = await installInto(CMS_DIR, target);
    expect(again.written).toEqual([]);
    expect(again.unchanged).toHaveLength(done.written.length);
    expect(again.pluginsConfig).toBe('enabled');
  });

  it('asks for the snippet when the project has its own config/plugins without Marea', async () => {
    await mkdir(path.join(target, 'config'));
    await writeFile(path.join(target, 'config/plugins.ts'), 'export default () => ({ upload: {} });\n');
    expect((await installInto(CMS_DIR, target)).pluginsConfig).toBe('add-snippet');
    expect(await readFile(path.join(target, 'config/plugins.ts'), 'utf8')).toBe('export default () => ({ upload: {} });\n');
  });

  it('changes nothing when the brand has its own version of a file Marea writes, naming it; --force overwrites', async () => {
    const own = path.join(target, 'src/api/page/content-types/page/schema.json');
    await mkdir(path.dirname(own), { recursive: true });
    await writeFile(own, '{"kind":"collectionType","info":{"displayName":"Their page"}}\n');
    const refused = await installInto(CMS_DIR, target).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(InstallError);
    expect((refused as Error).message).toContain('src/api/page/content-types/page/schema.json');
    expect(existsSync(path.join(target, 'src/plugins/marea'))).toBe(false);
    expect(existsSync(path.join(target, 'src/components'))).toBe(false);

    const forced = await installInto(CMS_DIR, target, { force: true });
    expect(forced.replaced).toEqual(['src/api/page/content-types/page/schema.json']);
    expect(await readFile(own, 'utf8')).toBe(await readFile(path.join(CMS_DIR, 'src/api/page/content-types/page/schema.json'), 'utf8'));
  });

  it('refuses a folder that is not a Strapi 5 project, saying which', async () => {
    await writeFile(path.join(target, 'package.json'), JSON.stringify({ dependencies: { '@strapi/strapi': '4.25.1' } }));
    await expect(installInto(CMS_DIR, target)).rejects.toThrow(/Strapi 4; Marea's model and plugin need Strapi 5/);
    await rm(path.join(target, 'package.json'));
    await expect(installInto(CMS_DIR, target)).rejects.toThrow(/is not a Strapi project/);
  });
});
