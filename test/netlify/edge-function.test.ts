import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The edge function's module graph: relative imports by their `.ts` path, and
 * the shared files it loads import nothing (the repo's `./x.js` style would
 * not resolve on Deno). It runs in Deno in edge-function-deno.test.ts; this
 * says why, when an import breaks it.
 */
const EDGE = resolve(import.meta.dirname, '../../netlify/edge-functions/root-locale.ts');
const IMPORT = /^\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]/gm;

function importsOf(source: string): { specifier: string; typeOnly: boolean }[] {
  return [...source.matchAll(IMPORT)].map((m) => ({
    specifier: (m[1] ?? m[2])!,
    typeOnly: /^\s*(import|export)\s+type\s/.test(m[0]),
  }));
}

describe('rules 9 and 30: the edge function loads on Deno', () => {
  it('imports the shared rules by their .ts path, and types only from @netlify/edge-functions', async () => {
    const imports = importsOf(await readFile(EDGE, 'utf8'));
    expect(imports.map((i) => i.specifier).sort()).toEqual(['../../src/shared/country-codes.ts', '../../src/shared/locale-rules.ts', '@netlify/edge-functions']);
    expect(imports.find((i) => i.specifier === '@netlify/edge-functions')?.typeOnly).toBe(true);
  });

  it.each(['../../src/shared/country-codes.ts', '../../src/shared/locale-rules.ts'])('%s imports nothing', async (specifier) => {
    const source = await readFile(join(dirname(EDGE), specifier), 'utf8');
    expect(importsOf(source)).toEqual([]);
    expect(source).not.toMatch(/\bimport\s*\(/);
  });
});
