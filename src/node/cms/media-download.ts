import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import pLimit from 'p-limit';
import { formatSize } from './format-size.js';
import { cmsGet, loadedKy, type Attempt, type RequestOptions } from './http.js';
import { HttpError } from './http-error.js';
import { MediaDownloadError } from './media-download-error.js';
import { mediaCachePath } from './media-path.js';
import { UnsafeMediaUrlError } from './unsafe-media-url-error.js';
import { judgeFile } from '../media-safety/judge.js';
import { fetchViaLookup } from '../media-safety/fetch-via-lookup.js';
import { checkMediaSource, type Resolve } from '../media-safety/media-source.js';

export interface MediaDownloadOptions extends RequestOptions {
  /** CMS origin: relative urls resolve against it, and only requests to it carry the token. */
  cmsUrl?: string | null | undefined;
  /** A directory laid out like `dir` (the current cache) whose files count as present too. */
  reuseDir?: string | undefined;
  /** `MEDIA_HOSTS`: hosts besides the CMS origin media may come from (see `checkMediaSource`). Default none. */
  mediaHosts?: readonly string[] | undefined;
  /** Resolves media hosts' names (default the system's resolver; see `checkMediaSource`). */
  resolve?: Resolve | undefined;
  /** `MEDIA_MAX_BYTES`: a larger file is refused, reading stops at the cap. Default 100 MB. */
  maxBytes?: number | undefined;
  /** Time limit of one file, all attempts and redirects included. Default 10 minutes. */
  totalTimeoutMs?: number | undefined;
}

const DEFAULT_MAX_BYTES = 100_000_000;
const DEFAULT_TOTAL_TIMEOUT_MS = 10 * 60_000;
/** Redirects followed per attempt (by hand: each target is checked like the url itself). */
const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

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
 * video on a slow link is fine as long as bytes keep coming, up to
 * `totalTimeoutMs` and `maxBytes`; a file whose bytes the build would refuse
 * (media-safety/judge.ts: HTML, PDF, …) is not kept. Only the CMS origin and `mediaHosts` are
 * asked, at public addresses (`checkMediaSource`), before any request and
 * again for every redirect, followed by hand. Refusals (`UnsafeMediaUrlError`:
 * host, address, size, time, content) are not retried. Throws one `MediaDownloadError`
 * listing every failure after all attempts settle.
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
  await checkMediaSource(new URL(href), options);
  // The token is for the CMS only: never hand it to S3 or a CDN.
  const sameOrigin = options.cmsUrl !== undefined && options.cmsUrl !== null && new URL(href).origin === new URL(options.cmsUrl).origin;
  const token = sameOrigin ? options.token : null;
  const candidates = [join(dir, path), ...(options.reuseDir ? [join(options.reuseDir, path)] : [])];
  let status: MediaDownload['status'] = 'downloaded';
  const file: FileLimits = {
    url,
    deadline: Date.now() + (options.totalTimeoutMs ?? DEFAULT_TOTAL_TIMEOUT_MS),
    maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
    totalTimeoutMs: options.totalTimeoutMs ?? DEFAULT_TOTAL_TIMEOUT_MS,
  };
  await cmsGet(
    href,
    { ...options, token },
    '*/*',
    saveTo(join(dir, path), candidates, options, file, (saved) => (status = saved)),
  );
  return { url, path, status };
}

interface FileLimits {
  url: string;
  deadline: number;
  maxBytes: number;
  totalTimeoutMs: number;
}

/**
 * The request, its redirects followed by hand: each target is checked
 * (`checkMediaSource`) before it is asked, the token goes to the CMS origin only.
 */
async function fetchChecked(request: Request, options: MediaDownloadOptions, file: FileLimits, signal: AbortSignal): Promise<Response> {
  const cmsOrigin = options.cmsUrl ? new URL(options.cmsUrl).origin : null;
  let current = request;
  for (let hop = 0; ; hop += 1) {
    const lookup = await checkMediaSource(new URL(current.url), options, hop > 0 ? file.url : undefined);
    // A host checked by name is connected to at an address checked again as the socket connects (DNS rebinding).
    const response = lookup ? await fetchViaLookup(current, lookup, signal) : await fetch(current, { redirect: 'manual', signal });
    const location = response.headers.get('location');
    if (!REDIRECT_STATUSES.has(response.status) || location === null) return response;
    await response.body?.cancel();
    if (hop >= MAX_REDIRECTS) throw new UnsafeMediaUrlError(file.url, `it redirects more than ${MAX_REDIRECTS} times`);
    const next = new URL(location, current.url);
    const headers = new Headers({ Accept: request.headers.get('accept') ?? '*/*' });
    const authorization = request.headers.get('authorization');
    if (authorization && next.origin === cmsOrigin) headers.set('Authorization', authorization);
    current = new Request(next, { headers });
  }
}

/**
 * One attempt (see `Attempt`): the body streamed to a temporary file,
 * renamed into place once complete. A stalled or short body is a timeout or
 * a network error, retried like the request itself; a body over `maxBytes`
 * or past the file's deadline is refused (the partial file removed).
 */
function saveTo(dest: string, candidates: string[], options: MediaDownloadOptions, file: FileLimits, done: (status: MediaDownload['status']) => void): Attempt {
  return async (request, stillAlive) => {
    const temp = `${dest}.download-${process.pid}-${(tempCounter += 1)}`;
    const tooLong = () =>
      new UnsafeMediaUrlError(
        file.url,
        `downloading it took longer than ${file.totalTimeoutMs >= 1000 ? `${Math.round(file.totalTimeoutMs / 1000)} s` : `${file.totalTimeoutMs} ms`}, the limit per media file`,
      );
    const tooLarge = (what: string) =>
      new UnsafeMediaUrlError(file.url, `it is larger than MEDIA_MAX_BYTES (${formatSize(file.maxBytes)}): ${what}; raise MEDIA_MAX_BYTES or upload a smaller file`);
    const remaining = file.deadline - Date.now();
    if (remaining <= 0) throw tooLong();
    const deadline = AbortSignal.timeout(remaining);
    try {
      const response = await fetchChecked(request, options, file, AbortSignal.any([request.signal, deadline]));
      if (!response.ok) {
        await response.body?.cancel();
        return new Response(null, { status: response.status, statusText: response.statusText });
      }
      if (!response.body) throw new HttpError({ status: response.status, statusText: response.statusText, method: 'GET', url: request.url, strapiError: null });
      const length = Number(response.headers.get('content-length') ?? Number.NaN);
      if (Number.isFinite(length) && length > file.maxBytes) {
        await response.body.cancel();
        throw tooLarge(`the server announces ${formatSize(length)}`);
      }
      if (Number.isFinite(length) && (await sizeMatches(candidates, length))) {
        await response.body.cancel();
        done('skipped');
        return new Response(null);
      }
      await mkdir(dirname(dest), { recursive: true });
      let received = 0;
      await pipeline(
        Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>),
        async function* countAndRefreshIdleTimer(source: AsyncIterable<Uint8Array>) {
          for await (const chunk of source) {
            received += chunk.length;
            if (received > file.maxBytes) throw tooLarge(`more than ${formatSize(file.maxBytes)} received, reading stopped`);
            stillAlive();
            yield chunk;
          }
        },
        createWriteStream(temp),
      );
      const written = (await stat(temp)).size;
      if (Number.isFinite(length) && written !== length) throw new Error(`got ${written} of ${length} bytes`);
      // What the build would refuse never reaches the content cache either.
      const judged = await judgeFile(temp);
      if (!judged.ok) throw new UnsafeMediaUrlError(file.url, judged.reason);
      await rename(temp, dest);
      done('downloaded');
      return new Response(null);
    } catch (error) {
      await rm(temp, { force: true });
      if (deadline.aborted && !request.signal.aborted) throw tooLong();
      // File-system errors (`syscall: 'open'`, ENOSPC, …), refusals and our own pass through; the rest came from the network.
      const { isKyError, NetworkError: KyNetworkError } = loadedKy();
      throw isKyError(error) || error instanceof HttpError || error instanceof UnsafeMediaUrlError || isFileSystemError(error)
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
