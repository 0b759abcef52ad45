import { hash } from 'node:crypto';
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
  /** The render workers' bundle (bundle.ts): this module as plain JavaScript, which each worker thread loads. */
  workerFile: string;
  /** The client build's index.html, hints added (bundle.ts `readTemplate`). */
  template: string;
  messages: Record<string, string>;
  chunks: [string, string[]][];
  /** The staging folder pages are written into. */
  dir: string;
}

/** What a batch wrote: its bytes, and each file's SHA-256 (SHA256SUMS, checksums.ts) as `[file, hex]` pairs. */
export interface BatchWritten {
  bytes: number;
  hashes: [file: string, sha256: string][];
}

/**
 * Renders batches of pages and writes each page's HTML and payload straight
 * to the staging folder, so no page's output travels back to the main thread
 * or stays in memory; only its SHA-256, hashed from the bytes in hand, does.
 */
export async function batchRenderer(setup: RenderSetup): Promise<(jobs: PageJob[]) => Promise<BatchWritten>> {
  const server = (await import(pathToFileURL(setup.serverFile).href)) as ServerBundle;
  const renderPage = pageRenderer(server.render, compileTemplate(setup.template), setup.messages, new Map(setup.chunks));
  const madeFolders = new Set<string>();
  const encoder = new TextEncoder();
  // One buffer a thread that every page's HTML is encoded into, grown when a page needs more (docs/performance.md, "Engine round 3").
  let scratch = new Uint8Array(1 << 20);
  const encode = (content: string): Uint8Array => {
    // UTF-8 takes at most 3 bytes for each UTF-16 code unit.
    if (content.length * 3 > scratch.length) scratch = new Uint8Array(content.length * 3);
    return scratch.subarray(0, encoder.encodeInto(content, scratch).written);
  };
  const write = (file: string, content: string | Uint8Array, written: BatchWritten): void => {
    const full = path.join(setup.dir, file);
    const folder = path.dirname(full);
    if (!madeFolders.has(folder)) {
      mkdirSync(folder, { recursive: true });
      madeFolders.add(folder);
    }
    // Encoded first: writeFileSync transcodes a string that holds any character above U+00FF (a dash, a curly quote) several times slower.
    // Into the thread's buffer: `encodeInto` is one pass and allocates nothing, where `encode` measured twice the time (it sizes, then allocates and fills a new array).
    // The bytes are written and hashed before the next page is encoded.
    const bytes = typeof content === 'string' ? encode(content) : content;
    writeFileSync(full, bytes);
    written.bytes += bytes.length;
    written.hashes.push([file, hash('sha256', bytes)]);
  };
  return async (jobs) => {
    const written: BatchWritten = { bytes: 0, hashes: [] };
    for (const job of jobs) {
      write(job.htmlFile, await renderPage(job), written);
      if (job.payloadFile) write(job.payloadFile, job.payload, written);
    }
    return written;
  };
}

/** In a render worker (its bundle, `RenderSetup.workerFile`): the task every batch is handed to. */
export default isMainThread ? undefined : await batchRenderer((workerData as { setup: RenderSetup }).setup);
