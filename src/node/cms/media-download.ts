import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import pLimit from 'p-limit';
import { HttpError } from './http-error.js';
import { MediaDownloadError } from './media-download-error.js';
import { mediaCachePath } from './media-path.js';
import { NetworkError } from './network-error.js';
import { DEFAULT_TIMEOUT_MS, fetchFailure, requestHeaders, withRetries, type Attempt, type RequestOptions } from './retry.js';

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
 * JSON requests; `timeoutMs` is an idle limit here, so a large video on a
 * slow link is fine as long as bytes keep coming. Throws one
 * `MediaDownloadError` listing every failure after all attempts settle.
 */
export async function downloadMedia(
  urls: readonly string[],
  dir: string,
  options: MediaDownloadOptions = {},
): Promise<MediaDownload[]> {
  const requestOptions = { ...options, limit: options.limit ?? pLimit(6) };
  const settled = await Promise.allSettled(urls.map((url) => downloadOne(url, dir, requestOptions)));
  const failures = settled.flatMap((result, i) =>
    result.status === 'rejected' ? [{ url: urls[i]!, error: asError(result.reason) }] : [],
  );
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
  const status = await withRetries(options, (attempt) =>
    attemptDownload(href, join(dir, path), candidates, { ...options, token }, attempt),
  );
  return { url, path, status };
}

async function attemptDownload(
  href: string,
  dest: string,
  candidates: string[],
  options: RequestOptions,
  attempt: Attempt,
): Promise<MediaDownload['status']> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('idle', 'TimeoutError')), timeoutMs);
  const temp = `${dest}.download-${process.pid}-${(tempCounter += 1)}`;
  try {
    const response = await fetch(href, { headers: requestHeaders(options.token, '*/*'), signal: controller.signal });
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      const attempts = attempt.last ? attempt.number : undefined;
      throw new HttpError({ status: response.status, statusText: response.statusText, method: 'GET', url: href, strapiError: null, attempts });
    }
    const length = Number(response.headers.get('content-length') ?? Number.NaN);
    if (Number.isFinite(length) && (await sizeMatches(candidates, length))) {
      await response.body.cancel();
      return 'skipped';
    }
    await mkdir(dirname(dest), { recursive: true });
    await pipeline(
      Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>),
      async function* refreshIdleTimer(source: AsyncIterable<Uint8Array>) {
        for await (const chunk of source) {
          timer.refresh();
          yield chunk;
        }
      },
      createWriteStream(temp),
    );
    const written = (await stat(temp)).size;
    if (Number.isFinite(length) && written !== length) {
      throw new NetworkError('GET', href, new Error(`got ${written} of ${length} bytes`), attempt.last ? attempt.number : undefined);
    }
    await rename(temp, dest);
    return 'downloaded';
  } catch (error) {
    await rm(temp, { force: true });
    throw isOurs(error) ? error : fetchFailure(error, 'GET', href, timeoutMs, attempt);
  } finally {
    clearTimeout(timer);
  }
}

async function sizeMatches(paths: string[], size: number): Promise<boolean> {
  for (const path of paths) {
    const existing = await stat(path).catch(() => null);
    if (existing?.isFile() && existing.size === size) return true;
  }
  return false;
}

/** Our own errors and file-system errors (`syscall: 'open'`, ENOSPC, …) pass through; the rest came from the network. */
function isOurs(error: unknown): boolean {
  return error instanceof HttpError || error instanceof NetworkError || (error instanceof Error && 'syscall' in error);
}

function asError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(String(reason));
}
