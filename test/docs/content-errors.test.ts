// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../src/node/content/issues.js';
import { CONTENT_ERRORS_DOC, contentErrorsDoc } from '../../src/node/docs/content-errors.js';
import { BROWSER_ERRORS } from '../../src/node/docs/failures.js';
import { FAILURES } from '../../src/node/platform/failures.js';
import { LIST_ERRORS } from '../../src/shared/errors.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** Non-test TypeScript files under `dir`, relative to the root. */
function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.split(path.sep).includes('fixtures'))
    .map((file) => path.join(dir, file));
}

describe(CONTENT_ERRORS_DOC, () => {
  it('is what `npm run docs:errors` generates from the code (run it after changing an issue or error)', async () => {
    expect(read(CONTENT_ERRORS_DOC), `${CONTENT_ERRORS_DOC} is out of date: run \`npm run docs:errors\``).toBe(await contentErrorsDoc(root));
  });

  it('gives every content issue and build failure its own code', () => {
    const codes = [...Object.values(CATALOGUE).map((d) => d.code), ...Object.values(FAILURES).flatMap((f) => [f.code, f.name])];
    expect(codes.filter((code, i) => codes.indexOf(code) !== i)).toEqual([]);
  });

  it('knows every content issue code the build raises: none is made up outside the catalogue', () => {
    const outside = sources('src/node')
      .filter((file) => file !== path.join('src/node/content/issues.ts'))
      .flatMap((file) => [...read(file).matchAll(/\bcode: '([A-Z][a-z]+[A-Z]\w*)'/g)].map((m) => `${file}: ${m[1]}`));
    expect(outside).toEqual([]);
  });

  it('lists browser errors whose messages are in the code that raises them', () => {
    const fromList = new Set<string>(Object.values(LIST_ERRORS));
    for (const error of BROWSER_ERRORS) {
      expect(existsSync(path.join(root, error.source)), error.source).toBe(true);
      const source = read(error.source);
      if (fromList.has(error.message)) expect(source).toMatch(/LIST_ERRORS\.\w+/);
      else expect(source).toContain(error.message.replace(/\{(\w+)\}/g, '${$1}'));
    }
  });
});
