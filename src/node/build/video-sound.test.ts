// @vitest-environment node
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tinyMp4, topLevelBoxes } from '../../../test/support/mp4.js';
import { videoSound } from './video-sound.js';

describe('videoSound: whether a video can be heard, from its bytes', () => {
  let dir: string;
  const file = async (name: string, bytes: Buffer) => {
    await writeFile(path.join(dir, name), bytes);
    return path.join(dir, name);
  };
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'marea-sound-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('an MP4 with an audio track has sound, naming its codec', async () => {
    expect(await videoSound(await file('interview.mp4', tinyMp4({ audio: true })))).toEqual({ sound: 'yes', how: 'it has an audio track (mp4a)' });
  });

  it('an MP4 with a video track only has none', async () => {
    expect(await videoSound(await file('loop.mp4', tinyMp4({ audio: false })))).toEqual({ sound: 'no', how: 'it has no audio track' });
  });

  it('the bundled lagoon film has no audio track (the bundled site builds without a captions warning)', async () => {
    expect(await videoSound('content-cache/uploads/lagoon_loop_a6b2618ded.mp4')).toMatchObject({ sound: 'no' });
  });

  it('finds the tracks of an MP4 whose movie box comes after megabytes of media data (not "fast start")', async () => {
    const boxes = topLevelBoxes(tinyMp4({ audio: true, videoBytes: 3_000_000 }));
    const moov = boxes.find((box) => box.type === 'moov')!;
    const reordered = Buffer.concat([...boxes.filter((box) => box !== moov).map((box) => box.bytes), moov.bytes]);
    expect(reordered.indexOf('moov')).toBeGreaterThan(3_000_000);
    expect(await videoSound(await file('late-moov.mp4', reordered))).toMatchObject({ sound: 'yes' });
  });

  it('a WebM (tracks not read) or a damaged MP4 is taken to have sound, saying why', async () => {
    const webm = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0x82, 0x84, ...Buffer.from('webm'), ...Buffer.alloc(64)]);
    expect(await videoSound(await file('sea.webm', webm))).toEqual({ sound: 'unknown', how: expect.stringMatching(/MP4 files only, and this is WEBM: it is taken to have sound/) });
    const cut = tinyMp4({ audio: true }).subarray(0, 40);
    expect(await videoSound(await file('cut.mp4', cut))).toEqual({
      sound: 'unknown',
      how: expect.stringMatching(/^its tracks could not be read \(.+\): it is taken to have sound$/),
    });
  });

  it('a file that is not there is left to the media phase (null)', async () => {
    expect(await videoSound(path.join(dir, 'missing.mp4'))).toBeNull();
  });
});
