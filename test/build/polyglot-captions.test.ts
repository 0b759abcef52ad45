// @vitest-environment node
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../src/node/build/paths.js';
import { buildSite, tempPaths } from '../support/build-site.js';

/**
 * Captions that are also JavaScript (docs/security.md, "Media are judged by their bytes"): valid
 * WebVTT to a loose check, a same-origin script once published. The bundled
 * site with its English captions replaced by such a file holds back the
 * pages that use it (MediaRefused, naming the file, the page and the
 * captions field), like any content error; the rest publishes.
 */
const POLYGLOT = 'WEBVTT =1/*\n\n00:00:00.000 --> 00:00:02.000\n*/;fetch("/api/admin",{credentials:"include"}).then((r)=>r.text()).then(alert)//\n';
const CAPTIONS = 'uploads/lagoon_loop_en_4f1c9a72be.vtt';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'marea-polyglot-'));
  await cp(path.join(ROOT, 'content-cache'), dir, { recursive: true });
  await writeFile(path.join(dir, CAPTIONS), POLYGLOT);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('captions that are also a script, through the whole build', () => {
  it('hold back the pages that use them with MediaRefused naming the file, the page and the captions field; the file is never published', async () => {
    const paths = await tempPaths();
    const { result } = await buildSite(dir, { paths });
    expect(result.heldBack.map((held) => `${held.locale} ${held.slug}`).sort()).toEqual(['en all-blocks', 'en home']);
    for (const held of result.heldBack) {
      expect(held.issues).toHaveLength(1);
      expect(held.issues[0]).toMatchObject({ code: 'MediaRefused', severity: 'error', entity: 'page', locale: 'en' });
      expect(held.issues[0]!.message).toMatch(
        /^Media file \/uploads\/lagoon_loop_en_4f1c9a72be\.vtt \(used by en \/[a-z-]*\) is refused: it is in a captions field, and it is a WebVTT file that is also a JavaScript program/,
      );
    }
    const media = await readdir(path.join(paths.dist, 'assets/media'));
    // The Spanish captions, strict WebVTT, are published; the English polyglot is not, under any name.
    expect(media.filter((name) => name.endsWith('.vtt'))).toEqual([expect.stringMatching(/^lagoon_loop_es\.[0-9a-f]{10}\.vtt$/)]);
    for (const name of media) expect(await readFile(path.join(paths.dist, 'assets/media', name), 'latin1')).not.toContain('fetch("/api/admin"');
    expect(existsSync(path.join(paths.dist, 'es.html'))).toBe(true);
    expect(existsSync(path.join(paths.dist, 'index.html'))).toBe(false);
    await rm(path.dirname(paths.dist), { recursive: true, force: true });
  });
});
