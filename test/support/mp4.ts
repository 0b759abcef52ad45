import { createFile } from 'mp4box';

/**
 * A tiny MP4 made with mp4box in memory: one video track (one H.264 sample
 * of `videoBytes` zero bytes: its tracks are real, its picture is not) and,
 * with `audio`, one AAC track. Enough for what reads an MP4's tracks (the
 * build's captions check); no binary fixture, no ffmpeg.
 */
export function tinyMp4(options: { audio: boolean; videoBytes?: number }): Buffer {
  const file = createFile();
  file.init({ timescale: 1000, brands: ['isom', 'mp41'] });
  const video = file.addTrack({ type: 'avc1', width: 16, height: 16, timescale: 1000, hdlr: 'vide' });
  file.addSample(video, new Uint8Array(options.videoBytes ?? 8), { duration: 1000, is_sync: true });
  if (options.audio) {
    const audio = file.addTrack({ type: 'mp4a', timescale: 48000, hdlr: 'soun', channel_count: 2, samplerate: 48000, samplesize: 16 });
    file.addSample(audio, new Uint8Array(8), { duration: 1024, is_sync: true });
  }
  const stream = file.getBuffer();
  return Buffer.from(stream.buffer, 0, stream.byteLength);
}

/** The top-level boxes of an MP4 (`ftyp`, `moov`, `mdat`…), each with its bytes. */
export function topLevelBoxes(mp4: Buffer): { type: string; bytes: Buffer }[] {
  const boxes: { type: string; bytes: Buffer }[] = [];
  for (let at = 0; at + 8 <= mp4.length;) {
    const size = mp4.readUInt32BE(at);
    boxes.push({ type: mp4.toString('latin1', at + 4, at + 8), bytes: mp4.subarray(at, at + size) });
    at += size;
  }
  return boxes;
}
