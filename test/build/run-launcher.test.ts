import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../src/node/build/paths.js';

const run = promisify(execFile);

/**
 * scripts/run.mjs (`npm run build`, `npm run preview`): a script and the project modules it imports run as one
 * JavaScript file in plain Node, made again when what it was made from changed. Tried in a project of its own: a
 * package.json, the launcher, a script, a module it imports, and the real `paths.ts`, which must still find the
 * project's root from the bundle's folder (.marea/bin).
 */
describe('scripts/run.mjs', () => {
  let project: string;
  const bundle = () => path.join(project, '.marea/bin/hello.mjs');
  const launch = (...args: string[]) => run(process.execPath, [path.join(project, 'scripts/run.mjs'), ...args], { cwd: project });
  const greeting = (text: string) => writeFile(path.join(project, 'src/greeting.ts'), `export const greeting: string = ${JSON.stringify(text)};\n`);

  beforeAll(async () => {
    project = await mkdtemp(path.join(tmpdir(), 'marea-run-launcher-'));
    await mkdir(path.join(project, 'scripts'));
    await mkdir(path.join(project, 'src'));
    await writeFile(path.join(project, 'package.json'), '{ "type": "module" }\n');
    await writeFile(path.join(project, 'tsconfig.json'), '{ "compilerOptions": { "strict": true } }\n');
    await copyFile(path.join(ROOT, 'scripts/run.mjs'), path.join(project, 'scripts/run.mjs'));
    // esbuild, and any package a script imports, from the project's node_modules (not bundled).
    await symlink(path.join(ROOT, 'node_modules'), path.join(project, 'node_modules'), 'dir');
    await greeting('hello');
    await writeFile(
      path.join(project, 'scripts/hello.ts'),
      [
        `import { ROOT } from ${JSON.stringify(path.join(ROOT, 'src/node/build/paths.ts'))};`,
        `import { greeting } from '../src/greeting.js';`,
        // One package the launcher bundles (pure JavaScript), one it leaves in node_modules (it starts workers from its own files).
        `import pLimit from 'p-limit';`,
        `import { Piscina } from 'piscina';`,
        `console.log(JSON.stringify({ greeting, root: ROOT, args: process.argv.slice(2), main: import.meta.url, packages: [typeof pLimit, typeof Piscina] }));`,
      ].join('\n'),
    );
  });

  afterAll(async () => {
    await rm(project, { recursive: true, force: true });
  });

  it('runs scripts/<name>.ts bundled, with its arguments, its modules and the project root found from .marea/bin', async () => {
    const { stdout } = await launch('hello', '--strict', 'x');
    const out = JSON.parse(stdout) as { greeting: string; root: string; args: string[]; main: string; packages: string[] };
    expect(out).toMatchObject({ greeting: 'hello', root: project, args: ['--strict', 'x'], packages: ['function', 'function'] });
    // p-limit is inside the bundle; piscina is imported from node_modules.
    const code = await readFile(bundle(), 'utf8');
    expect(code).not.toMatch(/from ["']p-limit["']/);
    expect(code).toMatch(/from ["']piscina["']/);
    expect(out.main).toBe(`file://${bundle()}`);
    // The bundle's compiled code is kept for the next run (Node's compile cache), under the project's .marea.
    expect((await readdir(path.join(project, '.marea/compile-cache'), { recursive: true })).length).toBeGreaterThan(0);
    // The bundle names its source map, which sits beside it.
    expect((await readFile(bundle(), 'utf8')).trimEnd().split('\n').at(-1)).toBe('//# sourceMappingURL=hello.mjs.map');
  });

  it('keeps the bundle while nothing it was made from changed, and makes it again when a module changed', async () => {
    await launch('hello');
    const made = (await stat(bundle())).mtimeMs;
    await launch('hello');
    expect((await stat(bundle())).mtimeMs).toBe(made);
    await greeting('hola');
    const { stdout } = await launch('hello');
    expect(JSON.parse(stdout)).toMatchObject({ greeting: 'hola' });
    expect((await stat(bundle())).mtimeMs).not.toBe(made);
    // Its source map names the TypeScript the bundle was made from.
    expect(JSON.parse(await readFile(`${bundle()}.map`, 'utf8'))).toMatchObject({ sources: expect.arrayContaining(['../../src/greeting.ts']) });
  });

  it('says which script does not compile, and runs nothing', async () => {
    await writeFile(path.join(project, 'src/greeting.ts'), 'export const greeting: string = ;\n');
    const failed = await launch('hello').catch((error: { code: number; stdout: string; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 1, stdout: '' });
    expect((failed as { stderr: string }).stderr).toMatch(/src\/greeting\.ts.*\n[\s\S]*✗ could not bundle scripts\/hello\.ts/);
    await greeting('hello');
  });

  it('refuses a name that is not a script', async () => {
    await expect(launch('../package')).rejects.toMatchObject({ code: 2, stderr: expect.stringMatching(/usage: node scripts\/run\.mjs <script>/) });
  });
});
