import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { PageJob } from './render.js';
import { batchRenderer, type BatchWritten, type RenderSetup } from './render-task.js';

/** The heap limits (MB) of each render and normalise thread; a batch past them fails the build (docs/performance.md, "V8 tuning"). */
export const WORKER_HEAP = { maxOldGenerationSizeMb: 1024, maxYoungGenerationSizeMb: 48 };

/** Pages per message to a worker: few enough to keep every worker busy, enough to make messaging cheap. */
const BATCH = 16;
/** Below this many pages to render, starting workers (each imports the SSR bundle) costs more than it saves. */
const WORKERS_FROM_PAGES = 300;

export interface RenderPool {
  /** Queues a page; resolves once the queue has room (back-pressure: rendered pages never pile up). */
  add(job: PageJob): Promise<void>;
  /** Waits for every queued page; resolves to the bytes written and each written file's SHA-256 (by its path in the staging folder). */
  finish(): Promise<{ bytes: number; hashes: Map<string, string> }>;
  /** Stops the workers (also after a failure). */
  close(): Promise<void>;
  readonly threads: number;
}

/**
 * Renders and writes pages in worker threads (one per core) while the main
 * thread prepares the next payloads. At most two batches per worker are in
 * flight, so memory stays flat however large the site. Workers start only
 * once there is enough to render to pay for their start (each imports the
 * SSR bundle): a small site, or an incremental build of a few pages,
 * renders in the main thread.
 */
export function startRenderPool(setup: RenderSetup, threads = availableParallelism(), workersFrom = WORKERS_FROM_PAGES): RenderPool {
  let piscina: Piscina<PageJob[], BatchWritten> | null = null;
  let waiting: PageJob[] = [];
  const inFlight = new Set<Promise<void>>();
  let batch: PageJob[] = [];
  let bytes = 0;
  const hashes = new Map<string, string>();
  const take = (written: BatchWritten) => {
    bytes += written.bytes;
    for (const [file, sha] of written.hashes) hashes.set(file, sha);
  };
  let failure: unknown = null;

  const check = () => {
    if (failure) throw failure;
  };
  const dispatch = async (jobs: PageJob[]) => {
    while (inFlight.size >= threads * 2) await Promise.race(inFlight);
    check();
    // The payloads' bytes are moved to the thread (render.ts `PageJob`).
    const done: Promise<void> = piscina!.run(jobs, { transferList: jobs.map((job) => job.payload.buffer) }).then(
      (written) => take(written),
      (error: unknown) => void (failure ??= error),
    );
    const tracked = done.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  };
  const queue = async (job: PageJob) => {
    batch.push(job);
    if (batch.length < BATCH) return;
    const jobs = batch;
    batch = [];
    await dispatch(jobs);
  };

  return {
    get threads() {
      return piscina ? threads : 0;
    },
    async add(job) {
      check();
      if (piscina) return queue(job);
      waiting.push(job);
      if (threads < 2 || waiting.length < workersFrom) return;
      piscina = new Piscina<PageJob[], BatchWritten>({
        // Plain JavaScript (bundle.ts): a worker starts with Node alone, whatever runs the main thread (tsx, vitest).
        filename: pathToFileURL(setup.workerFile).href,
        workerData: { setup },
        execArgv: workerExecArgv(process.execArgv),
        minThreads: threads,
        maxThreads: threads,
        resourceLimits: WORKER_HEAP,
      });
      const started = waiting;
      waiting = [];
      for (const next of started) await queue(next);
    },
    async finish() {
      if (!piscina) {
        // Few pages: the main thread renders them (the SSR bundle is loaded here already).
        if (waiting.length > 0) take(await (await batchRenderer(setup))(waiting));
        waiting = [];
        return { bytes, hashes };
      }
      if (batch.length > 0) await dispatch(batch);
      batch = [];
      await Promise.all(inFlight);
      check();
      return { bytes, hashes };
    },
    async close() {
      await piscina?.destroy();
    },
  };
}

/**
 * The main thread's Node flags for a worker, less its module preloads
 * (`--import tsx`, tsx's own `--require`/`--import` pair): a worker loads one
 * file of plain JavaScript and needs no loader hooks. Less, too, the flags
 * Node refuses in a worker (`ERR_WORKER_INVALID_EXEC_ARGV`): V8's and the
 * process-wide ones, such as `--max-old-space-size` or `--expose-gc`, which
 * would otherwise stop the build as its first worker starts (a worker's heap
 * has its own limits: `WORKER_HEAP`). Other flags (`--cpu-prof`, say) are kept.
 */
export function workerExecArgv(execArgv: readonly string[]): string[] {
  const preload = /^(--import|--require|-r|--loader|--experimental-loader)(=|$)/;
  const kept: string[] = [];
  for (let i = 0; i < execArgv.length; i += 1) {
    const match = preload.exec(execArgv[i]!);
    // Each flag with those kept before it: some only go with another (`--cpu-prof-dir` with `--cpu-prof`).
    if (!match) {
      if (acceptedInWorker([...kept, execArgv[i]!])) kept.push(execArgv[i]!);
    }
    // `--import x`: the value is the next argument.
    else if (match[2] === '') i += 1;
  }
  return kept;
}

const acceptance = new Map<string, boolean>();

/** Whether Node starts a worker with these flags: asked of Node once (a refused list throws before any thread starts; an accepted one is stopped at once). */
function acceptedInWorker(flags: string[]): boolean {
  const key = flags.join('\0');
  let known = acceptance.get(key);
  if (known === undefined) {
    try {
      void new Worker('', { eval: true, execArgv: flags, stdout: true, stderr: true }).terminate();
      known = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ERR_WORKER_INVALID_EXEC_ARGV') throw error;
      known = false;
    }
    acceptance.set(key, known);
  }
  return known;
}
