// @vitest-environment node
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeSecretFile } from './secret-file.js';
import { temporaryOf } from './whole-file.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'marea-secret-'));
  dirs.push(dir);
  return dir;
};
const mode = (file: string) => statSync(file).mode & 0o777;

describe('writeSecretFile', () => {
  it('a new file, in a new folder, is 600', () => {
    const file = path.join(tempDir(), 'a/b/secrets.json');
    writeSecretFile(file, 'x=1\n');
    expect(readFileSync(file, 'utf8')).toBe('x=1\n');
    expect(mode(file)).toBe(0o600);
  });

  it('a file that was 644 (or 666) is 600 once rewritten, and nothing is left beside it', () => {
    const dir = tempDir();
    const file = path.join(dir, '.env');
    for (const wide of [0o644, 0o666]) {
      writeFileSync(file, 'old\n');
      chmodSync(file, wide);
      writeSecretFile(file, 'new\n');
      expect(mode(file)).toBe(0o600);
      expect(readFileSync(file, 'utf8')).toBe('new\n');
    }
    expect(readdirSync(dir)).toEqual(['.env']);
  });

  it('a temporary file a killed run left behind is not reused', () => {
    const dir = tempDir();
    const file = path.join(dir, 'secrets.json');
    writeFileSync(temporaryOf(file), 'stale');
    chmodSync(temporaryOf(file), 0o666);
    writeSecretFile(file, '{}\n');
    expect(mode(file)).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['secrets.json']);
  });
});
