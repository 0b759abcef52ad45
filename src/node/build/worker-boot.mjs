/**
 * A worker thread's entry (src/node/build/render-pool.ts): registers tsx so
 * the worker can load the TypeScript task module named in its `workerData`,
 * whatever started the main thread (tsx, vitest or plain Node), and hands
 * every task to that module's default export.
 */
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register();
const task = await import(workerData.taskModule);

export default (input) => task.default(input);
