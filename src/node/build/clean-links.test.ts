// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CleanLinksRecord } from './clean-links.js';
import type { PageCacheScope } from './page-cache-files.js';

describe('CleanLinksRecord (the pages found with every link leading somewhere, kept between builds)', () => {
  let scope: PageCacheScope;
  const file = () => path.join(scope.dir, `${scope.version}-clean-links.json`);
  beforeEach(() => {
    scope = { dir: mkdtempSync(path.join(tmpdir(), 'marea-clean-links-')), version: 'v1' };
  });
  afterEach(() => rmSync(scope.dir, { recursive: true, force: true }));

  it('knows nothing at first, and what a build added once it saved', () => {
    const first = CleanLinksRecord.read(scope);
    expect(first.has('en sig', 'a')).toBe(false);
    first.add('en sig', 'a');
    first.add('es sig', 'b');
    first.save();
    const next = CleanLinksRecord.read(scope);
    expect([next.has('en sig', 'a'), next.has('es sig', 'b'), next.has('es sig', 'a'), next.has('en other', 'a')]).toEqual([true, true, false, false]);
  });

  it('is not written again when a build looked up all it holds and added nothing', () => {
    const first = CleanLinksRecord.read(scope);
    first.add('en sig', 'a');
    first.save();
    const written = statSync(file()).mtimeMs;
    const same = CleanLinksRecord.read(scope);
    expect(same.has('en sig', 'a')).toBe(true);
    same.save();
    expect(statSync(file()).mtimeMs).toBe(written);
  });

  it('drops what a build did not look up (a page gone, a signature changed)', () => {
    const first = CleanLinksRecord.read(scope);
    first.add('en sig', 'a');
    first.add('en sig', 'gone');
    first.save();
    const next = CleanLinksRecord.read(scope);
    expect(next.has('en sig', 'a')).toBe(true);
    next.save();
    expect(JSON.parse(readFileSync(file(), 'utf8'))).toEqual({ format: 1, clean: { 'en sig': ['a'] } });
  });

  it('reads an unreadable or older record as empty', () => {
    writeFileSync(file(), '{ not json');
    expect(CleanLinksRecord.read(scope).has('en sig', 'a')).toBe(false);
    writeFileSync(file(), JSON.stringify({ format: 0, clean: { 'en sig': ['a'] } }));
    expect(CleanLinksRecord.read(scope).has('en sig', 'a')).toBe(false);
  });
});
