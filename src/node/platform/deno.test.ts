// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../build/paths.js';
import { denoBinDir, withDeno } from './deno.js';

describe('Deno for Netlify’s edge tools (docs/deploying.md)', () => {
  it('is the pinned Deno from the npm registry: 2.8, the newest Netlify’s edge runner works with', () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { optionalDependencies: Record<string, string> };
    const pinned = pkg.optionalDependencies['@deno/linux-x64-glibc'];
    const version = execFileSync(path.join(denoBinDir(), 'deno'), ['--version'], { encoding: 'utf8' });
    expect(version).toMatch(new RegExp(`^deno ${pinned!.replaceAll('.', '\\.')} `));
    expect(pinned).toMatch(/^2\.8\./);
  });

  it('puts it first on PATH once, however often it is asked', () => {
    const once = withDeno({ PATH: '/usr/bin' });
    expect(withDeno(once).PATH).toBe(once.PATH);
    expect(once.PATH).toBe(`${denoBinDir()}${path.delimiter}/usr/bin`);
  });

  it('says how to get one when there is none', () => {
    expect(() => denoBinDir({ PATH: '' }, '/nonexistent')).toThrow(/run `npm ci`.*no `deno` on PATH/);
  });
});
