import { ResponseTooLargeError } from './response-too-large-error.js';
import { formatSize } from './format-size.js';

/**
 * Default `CMS_MAX_BYTES`: the largest CMS answer read, 50 MB. A page of 100
 * of the benchmark's largest pages is under 2 MB; a 400 MB answer took the
 * build to 2.7 GB of memory and 600 MB crashed it (V8's string limit).
 */
export const DEFAULT_CMS_MAX_BYTES = 50_000_000;

/**
 * The whole body of `response`, at most `maxBytes`: a Content-Length over the
 * cap is refused before reading, and reading stops (the stream cancelled) as
 * soon as more than `maxBytes` arrived, so no more than the cap (plus one
 * chunk) is ever held. Throws `ResponseTooLargeError` naming `url`.
 */
export async function readCappedBody(response: Response, url: string, maxBytes: number = DEFAULT_CMS_MAX_BYTES): Promise<Uint8Array<ArrayBuffer>> {
  const announced = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(announced) && announced > maxBytes) {
    await response.body?.cancel();
    throw new ResponseTooLargeError(url, maxBytes, `the server announces ${announced} bytes`);
  }
  if (!response.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    received += next.value.byteLength;
    if (received > maxBytes) {
      await reader.cancel();
      throw new ResponseTooLargeError(url, maxBytes, `more than ${formatSize(maxBytes)} received, reading stopped`);
    }
    chunks.push(next.value);
  }
  return Buffer.concat(chunks, received);
}
