// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { effectOf, parseEvent, type StrapiEvent } from './events.js';
import { bearerMatches, checkWebhook, MAX_BODY_BYTES, type WebhookRequest } from './request.js';

/** Real Strapi 5.54 webhook bodies and headers (copied from shared/strapi5-samples). */
const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const recorded = (name: string) => JSON.parse(readFileSync(path.join(FIXTURES, name), 'utf8')) as { headers: Record<string, string>; body: Record<string, unknown> };
const sequence = readFileSync(path.join(FIXTURES, 'webhook-sequence-create-draft-update-delete.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as { body: Record<string, unknown> });

const SECRET = 'a-long-enough-webhook-secret';

function request(init: { method?: string; headers?: Record<string, string>; body?: string | Buffer }): WebhookRequest {
  const headers = Object.fromEntries(
    Object.entries({ authorization: `Bearer ${SECRET}`, 'content-type': 'application/json', ...init.headers }).map(([k, v]) => [k.toLowerCase(), v]),
  );
  const bytes = init.body === undefined ? null : Buffer.from(init.body);
  return {
    method: init.method ?? 'POST',
    header: (name) => headers[name.toLowerCase()],
    body: bytes
      ? (async function* () {
          // In 64 KB pieces, as a socket delivers them.
          for (let i = 0; i < bytes.length; i += 65536) yield bytes.subarray(i, i + 65536);
        })()
      : null,
  };
}

const effectOfFixture = (body: Record<string, unknown>) => {
  const parsed = parseEvent(body);
  if ('error' in parsed) throw new Error(parsed.error);
  return effectOf(parsed.event as StrapiEvent);
};

describe('webhook requests: the abuse matrix', () => {
  const publish = JSON.stringify(recorded('webhook-entry-publish-es-MX.json').body);

  it('accepts a recorded Strapi 5 publish with the right secret: 202, queued', async () => {
    const answer = await checkWebhook(request({ body: publish }), SECRET);
    expect(answer.status).toBe(202);
    expect(answer.body).toMatchObject({ result: 'queued', event: 'entry.publish' });
  });

  it.each([
    ['no Authorization header', { authorization: '' }],
    ['a wrong secret', { authorization: 'Bearer not-the-secret' }],
    ['the secret with another scheme', { authorization: `Basic ${SECRET}` }],
    ['the secret as a prefix', { authorization: `Bearer ${SECRET}x` }],
  ])('401 for %s, with a header saying how to authenticate', async (_, headers) => {
    const answer = await checkWebhook(request({ headers, body: publish }), SECRET);
    expect(answer.status).toBe(401);
    expect(answer.headers?.['WWW-Authenticate']).toMatch(/^Bearer/);
    expect(String(answer.body.error)).toContain('Authorization: Bearer');
  });

  it('an empty configured secret never matches, not even an empty bearer', () => {
    expect(bearerMatches('Bearer ', '')).toBe(false);
    expect(bearerMatches(undefined, '')).toBe(false);
    expect(bearerMatches(`Bearer ${SECRET}`, SECRET)).toBe(true);
  });

  it.each(['GET', 'PUT', 'DELETE', 'HEAD'])('405 for %s, with Allow: POST, before the secret is even checked', async (method) => {
    const answer = await checkWebhook(request({ method, headers: { authorization: '' } }), SECRET);
    expect(answer.status).toBe(405);
    expect(answer.headers?.Allow).toBe('POST');
  });

  it.each([
    ['text/plain', 'text/plain'],
    ['a form', 'application/x-www-form-urlencoded'],
    ['no Content-Type', ''],
  ])('415 for %s', async (_, type) => {
    const answer = await checkWebhook(request({ headers: { 'content-type': type }, body: publish }), SECRET);
    expect(answer.status).toBe(415);
  });

  it('accepts application/json with a charset', async () => {
    expect((await checkWebhook(request({ headers: { 'content-type': 'application/json; charset=utf-8' }, body: publish }), SECRET)).status).toBe(202);
  });

  it('413 for a body over 1 MB, announced or not', async () => {
    const big = JSON.stringify({ ...recorded('webhook-entry-publish-es-MX.json').body, padding: 'x'.repeat(MAX_BODY_BYTES) });
    expect((await checkWebhook(request({ body: big }), SECRET)).status).toBe(413);
    expect((await checkWebhook(request({ headers: { 'content-length': String(MAX_BODY_BYTES + 1) }, body: '{}' }), SECRET)).status).toBe(413);
    // Exactly at the limit is fine (then judged as JSON).
    const atLimit = `{"event":"entry.publish"${' '.repeat(MAX_BODY_BYTES - 25)}}`;
    expect(Buffer.byteLength(atLimit)).toBe(MAX_BODY_BYTES);
    expect((await checkWebhook(request({ body: atLimit }), SECRET)).status).toBe(400);
  });

  it.each([
    ['malformed JSON', '{"event": "entry.publish",', /not valid JSON/],
    ['an empty body', '', /not valid JSON/],
    ['JSON that is not an event', '[1, 2, 3]', /no `event` name/],
    ['an unknown event', '{"event":"entry.explode","model":"page","entry":{}}', /unknown Strapi event "entry.explode"/],
    ['an entry event without its entry', '{"event":"entry.publish","model":"page"}', /malformed entry.publish event/],
    ['a media event without its media', '{"event":"media.update"}', /malformed media.update event/],
  ])('400 for %s, naming what is wrong', async (_, body, message) => {
    const answer = await checkWebhook(request({ body }), SECRET);
    expect(answer.status).toBe(400);
    expect(String(answer.body.error)).toMatch(message);
  });
});

describe('what an event means for the public site', () => {
  it('publish of a page: fetch that document in that locale', () => {
    expect(effectOfFixture(recorded('webhook-entry-publish-es-MX.json').body)).toMatchObject({
      kind: 'change',
      change: { endpoint: 'pages', cmsLocale: 'es-MX', documentId: 'f80l1b4mkqoz87tixf27rc7f', action: 'fetch' },
    });
  });

  it('edits of a draft are ignored with the reason (recorded update of a published page: the draft row)', () => {
    for (const name of ['webhook-entry-update-en.json', 'webhook-entry-update-es-MX.json', 'webhook-entry-create-draft-en.json']) {
      const effect = effectOfFixture(recorded(name).body);
      expect(effect.kind, name).toBe('ignore');
      expect(effect.kind === 'ignore' && effect.reason).toMatch(/draft/);
    }
  });

  it('deleting: the draft row is ignored, the published row removes the page', () => {
    expect(effectOfFixture(recorded('webhook-entry-delete-draft-row-en.json').body).kind).toBe('ignore');
    expect(effectOfFixture(recorded('webhook-entry-delete-published-row-en.json').body)).toMatchObject({ kind: 'change', change: { action: 'remove', cmsLocale: 'en' } });
  });

  it('the recorded create → update → publish → delete sequence: only the publish and the published row’s delete are acted on', () => {
    const acted = sequence.map(({ body }) => effectOfFixture(body)).map((effect) => (effect.kind === 'change' ? effect.change.action : effect.kind));
    expect(acted).toEqual(['ignore', 'ignore', 'fetch', 'ignore', 'remove']);
  });

  it('unpublish removes; other models, media and releases', () => {
    const entry = { documentId: 'abc', locale: 'en', publishedAt: null };
    expect(effectOf({ event: 'entry.unpublish', model: 'page', entry })).toMatchObject({ kind: 'change', change: { action: 'remove' } });
    expect(effectOf({ event: 'entry.publish', model: 'layout', entry })).toMatchObject({ kind: 'change', change: { endpoint: 'layout', documentId: null, action: 'fetch' } });
    expect(effectOf({ event: 'entry.unpublish', model: 'modal', entry })).toMatchObject({ kind: 'change', change: { endpoint: 'modals', documentId: null, action: 'fetch' } });
    expect(effectOf({ event: 'entry.publish', model: 'plugin-thing', entry })).toMatchObject({
      kind: 'ignore',
      reason: expect.stringMatching(/does not read the model "plugin-thing"/),
    });
    expect(effectOf({ event: 'media.create', media: { name: 'a.png' } }).kind).toBe('ignore');
    expect(effectOf({ event: 'media.update', media: { name: 'a.png' } }).kind).toBe('full');
    expect(effectOf({ event: 'media.delete', media: { name: 'a.png' } }).kind).toBe('full');
    expect(effectOf({ event: 'releases.publish' }).kind).toBe('full');
    // Strapi 4 entries have no documentId: nothing to fetch on its own.
    expect(effectOf({ event: 'entry.publish', model: 'page', entry: { locale: 'en', publishedAt: 'x' } }).kind).toBe('full');
  });
});
