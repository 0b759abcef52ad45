import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ROOT } from '../../src/node/build/paths.js';
import { createPreviewServer, listen } from '../../src/node/preview/server.js';
import { buildSite } from '../support/build-site.js';

declare module 'vitest' {
  export interface ProvidedContext {
    siteOrigin: string;
    siteDist: string;
  }
}

/** Builds the bundled site (content-cache/) once and serves it as the CDN would, for every browser test. */
export default async function setup(project: TestProject) {
  const { paths } = await buildSite(path.join(ROOT, 'content-cache'));
  const server = createPreviewServer(paths.dist);
  const origin = await listen(server, 0);
  project.provide('siteOrigin', origin);
  project.provide('siteDist', paths.dist);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
