import { createHash, timingSafeEqual } from 'node:crypto';
import { effectOf, parseEvent, type Effect } from './events.js';

/**
 * The webhook's HTTP contract, the same in the long-running service
 * (`npm run webhook`) and the Netlify Function: who may call, what a body
 * must be, and the answer for each way it can be wrong. Strapi does not sign
 * its webhooks: the secret is a header the webhook is configured with
 * (`Authorization: Bearer <WEBHOOK_SECRET>`), compared in constant time.
 */

/** Largest body read (Strapi's bodies are a few KB; a page with many blocks stays far below). */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface WebhookAnswer {
  readonly status: 200 | 202 | 400 | 401 | 405 | 413 | 415;
  /** JSON body: `{ error }` or what was done with the event. */
  readonly body: Record<string, unknown>;
  readonly headers?: Readonly<Record<string, string>>;
  /** Set on a valid event: what it asks of the builder. */
  readonly effect?: Effect;
}

/** A request as both runtimes can give it: method, a header reader, and the body as a stream of bytes. */
export interface WebhookRequest {
  readonly method: string;
  header(name: string): string | null | undefined;
  readonly body: AsyncIterable<Uint8Array> | null;
}

/** Constant-time check of `Authorization: Bearer <secret>` (hashing first makes the lengths equal). */
export function bearerMatches(header: string | null | undefined, secret: string): boolean {
  const match = /^Bearer (.+)$/.exec(header ?? '');
  const digest = (value: string) => createHash('sha256').update(value).digest();
  // Compared even when the header is missing, so the time says nothing about why it failed.
  const same = timingSafeEqual(digest(match?.[1] ?? ''), digest(secret));
  return same && !!match && secret.length > 0;
}

const fail = (status: WebhookAnswer['status'], error: string, headers?: Record<string, string>): WebhookAnswer => ({ status, body: { error }, ...(headers ? { headers } : {}) });

/** Reads at most `limit` bytes; null when the body is longer (the rest is not read). */
async function readLimited(body: AsyncIterable<Uint8Array>, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > limit) return null;
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/**
 * Checks a webhook request in the order that tells an unauthenticated
 * caller the least: 405 not POST, 401 wrong or missing secret, 415 not JSON,
 * 413 over 1 MB, 400 malformed JSON or not a Strapi event; then 202 with
 * what the event asks (queued, or ignored with the reason).
 */
export async function checkWebhook(request: WebhookRequest, secret: string): Promise<WebhookAnswer> {
  if (request.method !== 'POST') return fail(405, `${request.method} is not allowed: Strapi sends webhooks with POST`, { Allow: 'POST' });
  if (!bearerMatches(request.header('authorization'), secret)) {
    return fail(401, 'missing or wrong secret: configure the webhook in Strapi with the header Authorization: Bearer <WEBHOOK_SECRET>', {
      'WWW-Authenticate': 'Bearer realm="marea-webhook"',
    });
  }
  const type = (request.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') return fail(415, `the body must be application/json (got ${type ? JSON.stringify(type.slice(0, 60)) : 'no Content-Type'})`);
  const declared = Number(request.header('content-length') ?? NaN);
  const tooLarge = () => fail(413, `the body is over ${MAX_BODY_BYTES} bytes`);
  if (declared > MAX_BODY_BYTES) return tooLarge();
  const bytes = request.body ? await readLimited(request.body, MAX_BODY_BYTES) : Buffer.alloc(0);
  if (!bytes) return tooLarge();
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    return fail(400, `the body is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = parseEvent(json);
  if ('error' in parsed) return fail(400, parsed.error);
  const effect = effectOf(parsed.event);
  if (effect.kind === 'ignore') return { status: 202, body: { result: 'ignored', event: parsed.event.event, reason: effect.reason }, effect };
  return { status: 202, body: { result: 'queued', event: parsed.event.event, summary: effect.summary }, effect };
}
