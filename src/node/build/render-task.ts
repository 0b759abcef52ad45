import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isMainThread, workerData } from 'node:worker_threads';
import type { ServerBundle } from '../../shared/render-contract.js';
import { pageRenderer, type PageJob } from './render.js';
import { compileTemplate } from './template.js';

/** What every render worker is started with (render-pool.ts). */
export interface RenderSetup {
  /** The SSR bundle (bundle.ts). */
  serverFile: string;
  /** The client build's index.html, hints added (bundle.ts `readTemplate`). */
  template: string;
  messages: Record<string, string>;
  chunks: [string, string[]][];
  /** The staging folder pages are written into. */
  dir: string;
}

/**
 * Renders batches of pages and writes each page's HTML and payload straight
 * to the staging folder, so no page's output travels back to the main thread
 * or stays in memory. Each batch resolves to the bytes it wrote.
 */
export async function batchRenderer(setup: RenderSetup): Promise<(jobs: PageJob[]) => Promise<number>> {
  const server = (await import(pathToFileURL(setup.serverFile).href)) as ServerBundle;
  const renderPage = pageRenderer(server.render, compileTemplate(setup.template), setup.messages, new Map(setup.chunks));
  const madeFolders = new Set<string>();
  const encoder = new TextEncoder();
  const write = (file: string, content: string): number => {
    const full = path.join(setup.dir, file);
    const folder = path.dirname(full);
    if (!madeFolders.has(folder)) {
      mkdirSync(folder, { recursive: true });
      madeFolders.add(folder);
    }
    // Encoded first: writeFileSync transcodes a string that holds any character above U+00FF (a dash, a curly quote) several times slower.
    const bytes = encoder.encode(content);
    writeFileSync(full, bytes);
    return bytes.length;
  };
  return async (jobs) => {
    let bytes = 0;
    for (const job of jobs) {
      bytes += write(job.htmlFile, await renderPage(job));
      if (job.payloadFile) bytes += write(job.payloadFile, job.json);
    }
    return bytes;
  };
}

/** In a render worker (worker-boot.mjs): the task every batch is handed to. */
export default isMainThread ? undefined : await batchRenderer((workerData as { setup: RenderSetup }).setup);
