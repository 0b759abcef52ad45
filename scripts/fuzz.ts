/**
 * npm run fuzz [-- --runs N --seed S --budget MS]: property-based fuzzing of
 * the content edge. Generates malformed CMS documents
 * (src/node/content/fuzz.ts), normalises each and builds its payloads, and
 * prints cases run, crashes, hangs, issues by code and the seed. The cases
 * run in a worker thread: a case slower than the budget fails the property
 * (a hang, shrunk like a crash); one that never returns is stopped by
 * killing the worker, and the document is written to a file. Exits 1 on any
 * crash or hang, printing the shrunk counterexample.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import fc from 'fast-check';
import { checkSite, rawSiteArbitrary } from '../src/node/content/fuzz.js';

interface Options {
  runs: number;
  seed: number;
  /** A case slower than this (ms) is a hang. */
  budget: number;
}

type Message =
  | { type: 'start'; index: number; shrinking: boolean }
  | { type: 'end'; ms: number }
  | {
      type: 'done';
      runs: number;
      failed: boolean;
      hang: boolean;
      counterexample: string | null;
      error: string | null;
      issues: Record<string, number>;
      pages: number;
      slowest: number;
    };

/** Shrink attempts after a failure (each may take up to the budget for a hang). */
const MAX_SHRINKS = 300;

/** How long a case may run before the worker is killed: well past the budget, so the budget check fires first. */
const hardLimit = (budget: number) => Math.max(budget * 6, 30_000);

if (isMainThread) await main();
else runCases(workerData as Options);

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '10000' }, seed: { type: 'string' }, budget: { type: 'string', default: '5000' } } });
  const options: Options = {
    runs: Number(values.runs),
    seed: values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed),
    budget: Number(values.budget),
  };
  if (![options.runs, options.seed, options.budget].every(Number.isInteger)) {
    console.error('usage: npm run fuzz [-- --runs N --seed S --budget MS]');
    process.exit(2);
  }
  console.log(`fuzz: ${options.runs} documents, seed ${options.seed}, budget ${options.budget} ms per case`);
  const started = performance.now();
  const worker = new Worker(new URL(import.meta.url), { workerData: options, execArgv: ['--import', 'tsx'] });
  let current: { index: number; since: number } | null = null;
  let shrinking = false;
  const result = await new Promise<Extract<Message, { type: 'done' }> | { type: 'killed'; index: number } | { type: 'error'; error: string }>((resolve) => {
    const watchdog = setInterval(() => {
      if (current && performance.now() - current.since > hardLimit(options.budget)) {
        clearInterval(watchdog);
        const index = current.index;
        void worker.terminate().then(() => resolve({ type: 'killed', index }));
      }
    }, 1_000);
    worker.on('message', (message: Message) => {
      if (message.type === 'start') {
        current = { index: message.index, since: performance.now() };
        if (message.shrinking && !shrinking) {
          shrinking = true;
          console.log(`  … a case failed after ${message.index} cases: shrinking it (at most ${MAX_SHRINKS} attempts)`);
        } else if (!message.shrinking && message.index > 0 && message.index % 1000 === 0) {
          console.log(`  … ${message.index} cases, ${((performance.now() - started) / 1000).toFixed(0)} s`);
        }
      } else if (message.type === 'end') current = null;
      else {
        clearInterval(watchdog);
        resolve(message);
      }
    });
    worker.on('error', (error) => {
      clearInterval(watchdog);
      resolve({ type: 'error', error: error.stack ?? String(error) });
    });
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);

  if (result.type === 'error') {
    console.log(`cases run: unknown\ncrashes: 1 (the worker died)\nhangs: 0\ntime: ${seconds} s\nseed: ${options.seed}\n${result.error}`);
    process.exit(1);
  }
  if (result.type === 'killed') {
    // The same seed gives the same documents in the same order (fast-check), so the killed case can be made again.
    const document = fc.sample(rawSiteArbitrary, { seed: options.seed, numRuns: result.index + 1 })[result.index];
    const file = join(mkdtempSync(join(tmpdir(), 'marea-fuzz-')), `hang-${options.seed}-${result.index}.json`);
    writeFileSync(
      file,
      serialise(() => JSON.stringify(document, null, 2)),
    );
    console.log(`cases run: ${result.index}\ncrashes: 0\nhangs: 1 (case ${result.index} still running after ${hardLimit(options.budget)} ms: worker killed)`);
    console.log(`time: ${seconds} s\nseed: ${options.seed}\nthe document: ${file}`);
    process.exit(1);
  }
  const crashes = result.failed && !result.hang ? 1 : 0;
  const hangs = result.hang ? 1 : 0;
  console.log(`cases run: ${result.runs}`);
  console.log(`crashes: ${crashes}`);
  console.log(`hangs: ${hangs} (budget ${options.budget} ms per case; slowest ${result.slowest.toFixed(0)} ms)`);
  console.log(`pages built: ${result.pages}`);
  console.log(`time: ${seconds} s`);
  console.log(`seed: ${options.seed}`);
  console.log('issues by code:');
  for (const [code, count] of Object.entries(result.issues).sort((a, b) => b[1] - a[1])) console.log(`  ${code.padEnd(22)} ${count}`);
  if (result.failed) {
    console.log(`\n${hangs ? 'HANG' : 'CRASH'}: ${result.error}`);
    console.log(`shrunk counterexample:\n${result.counterexample}`);
    console.log(`\nreplay: npm run fuzz -- --runs ${options.runs} --seed ${options.seed}`);
    process.exit(1);
  }
}

/** In the worker: fast-check's runner over the documents, reporting each case's start and end to the main thread. */
function runCases({ runs, seed, budget }: Options): void {
  const port = parentPort!;
  const issues: Record<string, number> = {};
  let index = 0;
  let pages = 0;
  let slowest = 0;
  let failing = false;
  let hang = false;
  let shrinks = 0;
  const result = fc.check(
    fc.property(rawSiteArbitrary, (site) => {
      // Shrinking re-runs smaller variants of the failing case; after enough of them the smallest failure so far is reported.
      if (failing && ++shrinks > MAX_SHRINKS) return;
      port.postMessage({ type: 'start', index: index++, shrinking: failing } satisfies Message);
      const started = performance.now();
      let outcome;
      try {
        outcome = checkSite(site);
      } catch (error) {
        failing = true;
        throw error;
      }
      const ms = performance.now() - started;
      port.postMessage({ type: 'end', ms } satisfies Message);
      if (ms > budget) {
        failing = true;
        hang = true;
        throw new Error(`the case took ${ms.toFixed(0)} ms (budget ${budget} ms)`);
      }
      // Shrinking re-runs smaller variants of a failing case: only the cases before a failure are counted.
      if (!failing) {
        slowest = Math.max(slowest, ms);
        pages += outcome.pages;
        for (const issue of outcome.issues) issues[issue.code] = (issues[issue.code] ?? 0) + 1;
      }
    }),
    { numRuns: runs, seed },
  );
  const counterexample = result.counterexample ? truncate(serialise(() => fc.stringify(result.counterexample![0]))) : null;
  const error = result.errorInstance instanceof Error ? (result.errorInstance.stack ?? result.errorInstance.message) : result.failed ? String(result.errorInstance) : null;
  port.postMessage({
    type: 'done',
    runs: result.failed ? result.numRuns : runs,
    failed: result.failed,
    hang,
    counterexample,
    error,
    issues,
    pages,
    slowest,
  } satisfies Message);
}

function truncate(text: string): string {
  return text.length > 20_000 ? `${text.slice(0, 20_000)}… (${text.length} characters)` : text;
}

/** A document nested deeper than the serialiser's recursion can follow is said so rather than crashing the report. */
function serialise(write: () => string): string {
  try {
    return write();
  } catch (error) {
    return `(the document could not be serialised: ${error instanceof Error ? error.message : String(error)})`;
  }
}
