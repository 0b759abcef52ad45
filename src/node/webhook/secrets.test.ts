// @vitest-environment node
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { webhookSecrets } from './secrets.js';

let work: string;
afterEach(() => rmSync(work, { recursive: true, force: true }));
const mode = (file: string) => statSync(file).mode & 0o777;

describe('the webhook secrets file (.marea/webhook-secrets.json) is mode 600', () => {
  it('made new: 600', () => {
    work = mkdtempSync(path.join(tmpdir(), 'marea-hook-'));
    const secrets = webhookSecrets({ work: path.join(work, '.marea') }, {});
    const file = path.join(work, '.marea/webhook-secrets.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(secrets);
    expect(mode(file)).toBe(0o600);
  });

  it('a 644 file that is rewritten (a secret was missing) becomes 600, keeping what it had', () => {
    work = mkdtempSync(path.join(tmpdir(), 'marea-hook-'));
    const file = path.join(work, 'webhook-secrets.json');
    writeFileSync(file, JSON.stringify({ webhook: 'w'.repeat(64) }));
    chmodSync(file, 0o644);
    const secrets = webhookSecrets({ work }, {});
    expect(secrets.webhook).toBe('w'.repeat(64));
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ webhook: 'w'.repeat(64), preview: secrets.preview });
    expect(mode(file)).toBe(0o600);
  });

  it('a 644 file that is only read becomes 600 too', () => {
    work = mkdtempSync(path.join(tmpdir(), 'marea-hook-'));
    const file = path.join(work, 'webhook-secrets.json');
    writeFileSync(file, JSON.stringify({ webhook: 'w'.repeat(64), preview: 'p'.repeat(64) }));
    chmodSync(file, 0o644);
    expect(webhookSecrets({ work }, {})).toEqual({ webhook: 'w'.repeat(64), preview: 'p'.repeat(64) });
    expect(mode(file)).toBe(0o600);
  });
});
