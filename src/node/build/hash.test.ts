// @vitest-environment node
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileDigests, hashInputs } from './hash.js';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/** A file whose times are an hour old, as a content folder's files are between two builds. */
async function oldFile(dir: string, name: string, text: string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, text);
  const hourAgo = new Date(Date.now() - 3_600_000);
  await utimes(file, hourAgo, hourAgo);
  return file;
}

/** Writes a record as `FileDigests.save` does, with `digest` claimed for `file` as it is now, read `readAfterMs` after its modification. */
async function recordClaiming(record: string, file: string, digest: string, readAfterMs: number): Promise<void> {
  const s = await stat(file);
  const known = { size: s.size, mtimeMs: s.mtimeMs, ctimeMs: s.ctimeMs, ino: s.ino, digest, readAt: s.mtimeMs + readAfterMs };
  await writeFile(record, JSON.stringify({ [file]: known }));
}

describe('FileDigests: each file hashed once, its record trusted while its size, times and inode are the same', () => {
  it('hashes a file’s bytes, and records what it hashed', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'marea-digests-'));
    const file = await oldFile(dir, 'a.json', 'one');
    const record = path.join(dir, 'record.json');
    const digests = new FileDigests(record);
    expect(await digests.of(file)).toBe(sha('one'));
    expect(digests.known(file)).toBe(sha('one'));
    // A file changed just now is not known: it is read again when asked for.
    const recent = path.join(dir, 'b.json');
    await writeFile(recent, 'two');
    expect(await digests.of(recent)).toBe(sha('two'));
    expect(digests.known(recent)).toBeUndefined();
    expect(await digests.of(path.join(dir, 'missing.json'))).toBeNull();
    digests.save();
    expect(Object.keys(JSON.parse(await readFile(record, 'utf8')) as object)).toEqual([file, recent]);
  });

  it('takes a recorded digest without reading the file while its stats are those recorded', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'marea-digests-'));
    const file = await oldFile(dir, 'a.json', 'one');
    const record = path.join(dir, 'record.json');
    // The record claims another digest: taken as it is, so the file was not read.
    await recordClaiming(record, file, 'claimed', 10_000);
    expect(await new FileDigests(record).of(file)).toBe('claimed');
    // Not from a record it was not given.
    expect(await new FileDigests(null).of(file)).toBe(sha('one'));
  });

  it('reads the file again when its bytes changed (same size, times set back: its change time moved)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'marea-digests-'));
    const file = await oldFile(dir, 'a.json', 'one');
    const record = path.join(dir, 'record.json');
    const first = new FileDigests(record);
    await first.of(file);
    first.save();
    const before = await stat(file);
    await writeFile(file, 'two');
    await utimes(file, before.atime, before.mtime);
    expect(await new FileDigests(record).of(file)).toBe(sha('two'));
    expect(first.known(file)).toBeUndefined();
  });

  it('reads again a file recorded within two seconds of its last change (racily clean, as git calls it)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'marea-digests-'));
    const file = await oldFile(dir, 'a.json', 'one');
    const record = path.join(dir, 'record.json');
    await recordClaiming(record, file, 'claimed', 1_500);
    expect(await new FileDigests(record).of(file)).toBe(sha('one'));
  });

  it('ignores a record that does not read back', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'marea-digests-'));
    const file = await oldFile(dir, 'a.json', 'one');
    const record = path.join(dir, 'record.json');
    await writeFile(record, '{"cut short');
    expect(await new FileDigests(record).of(file)).toBe(sha('one'));
  });

  it('hashInputs: the same key with the digests recorded or not, another when a byte changed', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'marea-digests-'));
    await oldFile(dir, 'a.json', 'one');
    const record = path.join(dir, '..', `${path.basename(dir)}-record.json`);
    const digests = new FileDigests(record);
    const key = await hashInputs(dir, ['.'], digests);
    digests.save();
    expect(await hashInputs(dir, ['.'], new FileDigests(record))).toBe(key);
    expect(await hashInputs(dir, ['.'])).toBe(key);
    await writeFile(path.join(dir, 'a.json'), 'One');
    expect(await hashInputs(dir, ['.'], new FileDigests(record))).not.toBe(key);
  });
});
