// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECKSUMS_FILE, readChecksums, verifyChecksums, writeChecksums } from './checksums.js';

/** `sha256sum` of "hello\n", as GNU coreutils prints it. */
const HELLO = '5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03';

/** A small site: nested folders, an empty file, names that sort differently by locale, a symbolic link. */
async function site(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'marea-checksums-'));
  const files: Record<string, string> = {
    'index.html': 'hello\n',
    'Zebra.html': '<p>Z</p>',
    'about.html': '<p>about</p>',
    'es/habitaciones/suite-deluxe.html': '<p>suite</p>',
    'es/habitaciones/suite-deluxe/_payload.json': '{"a":1}',
    'es/_payload.json': '{}',
    'assets/media/photo.0123456789.jpg': 'x'.repeat(300_000),
    'assets/empty.txt': '',
    'niño.html': '<p>ñ</p>',
    'with space.html': ' ',
  };
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), content);
  }
  await symlink('index.html', path.join(dir, 'link.html'));
  await symlink('es', path.join(dir, 'es-link'));
  return dir;
}

/** Runs GNU `sha256sum` (the real binary) in `dir`. */
function sha256sum(dir: string, args: string[]) {
  const run = spawnSync('sha256sum', args, { cwd: dir, encoding: 'utf8' });
  if (run.error) throw run.error;
  return run;
}

const manifestOf = (dir: string) => readFile(path.join(dir, CHECKSUMS_FILE), 'utf8');
const pathsIn = (manifest: string) =>
  manifest
    .trimEnd()
    .split('\n')
    .map((line) => line.slice(66));

describe('writeChecksums: the SHA256SUMS manifest', () => {
  it('lists every regular file (nested, sorted by code unit, links and itself left out) exactly as GNU sha256sum prints them', async () => {
    const dir = await site();
    expect(await writeChecksums(dir)).toMatchObject({ files: 10, reused: 0, written: 0 });
    const manifest = await manifestOf(dir);
    expect(manifest).toContain(`${HELLO}  index.html\n`);
    expect(pathsIn(manifest)).toEqual([
      'Zebra.html',
      'about.html',
      'assets/empty.txt',
      'assets/media/photo.0123456789.jpg',
      'es/_payload.json',
      'es/habitaciones/suite-deluxe.html',
      'es/habitaciones/suite-deluxe/_payload.json',
      'index.html',
      'niño.html',
      'with space.html',
    ]);
    // The same bytes as sha256sum's own output for those files.
    const own = sha256sum(dir, pathsIn(manifest));
    expect(own.status).toBe(0);
    expect(manifest).toBe(own.stdout);
    // Written again, it does not list itself.
    await writeChecksums(dir);
    expect(await manifestOf(dir)).toBe(manifest);
  });

  it('passes `sha256sum -c`, which fails once a file changes', async () => {
    const dir = await site();
    await writeChecksums(dir);
    const check = sha256sum(dir, ['-c', '--strict', CHECKSUMS_FILE]);
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
    await writeFile(path.join(dir, 'es/_payload.json'), '{"changed":true}');
    expect(sha256sum(dir, ['-c', '--quiet', CHECKSUMS_FILE]).status).not.toBe(0);
  });

  it('escapes names with a backslash or a newline as sha256sum does, and reads them back', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'marea-checksums-'));
    await writeFile(path.join(dir, 'back\\slash.txt'), 'hello\n');
    await writeFile(path.join(dir, 'new\nline.txt'), 'hello\n');
    await writeChecksums(dir);
    const manifest = await manifestOf(dir);
    expect(manifest).toBe(sha256sum(dir, ['back\\slash.txt', 'new\nline.txt']).stdout);
    expect(manifest).toBe(`\\${HELLO}  back\\\\slash.txt\n\\${HELLO}  new\\nline.txt\n`);
    expect(sha256sum(dir, ['-c', '--strict', CHECKSUMS_FILE]).status).toBe(0);
    expect(await verifyChecksums(dir)).toEqual({ ok: 2, bad: [], missing: [], extra: [] });
  });

  it('reads a manifest read before from memory while it is the same file, and a manifest written anew from its file', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'marea-checksums-'));
    await writeFile(path.join(dir, 'a.txt'), 'hello\n');
    await writeChecksums(dir);
    const first = await readChecksums(dir);
    expect(first).toEqual(new Map([['a.txt', HELLO]]));
    // What a caller does with its map does not reach the next reader.
    first.clear();
    expect(await readChecksums(dir)).toEqual(new Map([['a.txt', HELLO]]));
    await writeFile(path.join(dir, 'b.txt'), 'hello\n');
    await writeChecksums(dir);
    expect(await readChecksums(dir)).toEqual(
      new Map([
        ['a.txt', HELLO],
        ['b.txt', HELLO],
      ]),
    );
  });

  it('takes the hashes of the files it takes from the previous build from that manifest, without reading them', async () => {
    const previous = await site();
    await writeChecksums(previous);
    // The next build wrote two files itself; the others stay in the previous build until it is stored (publish.ts).
    const next = `${previous}-next`;
    await mkdir(path.join(next, 'es'), { recursive: true });
    await writeFile(path.join(next, 'about.html'), '<p>about, edited</p>');
    await writeFile(path.join(next, 'es/new.html'), '<p>new</p>');
    const taken = new Set(pathsIn(await manifestOf(previous)).filter((file) => file !== 'about.html'));
    // A wrong hash in the previous manifest shows in the new one: it was not read.
    const manifest = await manifestOf(previous);
    await writeFile(path.join(previous, CHECKSUMS_FILE), manifest.replace(`${HELLO}  index.html`, `${'0'.repeat(64)}  index.html`));

    const result = await writeChecksums(next, previous, new Map(), taken);
    expect(result).toMatchObject({ files: 11, reused: 9, written: 0 });
    const written = await manifestOf(next);
    expect(written).toContain(`${'0'.repeat(64)}  index.html\n`);
    expect(written).toContain('  es/new.html\n');
    expect(written).not.toContain(manifest.split('\n').find((line) => line.endsWith('  about.html')));
    expect(result.manifest.get('es/new.html')).toBe(
      written
        .split('\n')
        .find((line) => line.endsWith('  es/new.html'))!
        .slice(0, 64),
    );
  });

  it('takes the hashes of files the build wrote itself from `written` without reading them, and reads the rest', async () => {
    const dir = await site();
    await writeChecksums(dir);
    const full = await manifestOf(dir);
    const given = 'f'.repeat(64);
    expect(await writeChecksums(dir, null, new Map([['index.html', given]]))).toMatchObject({ files: 10, reused: 0, written: 1 });
    const manifest = await manifestOf(dir);
    expect(manifest).toContain(`${given}  index.html\n`);
    expect(manifest.replace(given, HELLO)).toBe(full);
  });

  it('reads a taken file in the previous build when its manifest is missing', async () => {
    const previous = await site();
    const next = `${previous}-next`;
    await mkdir(next);
    const { manifest } = await writeChecksums(previous);
    await rm(path.join(previous, CHECKSUMS_FILE));
    expect(await writeChecksums(next, previous, new Map(), new Set(['index.html', 'Zebra.html']))).toMatchObject({ files: 2, reused: 0, written: 0 });
    expect(await manifestOf(next)).toBe(`${manifest.get('Zebra.html')}  Zebra.html\n${HELLO}  index.html\n`);
  });
});

describe('verifyChecksums', () => {
  it('accepts an untouched site', async () => {
    const dir = await site();
    await writeChecksums(dir);
    expect(await verifyChecksums(dir)).toEqual({ ok: 10, bad: [], missing: [], extra: [] });
  });

  it('reports a modified, a missing and an extra file', async () => {
    const dir = await site();
    await writeChecksums(dir);
    await writeFile(path.join(dir, 'es/habitaciones/suite-deluxe.html'), '<p>tampered</p>');
    await rm(path.join(dir, 'assets/empty.txt'));
    await writeFile(path.join(dir, 'es/extra.html'), '<p>extra</p>');
    expect(await verifyChecksums(dir)).toEqual({
      ok: 8,
      bad: ['es/habitaciones/suite-deluxe.html'],
      missing: ['assets/empty.txt'],
      extra: ['es/extra.html'],
    });
  });

  it('fails on a folder without a manifest', async () => {
    const dir = await site();
    await expect(verifyChecksums(dir)).rejects.toThrow(/ENOENT/);
  });
});
