import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export interface FakeStrapi {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

/**
 * A Strapi-5-compatible REST server over a content folder (content-cache/
 * layout): `/api/pages?locale=…&pagination[page]=…&pagination[pageSize]=…`
 * pages through the stored data like Strapi does (page size capped at 100),
 * rejects publication parameters with 400 as Strapi 5 does, filters by
 * `filters[documentId][$eq]`, and serves `/uploads/*`. Enough to run the real crawl against it.
 */
export async function startFakeStrapi(contentDir: string, options: { pageSizeCap?: number } = {}): Promise<FakeStrapi> {
  const requests: string[] = [];
  const cap = options.pageSizeCap ?? 100;
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://strapi.local');
    requests.push(`${url.pathname}${url.search}`);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    try {
      if (url.pathname.startsWith('/uploads/')) {
        const file = await readFile(path.join(contentDir, decodeURIComponent(url.pathname)));
        res.writeHead(200, { 'Content-Length': file.length });
        res.end(file);
        return;
      }
      const match = /^\/api\/([a-z-]+)$/.exec(url.pathname);
      if (!match) return send(404, { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } });
      for (const bad of ['publicationState', 'status']) {
        if (url.searchParams.has(bad)) return send(400, { data: null, error: { status: 400, name: 'ValidationError', message: `Invalid key ${bad}`, details: {} } });
      }
      const locale = url.searchParams.get('locale');
      const file = path.join(contentDir, 'api', locale ? `${match[1]}.${locale}.json` : `${match[1]}.json`);
      let stored: { data: unknown; meta?: unknown };
      try {
        stored = JSON.parse(await readFile(file, 'utf8'));
      } catch {
        return send(404, { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } });
      }
      if (!Array.isArray(stored.data)) return send(200, { data: stored.data, meta: {} });
      // One document, as the webhook service fetches a page that changed (client.ts `fetchDocument`).
      const documentId = url.searchParams.get('filters[documentId][$eq]');
      const data = documentId === null ? stored.data : stored.data.filter((entry) => (entry as { documentId?: unknown }).documentId === documentId);
      const pageSize = Math.min(Number(url.searchParams.get('pagination[pageSize]') ?? 25), cap);
      const page = Number(url.searchParams.get('pagination[page]') ?? 1);
      const total = data.length;
      send(200, {
        data: data.slice((page - 1) * pageSize, page * pageSize),
        meta: { pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total } },
      });
    } catch (error) {
      send(500, { data: null, error: { status: 500, name: 'InternalServerError', message: String(error), details: {} } });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
