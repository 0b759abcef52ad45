import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { isKyError, NetworkError as KyNetworkError } from 'ky';
import pLimit from 'p-limit';
import { cmsGet, type Attempt, type RequestOptions } from './http.js';
import { HttpError } from './http-error.js';
import { MediaDownloadError } from './media-download-error.js';
import { mediaCachePath } from './media-path.js';

export interface MediaDownloadOptions extends RequestOptions {
  /** CMS origin: relative urls resolve against it, and only requests to it carry the token. */
  cmsUrl?: string | null | undefined;
  /** A directory laid out like `dir` (the current cache) whose files count as present too. */
  reuseDir?: string | undefined;
}

export interface MediaDownload {
  url: string;
  /** Path relative to the directory (see `mediaCachePath`). */
  path: string;
  /** `skipped`: a file of the size the server announced was already in `dir` or `reuseDir`. */
  status: 'downloaded' | 'skipped';
}

let tempCounter = 0;

/**
 * Downloads media into `dir` at `mediaCachePath(url)`, streaming each to a
 * temporary file renamed into place once complete (a failed download never
 * leaves a truncated file). Same time limit, retries and concurrency as the
 * JSON requests (`cmsGet`); `timeoutMs` is an idle limit here, so a large
 * video on a slow link is fine as long as bytes keep coming. Throws one
 * `MediaDownloadError` listing every failure after all attempts settle.
 */
export async function downloadMedia(urls: readonly string[], dir: string, options: MediaDownloadOptions = {}): Promise<MediaDownload[]> {
  const requestOptions = { ...options, limit: options.limit ?? pLimit(6) };
  const settled = await Promise.allSettled(urls.map((url) => downloadOne(url, dir, requestOptions)));
  const failures = settled.flatMap((result, i) => (result.status === 'rejected' ? [{ url: urls[i]!, error: asError(result.reason) }] : []));
  if (failures.length > 0) throw new MediaDownloadError(failures, urls.length);
  return settled.map((result) => (result as PromiseFulfilledResult<MediaDownload>).value);
}

async function downloadOne(url: string, dir: string, options: MediaDownloadOptions): Promise<MediaDownload> {
  const path = mediaCachePath(url, options.cmsUrl);
  const isAbsolute = /^[a-z][a-z0-9+.-]*:|^\/\//i.test(url);
  if (!isAbsolute && !options.cmsUrl) throw new Error(`Cannot download ${url}: it is relative and CMS_URL is not set`);
  const href = new URL(url, options.cmsUrl ? `${options.cmsUrl}/` : undefined).href;
  // The token is for the CMS only: never hand it to S3 or a CDN.
  const sameOrigin = options.cmsUrl !== undefined && options.cmsUrl !== null && new URL(href).origin === new URL(options.cmsUrl).origin;
  const token = sameOrigin ? options.token : null;
  const candidates = [join(dir, path), ...(options.reuseDir ? [join(options.reuseDir, path)] : [])];
  let status: MediaDownload['status'] = 'downloaded';
  await cmsGet(
    href,
    { ...options, token },
    '*/*',
    saveTo(join(dir, path), candidates, (saved) => (status = saved)),
  );
  return { url, path, status };
}

/**
 * One attempt (see `Attempt`): the body streamed to a temporary file,
 * renamed into place once complete. A stalled or short body is a timeout or
 * a network error, retried like the request itself.
 */
function saveTo(dest: string, candidates: string[], done: (status: MediaDownload['status']) => void): Attempt {
  return async (request, stillAlive) => {
    const temp = `${dest}.download-${process.pid}-${(tempCounter += 1)}`;
    try {
      const response = await fetch(request);
      if (!response.ok) {
        await response.body?.cancel();
        return new Response(null, { status: response.status, statusText: response.statusText });
      }
      if (!response.body) throw new HttpError({ status: response.status, statusText: response.statusText, method: 'GET', url: request.url, strapiError: null });
      const length = Number(response.headers.get('content-length') ?? Number.NaN);
      if (Number.isFinite(length) && (await sizeMatches(candidates, length))) {
        await response.body.cancel();
        done('skipped');
        return new Response(null);
      }
      await mkdir(dirname(dest), { recursive: true });
      await pipeline(
        Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>),
        async function* refreshIdleTimer(source: AsyncIterable<Uint8Array>) {
          for await (const chunk of source) {
            stillAlive();
            yield chunk;
          }
        },
        createWriteStream(temp),
      );
      const written = (await stat(temp)).size;
      if (Number.isFinite(length) && written !== length) throw new Error(`got ${written} of ${length} bytes`);
      await rename(temp, dest);
      done('downloaded');
      return new Response(null);
    } catch (error) {
      await rm(temp, { force: true });
      // File-system errors (`syscall: 'open'`, ENOSPC, …) and our own pass through; the rest came from the network.
      throw isKyError(error) || error instanceof HttpError || isFileSystemError(error)
        ? error
        : new KyNetworkError(request, { cause: error instanceof Error ? error : new Error(String(error)) });
    }
  };
}

async function sizeMatches(paths: string[], size: number): Promise<boolean> {
  for (const path of paths) {
    const existing = await stat(path).catch(() => null);
    if (existing?.isFile() && existing.size === size) return true;
  }
  return false;
}

function isFileSystemError(error: unknown): boolean {
  return error instanceof Error && 'syscall' in error;
}

function asError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(String(reason));
}
