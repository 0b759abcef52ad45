// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deserialize } from 'node:v8';
import { afterEach, describe, expect, it } from 'vitest';
import { saveWholePart, takeWholePart } from './page-cache.js';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A whole part kept in `dir` for part bytes of hash `source`, its two files last changed an hour ago (not racily clean). */
function keptPart(source: string): string {
  dir = mkdtempSync(path.join(tmpdir(), 'marea-whole-'));
  const [entries, blocks] = [path.join(dir, 'pages.en.1'), path.join(dir, 'set-aside.json')];
  writeFileSync(blocks, '[{"component":"blocks.wysiwyg"}]');
  saveWholePart(entries, source, { count: 1 }, blocks);
  const anHourAgo = new Date(Date.now() - 3_600_000);
  for (const file of [`${entries}.whole`, `${entries}.blocks`]) utimesSync(file, anHourAgo, anHourAgo);
  return entries;
}

const SOURCE = 'a'.repeat(64);
const seals = (entries: string) => JSON.parse(readFileSync(`${entries}.seals`, 'utf8')) as Record<'whole' | 'blocks', { digest: string }>;

describe('a whole part (page-cache.ts takeWholePart)', () => {
  it('is checked whole once, then trusted by its files’ size, times and inode: their recorded digests are what it is taken by', () => {
    const entries = keptPart(SOURCE);
    const first = takeWholePart(entries, SOURCE)!;
    expect(deserialize(first.kept)).toEqual({ count: 1 });
    expect(first.blocks).toEqual({ file: `${entries}.blocks`, base: 32 });
    expect(takeWholePart(entries, 'b'.repeat(64))).toBeNull();

    // The record is what the next build goes by: a wrong digest recorded for the blocks, and the part is not taken.
    const recorded = seals(entries);
    writeFileSync(`${entries}.seals`, JSON.stringify({ ...recorded, blocks: { ...recorded.blocks, digest: '0'.repeat(64) } }));
    expect(takeWholePart(entries, SOURCE)).toBeNull();
    writeFileSync(`${entries}.seals`, JSON.stringify(recorded));
    expect(takeWholePart(entries, SOURCE)).not.toBeNull();
  });

  it('is checked whole again when a file changed, even to the same size and modification time', () => {
    const entries = keptPart(SOURCE);
    expect(takeWholePart(entries, SOURCE)).not.toBeNull();
    const blocks = `${entries}.blocks`;
    const bytes = readFileSync(blocks);
    bytes[bytes.length - 3] = bytes[bytes.length - 3]! ^ 0xff;
    writeFileSync(blocks, bytes);
    const anHourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(blocks, anHourAgo, anHourAgo);
    expect(takeWholePart(entries, SOURCE)).toBeNull();
  });

  it('written again, drops the record of the files it replaces', () => {
    const entries = keptPart(SOURCE);
    expect(takeWholePart(entries, SOURCE)).not.toBeNull();
    saveWholePart(entries, SOURCE, { count: 2 }, path.join(dir, 'set-aside.json'));
    expect(() => readFileSync(`${entries}.seals`)).toThrow();
    expect(deserialize(takeWholePart(entries, SOURCE)!.kept)).toEqual({ count: 2 });
  });
});
