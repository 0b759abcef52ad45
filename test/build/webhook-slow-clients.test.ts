import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectPaths } from '../../src/node/build/paths.js';
import { loadConfig } from '../../src/node/config/env.js';
import { GUARD_DEFAULTS } from '../../src/node/platform/http-guard.js';
import { HOOK_PATH } from '../../src/node/webhook/service.js';
import { startWebhookService, type RunningWebhookService } from '../../src/node/webhook/start.js';
import { editedSite } from '../support/edited-site.js';
import type { FakeStrapi } from '../support/fake-strapi.js';

/**
 * The webhook service under 500 hostile connections (docs/security.md,
 * "The services under slow clients"): idle ones, ones sending their request
 * head a byte every 3 s, ones that send requests and never read, and ones
 * that send a malformed request and never read, each reopened as soon as the
 * service drops it. Meanwhile an editor's /status is answered and a publish
 * builds and goes live. Loopback only; every socket is closed at the end.
 */
const HOSTILE = 500;
const KINDS = ['idle', 'slow header', 'never reading', 'malformed, never reading'] as const;
type Kind = (typeof KINDS)[number];
const EDITED = 'Rooms, published under load';
const secrets = { webhook: randomBytes(24).toString('hex'), preview: randomBytes(24).toString('hex') };

let dir: string;
let strapi: FakeStrapi;
let paths: ProjectPaths;
let service: RunningWebhookService;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'marea-slow-clients-'));
  ({ strapi, paths } = await editedSite(dir, EDITED));
  const config = loadConfig({ SITE_URL: 'https://marea.example', CMS_URL: strapi.url, CMS_LOCALES: 'en:en,es:es-MX' });
  service = await startWebhookService({ config: { ...config, cmsUrl: strapi.url }, paths, secrets, port: 0, threads: 1, buildAtStart: false, report: null });
});

afterAll(async () => {
  await service?.close();
  await strapi?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Keeps `count` hostile connections of the four kinds open, reopening each the service drops, until `stop()`. */
function hostileCrowd(origin: string, count: number) {
  const { port } = new URL(origin);
  const open = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  const dropped: Record<Kind, number> = { idle: 0, 'slow header': 0, 'never reading': 0, 'malformed, never reading': 0 };
  const start = (kind: Kind) => {
    if (stopped) return;
    const socket = connect(Number(port), '127.0.0.1');
    open.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => {
      open.delete(socket);
      if (stopped) return;
      dropped[kind] += 1;
      // Not at once: a refused connection must not spin.
      const timer = setTimeout(() => {
        timers.delete(timer);
        start(kind);
      }, 1_000);
      timers.add(timer);
    });
    socket.on('connect', () => {
      if (kind === 'slow header') {
        const head = 'GET /status HTTP/1.1\r\nHost: marea.local\r\nX-Slow: ' + 'z'.repeat(200);
        let sent = 0;
        const drip = setInterval(() => {
          if (socket.destroyed) return clearInterval(drip);
          socket.write(head[sent % head.length]!);
          sent += 1;
        }, 3_000);
        timers.add(drip);
        socket.once('close', () => clearInterval(drip));
      } else if (kind === 'never reading') {
        socket.pause();
        socket.write('GET / HTTP/1.1\r\nHost: marea.local\r\n\r\n'.repeat(20));
      } else if (kind === 'malformed, never reading') {
        socket.pause();
        socket.write('GET /a b c HTTP/1.1\r\nHost: marea.local\r\n\r\n');
      }
    });
  };
  for (let i = 0; i < count; i += 1) start(KINDS[i % KINDS.length]!);
  return {
    get open() {
      return open.size;
    },
    dropped,
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      for (const socket of open) socket.destroy();
    },
  };
}

describe('the webhook service under 500 slow and silent connections', () => {
  it('answers GET /status within 10 s, and a publish builds and goes live', async () => {
    const crowd = hostileCrowd(service.origin, HOSTILE);
    const auth = { Authorization: `Bearer ${secrets.webhook}` };
    try {
      // Let the crowd connect and settle (the slow ones past the cap's patience, 5 s).
      await new Promise((resolve) => setTimeout(resolve, 7_000));
      const held = crowd.open;
      const atStatus = await service.connections();
      const droppedAtStatus = { ...crowd.dropped };
      const asked = performance.now();
      const status = await fetch(`${service.origin}/status`, { headers: auth, signal: AbortSignal.timeout(10_000) });
      const answerMs = Math.round(performance.now() - asked);
      expect(status.status).toBe(200);

      const publishedAt = performance.now();
      const hook = await fetch(`${service.origin}${HOOK_PATH}`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({ event: 'releases.publish', createdAt: new Date().toISOString() }),
        signal: AbortSignal.timeout(10_000),
      });
      expect(hook.status).toBe(202);
      await service.queue.idle();
      const live = await fetch(`${service.origin}/rooms`, { signal: AbortSignal.timeout(10_000) });
      const buildMs = Math.round(performance.now() - publishedAt);
      expect(service.queue.status().builds[0]).toMatchObject({ result: 'published' });
      expect(await live.text()).toContain(EDITED);
      const after = await service.connections();
      console.log(
        `slow clients: ${held} of ${HOSTILE} hostile connections open when GET /status was asked (${atStatus.open} on the service's side, cap ${GUARD_DEFAULTS.maxConnections}); ` +
          `answered in ${answerMs} ms; the publish built and went live in ${buildMs} ms with ${crowd.open} open (${after.open} on the service's side); ` +
          `connections the service closed that the client saw (each reopened a second later; a client that never reads does not see it): ${JSON.stringify(crowd.dropped)}, ${after.dropped} by the cap`,
      );
      // The service sheds them rather than holding them: it closed those that sent garbage (a client that never
      // reads never learns it), and the cap dropped idle ones, which reconnect.
      expect(atStatus.open).toBeLessThanOrEqual(GUARD_DEFAULTS.maxConnections);
      expect(droppedAtStatus.idle).toBeGreaterThan(0);
    } finally {
      crowd.stop();
    }
  });
});
