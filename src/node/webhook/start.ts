import type { ProjectPaths } from '../build/paths.js';
import { settleBackgroundWork } from '../build/publish.js';
import { listen } from '../preview/server.js';
import type { Config } from '../config/env.js';
import { renderPreview } from './preview.js';
import { BuildQueue, type QueueOptions } from './queue.js';
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
}

export interface RunningWebhookService {
  readonly origin: string;
  readonly queue: BuildQueue;
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
  const queue = new BuildQueue((changes) => builder.build(changes), { ...(options.log ? { log: options.log } : {}), ...options.queue });
  const server = createWebhookService({
    secrets: options.secrets,
    queue,
    dist: paths.dist,
    frameAncestors: [new URL(config.cmsUrl).origin],
    preview: (query) =>
      renderPreview(query, { config, paths, memo: builder.memo, client: builder.cms, raw: () => builder.content(), ...(options.now ? { now: options.now } : {}) }),
    ...(options.log ? { log: options.log } : {}),
  });
  const origin = await listen(server, options.port, options.host ?? '127.0.0.1');
  if (options.buildAtStart !== false) {
    queue.add({ kind: 'full', reason: 'the service started: the whole CMS is read', summary: 'service start' });
  }
  return {
    origin,
    queue,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await queue.idle();
      await settleBackgroundWork();
    },
  };
}
