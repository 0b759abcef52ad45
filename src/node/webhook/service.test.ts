// @vitest-environment node
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../preview/server.js';
import type { ChangeSet } from './events.js';
import { BuildQueue, type BuildOutcome } from './queue.js';
import { createWebhookService, HOOK_PATH } from './service.js';
import { signPreviewToken } from '../../../cms/src/plugins/marea/server/preview-token.js';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const publish = (JSON.parse(readFileSync(path.join(FIXTURES, 'webhook-entry-publish-es-MX.json'), 'utf8')) as { body: Record<string, unknown> }).body;
const secrets = { webhook: 'webhook-secret-0123456789-0123456789', preview: 'preview-secret-0123456789-0123456789' };

let origin: string;
let dist: string;
let close: () => Promise<void>;
/** The kept builds the rollback routes see, and the one they put live. */
const kept = ['b3', 'b2', 'b1'];
let live = 'b3';
const builds: ChangeSet[] = [];
const queue = new BuildQueue(
  async (changes): Promise<BuildOutcome> => {
    builds.push(changes);
    await new Promise((resolve) => setTimeout(resolve, 200));
    return { buildId: `b${builds.length}`, mode: 'incremental', pages: { added: [], changed: ['/'], removed: [] }, warnings: [] };
  },
  // Long enough that a burst of 1,000 requests on a busy machine still settles into one or two builds.
  { settleMs: 1_500 },
);

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'marea-webhook-'));
  await mkdir(path.join(dist, 'site'));
  await writeFile(path.join(dist, 'site', 'index.html'), '<h1>v1</h1>');
  const server = createWebhookService({
    secrets,
    queue,
    dist: path.join(dist, 'site'),
    frameAncestors: ['http://127.0.0.1:1337'],
    preview: async (query) => ({ status: 200, html: `<p>draft of ${query.documentId} in ${query.locale}</p>` }),
    rollback: {
      list: async () => kept.map((id) => ({ id, timestamp: '', builtAt: '', live: id === live })),
      to: async (id) => {
        live = id;
      },
    },
  });
  origin = await listen(server, 0);
  close = () => new Promise((resolve) => server.close(() => resolve()));
});

afterAll(async () => {
  await close?.();
  await rm(dist, { recursive: true, force: true });
});

const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${origin}${HOOK_PATH}`, { method: 'POST', headers: { Authorization: `Bearer ${secrets.webhook}`, 'Content-Type': 'application/json', ...headers }, body });

describe('the webhook service over HTTP: requests, bursts, status, preview, the site', () => {
  it('a burst of 1,000 concurrent requests → 1,000 × 202 and at most 2 builds', async () => {
    const answers = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => post(JSON.stringify({ ...publish, entry: { ...(publish.entry as object), documentId: `doc${i}` } })).then((r) => r.status)),
    );
    expect(answers.filter((s) => s === 202)).toHaveLength(1000);
    await queue.idle();
    expect(builds.length).toBeGreaterThanOrEqual(1);
    expect(builds.length).toBeLessThanOrEqual(2);
    expect(new Set(builds.flatMap((b) => b.changes.map((c) => c.documentId))).size).toBe(1000);
  }, 60_000);

  it('a 5 MB body is refused with 413 without reading it all', async () => {
    const response = await post(JSON.stringify({ ...publish, padding: 'x'.repeat(5 * 1024 * 1024) }));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: expect.stringMatching(/over 1048576 bytes/) });
  });

  it('405, 401 and 415 over HTTP, as JSON', async () => {
    expect((await fetch(`${origin}${HOOK_PATH}`)).status).toBe(405);
    expect((await post('{}', { Authorization: 'Bearer nope' })).status).toBe(401);
    expect((await post('{}', { 'Content-Type': 'text/plain' })).status).toBe(415);
    expect((await post('{"event":')).status).toBe(400);
  });

  it('GET /status needs the secret and reports the builds', async () => {
    expect((await fetch(`${origin}/status`)).status).toBe(401);
    const status = (await (await fetch(`${origin}/status`, { headers: { Authorization: `Bearer ${secrets.webhook}` } })).json()) as {
      builds: Array<{ result: string; events: string[]; moreEvents: number }>;
      running: unknown;
      queued: unknown;
    };
    expect(status.running).toBeNull();
    expect(status.queued).toBeNull();
    expect(status.builds.length).toBe(builds.length);
    expect(status.builds.every((b) => b.result === 'published')).toBe(true);
    expect(status.builds.reduce((sum, b) => sum + b.events.length + b.moreEvents, 0)).toBe(1000);
  });

  it('GET /preview needs a token signed with the preview secret for this query, and is never cached, indexed or tracked', async () => {
    const query = 'uid=api::page.page&documentId=abc&locale=es-MX&status=draft';
    const signed = { uid: 'api::page.page', documentId: 'abc', locale: 'es-MX', status: 'draft' };
    const token = signPreviewToken(secrets.preview, signed);
    expect((await fetch(`${origin}/preview?${query}`)).status).toBe(401);
    expect((await fetch(`${origin}/preview/?${query}`)).status).toBe(401);
    expect((await fetch(`${origin}/preview/${secrets.preview}?${query}`)).status).toBe(401);
    expect((await fetch(`${origin}/preview/${signPreviewToken(secrets.webhook, signed)}?${query}`)).status).toBe(401);
    expect((await fetch(`${origin}/preview/${token}?${query.replace('abc', 'abd')}`)).status).toBe(401);
    const response = await fetch(`${origin}/preview/${token}?${query}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('<p>draft of abc in es-MX</p>');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("frame-ancestors 'self' http://127.0.0.1:1337");
    expect(csp).toMatch(/(^|; )script-src 'self' 'sha256-[^;]*;/);
    expect(csp).not.toContain('googletagmanager');
  });

  it('GET /preview echoes nothing as HTML: a status of <img onerror> is shown as text on its 400 page', async () => {
    const attack = '<img src=x onerror=alert(document.domain)>';
    const response = await fetch(`${origin}/preview/x?uid=api::page.page&status=${encodeURIComponent(attack)}`);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(document.domain)&gt;');
    expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
  });

  it('serves the published site, and follows a publish that swaps the folder', async () => {
    expect(await (await fetch(`${origin}/`)).text()).toBe('<h1>v1</h1>');
    const next = path.join(dist, 'next');
    await mkdir(next);
    await writeFile(path.join(next, 'index.html'), '<h1>version two</h1>');
    await writeFile(path.join(next, 'new.html'), '<h1>new page</h1>');
    const { rename } = await import('node:fs/promises');
    await rename(path.join(dist, 'site'), path.join(dist, 'old'));
    await rename(next, path.join(dist, 'site'));
    expect(await (await fetch(`${origin}/`)).text()).toBe('<h1>version two</h1>');
    expect(await (await fetch(`${origin}/new`)).text()).toBe('<h1>new page</h1>');
  });

  it('GET /builds and POST /rollback?build= need the secret; a build that is not kept is refused, a kept one goes live', async () => {
    const auth = { Authorization: `Bearer ${secrets.webhook}` };
    expect((await fetch(`${origin}/builds`)).status).toBe(401);
    expect((await fetch(`${origin}/rollback?build=b1`, { method: 'POST' })).status).toBe(401);
    expect((await fetch(`${origin}/rollback?build=b1`, { headers: auth })).status).toBe(405);
    const listed = (await (await fetch(`${origin}/builds`, { headers: auth })).json()) as { builds: Array<{ id: string; live: boolean }> };
    expect(listed.builds.map((b) => `${b.id}${b.live ? ' live' : ''}`)).toEqual(['b3 live', 'b2', 'b1']);
    const unknown = await fetch(`${origin}/rollback?build=nope`, { method: 'POST', headers: auth });
    expect(unknown.status).toBe(404);
    expect(live).toBe('b3');
    const answer = await fetch(`${origin}/rollback?build=b2`, { method: 'POST', headers: auth });
    expect(await answer.json()).toEqual({ published: 'b2', was: 'b3' });
    expect(live).toBe('b2');
  });
});
