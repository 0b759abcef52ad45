// @vitest-environment node
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tinyMp4 } from '../../../test/support/mp4.js';
import { readCache } from '../cms/cache.js';
import type { RawSite } from '../cms/raw.js';
import { mediaCachePath } from '../cms/media-path.js';
import { normaliseSite } from '../content/normalise.js';
import { checkCaptions } from './captions.js';

const CACHE = fileURLToPath(new URL('../../../content-cache', import.meta.url));
const LAGOON = '/uploads/lagoon_loop_a6b2618ded.mp4';

/** The bundled site with the captions of every video and hero taken out (a CMS where the editor left them blank). */
function withoutCaptions(raw: RawSite): RawSite {
  const copy = structuredClone(raw);
  for (const pages of Object.values(copy.pages) as { blocks?: Record<string, unknown>[] }[][]) {
    for (const page of pages) for (const block of page.blocks ?? []) delete block.captions;
  }
  return copy;
}

describe('the captions check: VideoWithoutCaptions for a video the visitor can hear', () => {
  let raw: RawSite;
  let dir: string;
  beforeAll(async () => {
    raw = await readCache(CACHE, { en: 'en', es: 'es-MX' });
    dir = await mkdtemp(path.join(tmpdir(), 'marea-captions-'));
    await writeFile(path.join(dir, 'with-sound.mp4'), tinyMp4({ audio: true }));
    await writeFile(path.join(dir, 'silent.mp4'), tinyMp4({ audio: false }));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** Runs the check with the lagoon film's bytes replaced by `video`'s. */
  const check = (site: RawSite, video?: string) =>
    checkCaptions(normaliseSite(site, { strict: false }).content, (url) => (url === LAGOON && video ? path.join(dir, video) : path.join(CACHE, mediaCachePath(url, null))));

  it('the bundled site has captions on every video: no warning, and both captions files are listed for the media phase', async () => {
    const result = await check(raw, 'with-sound.mp4');
    expect(result.issues).toEqual([]);
    expect([...result.files].sort()).toEqual(['/uploads/lagoon_loop_en_4f1c9a72be.vtt', '/uploads/lagoon_loop_es_8d03e5b61a.vtt']);
  });

  it('the bundled film without captions gets no warning either: it has no audio track', async () => {
    const result = await check(withoutCaptions(raw));
    expect(result).toMatchObject({ videos: 1, issues: [] });
  });

  it('a video block whose film has an audio track and no captions is warned about, once per block, naming the place; the muted hero is not', async () => {
    const { issues } = await check(withoutCaptions(raw), 'with-sound.mp4');
    const places = issues.map((issue) => `${issue.locale} ${issue.slug} ${issue.field} ${issue.component}`);
    expect(places.sort()).toEqual([
      'en all-blocks blocks[4].captions blocks.video',
      'en home blocks[5].captions blocks.video',
      'es home blocks[5].captions blocks.video',
      'es todos-los-bloques blocks[4].captions blocks.video',
    ]);
    expect(issues[0]).toMatchObject({
      severity: 'warning',
      code: 'VideoWithoutCaptions',
      entity: 'page',
      message: `Video ${LAGOON} has no captions, and it has an audio track (mp4a)`,
      hint: expect.stringMatching(/WebVTT captions file/),
    });
    expect(issues.every((issue) => issue.position === Number(/\[(\d+)\]/.exec(issue.field!)![1]))).toBe(true);
  });

  it('a silent MP4 without captions is not warned about', async () => {
    expect((await check(withoutCaptions(raw), 'silent.mp4')).issues).toEqual([]);
  });
});
