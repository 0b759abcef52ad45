import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The npm packages whose files a new process loads by importing `module` (run as `npm run build` runs it: tsx). */
function packagesLoadedBy(module: string): string[] {
  const probe = [
    "import { createRequire } from 'node:module';",
    `await import(${JSON.stringify(path.join(ROOT, module))});`,
    'const require = createRequire(import.meta.url);',
    'const names = Object.keys(require.cache).map((file) => /\\/node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(file)?.[1]).filter(Boolean);',
    'console.log(JSON.stringify([...new Set(names)].sort()));',
  ].join('\n');
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', probe], { cwd: ROOT, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop()!) as string[];
}

describe('what a build loads before it starts', () => {
  it('leaves jsdom (0.75 s to import) to the first SVG a build judges', () => {
    const loaded = packagesLoadedBy('src/node/build/pipeline.ts');
    // The probe sees CommonJS packages: the build's sanitiser is one, so an empty list would mean a broken probe.
    expect(loaded).toContain('sanitize-html');
    expect(loaded).not.toContain('jsdom');
  });

  it('leaves recheck (0.17–0.2 s to import) to the first form pattern a build analyses', () => {
    const loaded = packagesLoadedBy('src/node/build/pipeline.ts');
    expect(loaded).toContain('sanitize-html');
    expect(loaded).not.toContain('recheck');
  });
});
