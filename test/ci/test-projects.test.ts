import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const scripts = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
const projects = [...readFileSync(path.join(root, 'vitest.config.ts'), 'utf8').matchAll(/\bname: '([a-z]+)'/g)].map((m) => m[1]!);
const projectsOf = (script: string) => [...(scripts[script] ?? '').matchAll(/--project ([a-z]+)/g)].map((m) => m[1]!);

describe('npm test runs every vitest project once (two vitest processes side by side: docs/testing.md, "Test time")', () => {
  it('runs test:vitest and test:vitest:cms side by side after the checks', () => {
    expect(scripts.test).toMatch(/&& run-p [^&]*test:vitest test:vitest:cms$/);
  });

  it('gives each project of vitest.config.ts to exactly one of the two', () => {
    expect(projects.length).toBeGreaterThanOrEqual(6);
    expect([...projectsOf('test:vitest'), ...projectsOf('test:vitest:cms')].sort()).toEqual([...projects].sort());
    expect(projectsOf('test:vitest:cms')).toEqual(['cms']);
  });
});
