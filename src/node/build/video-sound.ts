import { open } from 'node:fs/promises';
import { fileTypeFromBuffer } from 'file-type';
import { createFile, MP4BoxBuffer, type Movie } from 'mp4box';

/**
 * Whether a video file can be heard, from its bytes: `yes` (it has an
 * audio track), `no` (it has none) or `unknown` (the build cannot tell, and
 * takes it to have sound). `how` says what the answer rests on, for the
 * build's warning.
 *
 * - MP4 and QuickTime (ISO base media files): mp4box reads the tracks from
 *   the `moov` box; an audio track (handler `soun`) is sound. Only the boxes
 *   before the media data and the `moov` itself are read, wherever it is.
 * - Anything else (WebM, Ogg): unknown. No well-kept library for Matroska
 *   tracks is part of the stack, and a parser written for this would be the
 *   kind of hand-made reader the project avoids; an editor with a silent
 *   WebM sees the warning's hint.
 */
export interface VideoSound {
  sound: 'yes' | 'no' | 'unknown';
  how: string;
}

/** Read this much of the file at a time: the `moov` box of a short film fits in one read. */
const CHUNK = 1024 * 1024;

/** Answers by file, size and modification time: a long-running builder does not read an unchanged video again. */
const known = new Map<string, VideoSound>();
const MAX_KNOWN = 10_000;

/** `videoSound` of `file`, or null when it cannot be read (the media phase reports a missing file). */
export async function videoSound(file: string): Promise<VideoSound | null> {
  const handle = await open(file, 'r').catch(() => null);
  if (!handle) return null;
  try {
    const { size, mtimeMs } = await handle.stat();
    const key = `${file}\0${size}\0${mtimeMs}`;
    const seen = known.get(key);
    if (seen) return seen;
    const answer = await judgeSound(handle, size);
    if (known.size >= MAX_KNOWN) known.clear();
    known.set(key, answer);
    return answer;
  } finally {
    await handle.close();
  }
}

type Handle = Awaited<ReturnType<typeof open>>;

async function judgeSound(handle: Handle, size: number): Promise<VideoSound> {
  const head = Buffer.alloc(Math.min(4100, size));
  await handle.read(head, 0, head.length, 0);
  const type = await fileTypeFromBuffer(head);
  if (type?.mime !== 'video/mp4' && type?.mime !== 'video/quicktime') {
    return { sound: 'unknown', how: `the build reads the audio tracks of MP4 files only, and this is ${type ? type.ext.toUpperCase() : 'not one'}: it is taken to have sound` };
  }
  const movie = await readMovie(handle, size);
  if (typeof movie === 'string') return { sound: 'unknown', how: `its tracks could not be read (${movie}): it is taken to have sound` };
  const audio = movie.audioTracks.map((track) => track.codec);
  return audio.length > 0 ? { sound: 'yes', how: `it has an audio track (${audio.join(', ')})` } : { sound: 'no', how: 'it has no audio track' };
}

/** The movie's description (tracks, codecs) as mp4box reads it, or why it could not. */
async function readMovie(handle: Handle, size: number): Promise<Movie | string> {
  const mp4 = createFile();
  let movie: Movie | null = null;
  let error: string | null = null;
  mp4.onReady = (info) => {
    movie = info;
  };
  mp4.onError = (module, message) => {
    error = `${module}: ${message}`;
  };
  let position = 0;
  while (movie === null && error === null && position < size) {
    const chunk = Buffer.alloc(Math.min(CHUNK, size - position));
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
    if (bytesRead === 0) break;
    const last = position + bytesRead >= size;
    // mp4box answers where it wants the next bytes from: past the media data when it can skip it.
    const next = mp4.appendBuffer(MP4BoxBuffer.fromArrayBuffer(chunk.buffer.slice(0, bytesRead), position), last);
    position = next > position ? next : position + bytesRead;
  }
  mp4.flush();
  return movie ?? error ?? 'no movie box (moov) found';
}
