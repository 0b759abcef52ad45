import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { Readable } from 'node:stream';

/** Statuses whose Response has no body (the Fetch standard's null body statuses). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * `fetch(request, { redirect: 'manual', signal })` over a socket whose
 * address comes from `lookup` (checkMediaSource's, which refuses private
 * addresses as the socket connects): the global fetch takes no `lookup`.
 * One connection per request, no redirect followed, the body streamed
 * as received (no decompression: no Accept-Encoding is sent unless the
 * request has one). An error of `lookup` rejects as it is.
 */
export function fetchViaLookup(request: Request, lookup: LookupFunction, signal: AbortSignal): Promise<Response> {
  const url = new URL(request.url);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = send(url, { method: request.method, headers: Object.fromEntries(request.headers), lookup, signal, agent: false }, (incoming) => {
      try {
        resolve(toResponse(incoming, request.method));
      } catch (error) {
        incoming.destroy();
        reject(error as Error);
      }
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

function toResponse(incoming: IncomingMessage, method: string): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
  }
  const status = incoming.statusCode ?? 0;
  const empty = NULL_BODY.has(status) || method === 'HEAD';
  if (empty) incoming.resume();
  const body = empty ? null : (Readable.toWeb(incoming) as ReadableStream<Uint8Array>);
  return new Response(body, { status, statusText: incoming.statusMessage ?? '', headers });
}
