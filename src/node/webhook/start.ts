import type { ProjectPaths } from '../build/paths.js';
import { publishBuild, settleBackgroundWork } from '../build/publish.js';
import { listen } from '../preview/server.js';
import type { Config } from '../config/env.js';
import { renderPreview } from './preview.js';
import { inProcessRenderer } from '../preview-render/renderer.js';
import { postReport, type ReportTarget } from '../publishing/build-report.js';
import { BuildQueue, type BuildRecord, type QueueOptions } from './queue.js';
import { reportToCms } from './report.js';
import { keptBuilds } from './rollback.js';
import type { WebhookSecrets } from './secrets.js';
import { createWebhookService } from './service.js';
import { SiteBuilder } from './site-builder.js';

export interface WebhookServiceOptions {
  readonly config: Config & { readonly cmsUrl: string };
  readonly paths: ProjectPaths;
  readonly secrets: WebhookSecrets;
  readonly port: number;
  readonly host?: string;
  readonly log?: (line: string) => void;
  /** The day builds render dated content for (tests). */
  readonly now?: () => Date;
  readonly threads?: number;
  readonly queue?: QueueOptions;
  /** Build once at start, so the site follows the CMS from the first minute (default true). */
  readonly buildAtStart?: boolean;
  /** Where each build's report goes (the CMS and its report token); default: `config.cmsUrl` with `config.reportToken`, none without a token. */
  readonly report?: ReportTarget | null;
}

export interface RunningWebhookService {
  readonly origin: string;
  readonly queue: BuildQueue;
  /** Connections open now, and those the connection cap dropped or refused so far (http-guard.ts). */
  connections(): Promise<{ open: number; dropped: number }>;
  close(): Promise<void>;
}

/** Wires the builder, the queue, the preview and the HTTP service, and listens. */
export async function startWebhookService(options: WebhookServiceOptions): Promise<RunningWebhookService> {
  const { config, paths } = options;
  const builder = new SiteBuilder({
    config,
    paths,
    ...(options.log ? { log: options.log } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.threads === undefined ? {} : { threads: options.threads }),
  });
  const target = options.report === undefined ? (config.reportToken ? { cmsUrl: config.cmsUrl, token: config.reportToken } : null) : options.report;
  // The origin is known once the service listens; reports are only sent after builds, which start later.
  let origin = '';
  const report = target ? (record: BuildRecord) => reportToCms({ target, cmsLocales: config.cmsLocales, siteUrl: origin, rollbackUrl: `${origin}/rollback` })(record) : null;
  const queue = new BuildQueue((changes) => builder.build(changes), { ...(options.log ? { log: options.log } : {}), ...(report ? { onRecord: report } : {}), ...options.queue });
  const rollBack = async (buildId: string) => {
    const startedAt = new Date().toISOString();
    const was = (await keptBuilds(paths)).find((build) => build.live)?.id ?? null;
    await queue.between(() => publishBuild(paths, buildId, () => {}));
    options.log?.(`↩ rolled back to build ${buildId} (was ${was ?? 'nothing'}); the next publish builds from the CMS again`);
    if (target)
      await postReport(target, {
        source: 'webhook',
        result: 'published',
        startedAt,
        finishedAt: new Date().toISOString(),
        buildId,
        mode: 'rollback',
        reason: `rolled back from ${was ?? 'nothing'} to ${buildId}`,
        siteUrl: origin,
        issues: [],
        rollback: { kind: 'webhook', url: `${origin}/rollback` },
      }).catch((error: Error) => options.log?.(`✗ the rollback's report failed: ${error.message}`));
  };
  const server = createWebhookService({
    secrets: options.secrets,
    queue,
    dist: paths.dist,
    rollback: { list: () => keptBuilds(paths), to: rollBack },
    frameAncestors: [new URL(config.cmsUrl).origin],
    preview: (query) =>
      renderPreview(query, {
        config,
        renderer: () => inProcessRenderer(config, paths, builder.memo),
        memo: builder.memo,
        client: builder.cms,
        raw: () => builder.content(),
        ...(options.now ? { now: options.now } : {}),
      }),
    ...(options.log ? { log: options.log } : {}),
  });
  origin = await listen(server, options.port, options.host ?? '127.0.0.1');
  if (options.buildAtStart !== false) {
    queue.add({ kind: 'full', reason: 'the service started: the whole CMS is read', summary: 'service start' });
  }
  return {
    origin,
    queue,
    connections: () => new Promise((resolve, reject) => server.getConnections((error, open) => (error ? reject(error) : resolve({ open, dropped: server.connectionsDropped })))),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await queue.idle();
      await settleBackgroundWork();
    },
  };
}
