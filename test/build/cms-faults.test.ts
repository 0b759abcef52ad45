import { cp } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyChecksums } from '../../src/node/build/checksums.js';
import { ROOT, type ProjectPaths } from '../../src/node/build/paths.js';
import { runBuild } from '../../src/node/build/pipeline.js';
import { loadContent } from '../../src/node/build/source.js';
import { loadConfig } from '../../src/node/config/env.js';
import { listen } from '../../src/node/preview/server.js';
import { buildSite, tempPaths } from '../support/build-site.js';
import { startFakeStrapi, type FakeStrapi } from '../support/fake-strapi.js';
import { siteTexts } from '../support/compare-sites.js';

/**
 * Fault safety: a CMS that misbehaves, in front of a build that has a
 * published site. Every fault ends in one of three ways (retries absorb
 * it, the build falls back to its last crawl or content-cache/ and says so, or it fails
 * naming the CMS) and never in a partial site: after each, `dist/` is one
 * complete build (its SHA256SUMS verifies, nothing missing or extra).
 * `npm run chaos` runs this file with the kill test and prints the figures.
 */
const CACHE = path.join(ROOT, 'content-cache');
const NOW = new Date('2026-06-20T12:00:00Z');

type Fault = (req: IncomingMessage, res: ServerResponse, n: number) => boolean;

interface Case {
  name: string;
  /** Handles request n (1-based) itself and returns true, or lets it through to the CMS. */
  fault: Fault;
  expected: 'cms' | 'cache' | 'failed';
  strict?: boolean;
  /** What the failure must name. */
  message?: RegExp;
}

const unavailable = (res: ServerResponse) => {
  res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '0' });
  res.end(JSON.stringify({ data: null, error: { status: 503, name: 'ServiceUnavailableError', message: 'Service Unavailable' } }));
  return true;
};
const isApi = (req: IncomingMessage) => (req.url ?? '').startsWith('/api/');

const CASES: Case[] = [
  { name: 'a burst of 503s (the first 4 requests), then answers', fault: (_req, res, n) => n <= 4 && unavailable(res), expected: 'cms' },
  { name: '503 on every request', fault: (_req, res) => unavailable(res), expected: 'cache' },
  { name: '503 on every request, strict', fault: (_req, res) => unavailable(res), expected: 'failed', strict: true, message: /503/ },
  { name: 'never answers (timeouts)', fault: (req) => isApi(req), expected: 'cache' },
  {
    name: 'a slow drip: headers, then a byte every 100 ms',
    fault: (req, res) => {
      if (!isApi(req)) return false;
      res.writeHead(200, { 'Content-Type': 'application/json' });
      const timer = setInterval(() => (res.writableEnded ? clearInterval(timer) : res.write(' ')), 100);
      res.on('close', () => clearInterval(timer));
      return true;
    },
    expected: 'cache',
  },
  {
    name: 'truncated JSON (the connection drops mid-body)',
    fault: (req, res) => {
      if (!isApi(req)) return false;
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '5000' });
      res.write('{"data":[{"id":1,"documentId":"a","title":"Ho');
      setTimeout(() => res.destroy(), 20);
      return true;
    },
    expected: 'cache',
  },
  {
    name: 'the wrong content type (a proxy’s HTML error page with 200)',
    fault: (req, res) => {
      if (!isApi(req)) return false;
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<!doctype html><title>Gateway</title><h1>Please log in</h1>');
      return true;
    },
    expected: 'failed',
    message: /not JSON/,
  },
  {
    name: 'a single type answering with a collection’s shape',
    fault: (req, res) => {
      if (!(req.url ?? '').startsWith('/api/layout')) return false;
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ data: [], meta: { pagination: { page: 1, pageSize: 25, pageCount: 0, total: 0 } } }));
      return true;
    },
    expected: 'failed',
  },
  {
    name: 'pagination that lies (pageCount 20,000 of total 0)',
    fault: (req, res) => {
      if (!(req.url ?? '').startsWith('/api/pages')) return false;
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ data: [], meta: { pagination: { page: 1, pageSize: 100, pageCount: 20_000, total: 0 } } }));
      return true;
    },
    expected: 'failed',
    message: /pageCount|20000|20,000/,
  },
  {
    name: 'a 2 GB media file (announced, then streamed)',
    fault: (req, res) => {
      if (!(req.url ?? '').startsWith('/uploads/')) return false;
      res.writeHead(200, { 'Content-Type': 'image/jpeg', 'Content-Length': String(2 * 1024 ** 3) });
      const chunk = Buffer.alloc(64 * 1024);
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      pump();
      return true;
    },
    expected: 'failed',
    message: /MEDIA_MAX_BYTES|100 MB|bytes/,
  },
];

let cms: FakeStrapi;
let proxy: Server;
let proxyUrl: string;
let fault: Fault = () => false;
let count = 0;
const figures = { faults: 0, cms: 0, cache: 0, failed: 0 };

beforeAll(async () => {
  cms = await startFakeStrapi(CACHE);
  proxy = createServer((req, res) => {
    count += 1;
    if (fault(req, res, count)) return;
    fetch(`${cms.url}${req.url}`).then(
      async (upstream) => {
        res.writeHead(upstream.status, { 'Content-Type': upstream.headers.get('content-type') ?? 'application/octet-stream' });
        res.end(Buffer.from(await upstream.arrayBuffer()));
      },
      () => res.destroy(),
    );
  });
  proxyUrl = await listen(proxy, 0);
});

afterAll(async () => {
  proxy?.closeAllConnections();
  await new Promise((resolve) => proxy?.close(resolve));
  await cms?.close();
  console.log(
    `CMS faults: ${figures.faults} faults injected into builds with a published site; ${figures.cms} absorbed by retries, ${figures.cache} fell back to content-cache/, ${figures.failed} failed cleanly; 0 partial sites`,
  );
});

/** Builds from the proxied CMS into `paths` (which hold a published site); the outcome, the log and the error. */
async function buildThroughFault(paths: ProjectPaths, testCase: Case) {
  const config = loadConfig({ SITE_URL: 'https://marea.example', CMS_URL: proxyUrl });
  const log: string[] = [];
  const strict = testCase.strict ?? false;
  try {
    await runBuild({
      config,
      paths,
      now: NOW,
      log: (line) => log.push(line),
      load: (phases) => loadContent({ config, paths, strict, log: (line) => log.push(line), cmsClient: { timeoutMs: 400, retries: 2, backoffMs: 10 } }, phases),
    });
  } catch (error) {
    return { outcome: 'failed' as const, log, error: error as Error };
  }
  return { outcome: log.some((line) => line.includes('cannot be reached')) ? ('cache' as const) : ('cms' as const), log, error: null };
}

async function expectOneCompleteBuild(dist: string): Promise<void> {
  const check = await verifyChecksums(dist);
  expect({ bad: check.bad, missing: check.missing, extra: check.extra }).toEqual({ bad: [], missing: [], extra: [] });
  expect(check.ok).toBeGreaterThan(100);
}

describe('a misbehaving CMS never leaves a partial site', () => {
  it.each(CASES)('$name → $expected', async (testCase) => {
    const paths = await tempPaths();
    // The fallback: a content-cache/ of its own (no build from the CMS ran here, so there is no last crawl).
    await cp(CACHE, paths.contentCache, { recursive: true });
    const published = await buildSite(CACHE, { now: NOW, paths });
    const before = await siteTexts(published.paths.dist);
    count = 0;
    fault = testCase.fault;
    const result = await buildThroughFault(published.paths, testCase);
    fault = () => false;
    figures.faults += 1;
    figures[result.outcome] += 1;

    expect(result.outcome, [result.error?.message, ...result.log.slice(-5)].join('\n')).toBe(testCase.expected);
    await expectOneCompleteBuild(published.paths.dist);
    if (result.outcome === 'failed') {
      // Named: the CMS (or the URL asked) and what was wrong; nothing published.
      expect(result.error!.message).toMatch(new RegExp(`${proxyUrl.replace(/[.:/]/g, '\\$&')}|/uploads/`));
      if (testCase.message) expect(result.error!.message).toMatch(testCase.message);
      const after = await siteTexts(published.paths.dist);
      expect([...after].filter(([file, text]) => before.get(file) !== text).map(([file]) => file)).toEqual([]);
    } else if (result.outcome === 'cache') {
      expect(result.log.join('\n')).toContain(`The CMS at ${proxyUrl} cannot be reached`);
    }
  });
});
