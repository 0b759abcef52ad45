import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTimeoutError, bodyDeadline, createGuardedServer, type GuardedServer, type GuardOptions } from '../platform/http-guard.js';
import { siteHandler } from '../preview/server.js';
import type { BuildQueue } from './queue.js';
import { bearerMatches, checkWebhook } from './request.js';
import type { PreviewAnswer, PreviewQuery } from './preview.js';
import type { KeptBuild } from './rollback.js';
import { answerPreview } from '../preview-render/answer.js';
import type { WebhookSecrets } from './secrets.js';

/** Where Strapi posts its webhooks (registered by `npm run cms`). */
export const HOOK_PATH = '/hooks/strapi';

/**
 * What Strapi needs to know of the service (cms/src/index.js registers the
 * webhook, cms/config/admin.js builds the preview links): passed to Strapi's
 * environment by `npm run cms`.
 */
export function strapiLoopEnv(origin: string, secrets: WebhookSecrets): Record<string, string> {
  return {
    MAREA_WEBHOOK_URL: `${origin}${HOOK_PATH}`,
    MAREA_WEBHOOK_SECRET: secrets.webhook,
    MAREA_PREVIEW_URL: `${origin}/preview`,
    MAREA_PREVIEW_SECRET: secrets.preview,
  };
}

export interface ServiceOptions {
  readonly secrets: WebhookSecrets;
  readonly queue: BuildQueue;
  /** Renders a draft (preview.ts); absent: `/preview` answers 404. */
  readonly preview?: (query: PreviewQuery) => Promise<PreviewAnswer>;
  /** The published site, served for every other path (the local preview editors watch); absent: 404. */
  readonly dist?: string;
  /** The kept builds and putting one back live (`npm run rollback`'s mechanism); absent: `/builds` and `/rollback` answer 404. */
  readonly rollback?: { list(): Promise<KeptBuild[]>; to(buildId: string): Promise<void> };
  /** Origins allowed to frame the draft preview (Strapi's admin). */
  readonly frameAncestors?: readonly string[];
  readonly log?: (line: string) => void;
  /** Timeouts and the connection cap (http-guard.ts; defaults there: 256 connections, head in 10 s, body in 10 s). */
  readonly guard?: GuardOptions & { readonly bodyTimeoutMs?: number };
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Readonly<Record<string, string>> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
  res.end(`${JSON.stringify(body, null, 2)}\n`);
}

/**
 * The webhook service (`npm run webhook`): `POST /hooks/strapi` queues a
 * build (request.ts says what is accepted), `GET /status` reports builds to
 * editors (same secret), `GET /builds` lists the kept builds and
 * `POST /rollback?build=<id>` puts one back live (same secret: the CMS's
 * Publishing page calls them), `GET /preview` renders a draft on demand
 * (a link token signed with the preview secret), and every other path serves the published site as the
 * CDN would, so editors watch their edit go live at the same address.
 */
export function createWebhookService(options: ServiceOptions): GuardedServer {
  const site = options.dist ? siteHandler(options.dist) : null;
  // Slow and silent clients are timed out, and dropped first when connections run short.
  const server = createGuardedServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // Its socket is gone with it: nothing to answer.
      if (error instanceof BodyTimeoutError) return options.log?.(`✗ ${req.method} ${HOOK_PATH}: ${error.message}; the connection was closed`);
      // Never the preview link's token in a log line: its path is cut.
      options.log?.(`✗ ${req.method} ${(req.url ?? '').replace(/^\/preview\/[^?]*/, '/preview/…')}: ${(error as Error).stack ?? String(error)}`);
      if (!res.headersSent) sendJson(res, 500, { error: `internal error: ${(error as Error).message}` });
      else res.destroy();
    });
  }, options.guard);
  return server;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://webhook.local');
    } catch {
      sendJson(res, 400, { error: 'malformed request URL' });
      return;
    }
    if (url.pathname === HOOK_PATH) {
      // The body is read only after the secret matched, and must arrive within its deadline.
      const body = bodyDeadline(req, options.guard?.bodyTimeoutMs);
      const answer = await checkWebhook({ method: req.method ?? 'GET', header: (name) => headerOf(req, name), body }, options.secrets.webhook);
      if (answer.effect && answer.effect.kind !== 'ignore') options.queue.add(answer.effect);
      else if (answer.effect) options.log?.(`· ignored ${answer.body.event as string}: ${answer.effect.reason}`);
      // An answer sent before the body was read closes the connection, so the client does not keep sending it.
      sendJson(res, answer.status, answer.body, { ...answer.headers, ...(req.complete ? {} : { Connection: 'close' }) });
      return;
    }
    if (url.pathname === '/status') {
      if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { error: `${req.method} is not allowed` }, { Allow: 'GET' });
      if (!bearerMatches(headerOf(req, 'authorization'), options.secrets.webhook))
        return sendJson(res, 401, { error: 'missing or wrong secret (Authorization: Bearer <WEBHOOK_SECRET>)' });
      return sendJson(res, 200, options.queue.status());
    }
    if (url.pathname === '/builds' || url.pathname === '/rollback') {
      if (!options.rollback) return sendJson(res, 404, { error: 'rollback is not enabled' });
      const method = url.pathname === '/builds' ? 'GET' : 'POST';
      if (req.method !== method) return sendJson(res, 405, { error: `${req.method} is not allowed` }, { Allow: method });
      if (!bearerMatches(headerOf(req, 'authorization'), options.secrets.webhook))
        return sendJson(res, 401, { error: 'missing or wrong secret (Authorization: Bearer <WEBHOOK_SECRET>)' });
      const builds = await options.rollback.list();
      if (method === 'GET') return sendJson(res, 200, { builds });
      const target = url.searchParams.get('build') ?? '';
      if (!builds.some((build) => build.id === target))
        return sendJson(res, 404, { error: `no kept build ${JSON.stringify(target.slice(0, 40))} (kept: ${builds.map((b) => b.id).join(', ') || 'none'})` });
      await options.rollback.to(target);
      return sendJson(res, 200, { published: target, was: builds.find((build) => build.live)?.id ?? null });
    }
    if (url.pathname === '/preview' || url.pathname.startsWith('/preview/')) {
      if (!options.preview) return sendJson(res, 404, { error: 'the draft preview is not enabled' });
      // The link's token (signed by Strapi's admin with the preview secret, an hour at most) is checked by answerPreview.
      const answer = await answerPreview(url, {
        secret: options.secrets.preview,
        render: options.preview,
        frameAncestors: options.frameAncestors ?? [],
        ...(options.log ? { log: options.log } : {}),
      });
      res.writeHead(answer.status, answer.headers);
      res.end(answer.html);
      return;
    }
    if (site) return site(req, res);
    sendJson(res, 404, { error: `nothing at ${url.pathname}` });
  }
}

const headerOf = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};
