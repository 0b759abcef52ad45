import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The npm packages whose files a new process loads by importing `module` (run as the tests run it: tsx), CommonJS and
 * ES modules alike: a module hook (`registerHooks`) sees each file loaded.
 */
function packagesLoadedBy(module: string): string[] {
  const probe = [
    "import { registerHooks } from 'node:module';",
    'const loaded = new Set();',
    'registerHooks({ load(url, context, next) { const m = /\\/node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(url); if (m) loaded.add(m[1]); return next(url, context); } });',
    `await import(${JSON.stringify(path.join(ROOT, module))});`,
    'console.log(JSON.stringify([...loaded].sort()));',
  ].join('\n');
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', probe], { cwd: ROOT, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop()!) as string[];
}

describe('what a build loads before it starts', () => {
  it('leaves jsdom (0.75 s to import) to the first SVG a build judges', () => {
    const loaded = packagesLoadedBy('src/node/build/pipeline.ts');
    // The build's sanitiser (CommonJS) and its config's validator (an ES module) are loaded: an empty list would mean a broken probe.
    expect(loaded).toEqual(expect.arrayContaining(['sanitize-html', 'zod']));
    expect(loaded).not.toContain('jsdom');
  });

  it('leaves recheck (0.17–0.2 s to import) to the first form pattern a build analyses', () => {
    expect(packagesLoadedBy('src/node/build/pipeline.ts')).not.toContain('recheck');
  });

  it('leaves ky (45 ms to import) to the first request to the CMS: a build from a content folder makes none', () => {
    // The content source (crawl or content folder) is what imports the CMS client.
    expect(packagesLoadedBy('src/node/build/source.ts')).not.toContain('ky');
  });
});
