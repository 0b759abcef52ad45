// @vitest-environment node
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../preview/server.js';
import type { BuildRecord } from './queue.js';
import { reportToCms } from './report.js';

/** A CMS report route on a real local server: it refuses while `down`, and keeps what it takes. */
let down = true;
const taken: Array<Record<string, unknown>> = [];
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    if (down || req.headers.authorization !== 'Bearer report-token' || req.url !== '/api/marea/reports') {
      res.writeHead(down ? 503 : 403).end('no');
      return;
    }
    taken.push(JSON.parse(body) as Record<string, unknown>);
    res.writeHead(201).end('{}');
  });
});
let cmsUrl: string;
beforeAll(async () => {
  cmsUrl = await listen(server, 0);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const record = (n: number, result: BuildRecord['result']): BuildRecord => ({
  n,
  events: ['entry.publish page d1 (es-MX)'],
  moreEvents: 0,
  firstEventAt: '2026-06-20T12:00:00.000Z',
  startedAt: '2026-06-20T12:00:00.200Z',
  finishedAt: '2026-06-20T12:00:01.000Z',
  durationMs: 800,
  result,
  buildId: result === 'published' ? `b${n}` : null,
  mode: result === 'published' ? 'incremental' : null,
  pages: result === 'published' ? { added: 0, changed: 1, removed: 0, urls: { added: [], changed: ['/es/spa'], removed: [] } } : null,
  ...(result === 'failed' ? { error: 'fetch failed' } : {}),
  errors: [],
  warnings:
    result === 'published'
      ? [{ code: 'UnknownLinkTarget', message: 'Link to "x"', entity: 'page', locale: 'es', slug: 'spa', block: 'blocks.hero #1', field: 'blocks[0].cta.slug' }]
      : [],
  heldBack: [],
});

describe("the webhook service's reports to the CMS", () => {
  it('a report the CMS did not take is sent again, first, with the next; warnings carry their CMS locale', async () => {
    const report = reportToCms({
      target: { cmsUrl, token: 'report-token' },
      cmsLocales: { en: 'en', es: 'es-MX' },
      siteUrl: 'http://127.0.0.1:4174',
      rollbackUrl: 'http://127.0.0.1:4174/rollback',
    });
    await expect(report(record(1, 'failed'))).rejects.toThrow(/refused the build report: 503/);
    down = false;
    await report(record(2, 'published'));
    expect(taken.map((r) => [r.result, r.buildId])).toEqual([
      ['failed', null],
      ['published', 'b2'],
    ]);
    expect(taken[1]).toMatchObject({
      source: 'webhook',
      startedAt: '2026-06-20T12:00:00.200Z',
      pages: { changed: ['/es/spa'] },
      issues: [{ severity: 'warning', code: 'UnknownLinkTarget', locale: 'es', cmsLocale: 'es-MX', field: 'blocks[0].cta.slug' }],
      rollback: { kind: 'webhook' },
    });
  });
});
