// @vitest-environment node
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureSecrets } from './secrets.js';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const mode = (file: string) => statSync(file).mode & 0o777;

describe("the CMS's secrets file (cms/.env) is mode 600", () => {
  it('made new: 600, and read back the same on the next start', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'marea-cms-env-'));
    const file = path.join(dir, 'cms/.env');
    const first = ensureSecrets(file);
    expect(first.made).toBe(true);
    expect(mode(file)).toBe(0o600);
    expect(ensureSecrets(file)).toEqual({ secrets: first.secrets, made: false });
  });

  it('a 644 file without the app keys is rewritten as 600', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'marea-cms-env-'));
    const file = path.join(dir, '.env');
    writeFileSync(file, 'HOST=0.0.0.0\n');
    chmodSync(file, 0o644);
    const { made, secrets } = ensureSecrets(file);
    expect(made).toBe(true);
    expect(readFileSync(file, 'utf8')).toContain(`APP_KEYS=${secrets.APP_KEYS}`);
    expect(mode(file)).toBe(0o600);
  });

  it('a 644 file with its secrets, only read, becomes 600 too', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'marea-cms-env-'));
    const file = path.join(dir, '.env');
    writeFileSync(file, 'APP_KEYS=a,b\nJWT_SECRET=j\n');
    chmodSync(file, 0o644);
    expect(ensureSecrets(file)).toEqual({ secrets: { APP_KEYS: 'a,b', JWT_SECRET: 'j' }, made: false });
    expect(mode(file)).toBe(0o600);
  });
});
