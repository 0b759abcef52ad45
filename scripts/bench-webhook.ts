/**
 * `npm run bench:webhook [-- --rounds N]`: publish → live, measured, and the
 * service's memory over a long editing day. Starts a throwaway Strapi of
 * cms/ seeded from content-cache/ and the webhook service (npm run webhook)
 * in this process, on temp folders, waits for its first (full) build, then
 * N times (default 192) opens the draft preview and publishes a one-page
 * edit through Strapi's REST API, every 25th round also reading the whole
 * CMS again as a replaced media file does (200 builds in all), and times,
 * from the moment the webhook arrived at the service, until the service
 * serves the page's new HTML. Prints the times
 * and this process's peak RSS (the service's: Strapi is a child process)
 * after build 20 and after the last build, with the V8 heap after a full GC
 * when run with --expose-gc. Prints numbers; asserts nothing.
 */
import '../src/node/platform/require-project-node.js';
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { projectPaths, ROOT } from '../src/node/build/paths.js';
import { ensureCmsInstalled } from '../src/node/cms-server/install.js';
import { CMS_DIR } from '../src/node/cms-server/paths.js';
import { strapiEditor } from '../src/node/cms-server/editor.js';
import { startSeededCms } from '../src/node/cms-server/throwaway.js';
import { loadConfig } from '../src/node/config/env.js';
import { freePort } from '../src/node/platform/free-port.js';
import type { QueueStatus } from '../src/node/webhook/queue.js';
import { strapiLoopEnv } from '../src/node/webhook/service.js';
import { startWebhookService } from '../src/node/webhook/start.js';

const rounds = Number(process.argv[process.argv.indexOf('--rounds') + 1]) || 192;
const MB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const gc = (globalThis as { gc?: () => void }).gc;

/** This process's memory after a build: peak RSS so far (Linux maxRSS), RSS now, and the V8 heap (after a full GC when exposed). */
function memory() {
  gc?.();
  const heap = v8.getHeapStatistics();
  const usage = process.memoryUsage();
  return { peak: process.resourceUsage().maxRSS * 1024, rss: usage.rss, heap: heap.used_heap_size, external: usage.external, contexts: heap.number_of_native_contexts };
}
const memoryLine = (m: ReturnType<typeof memory>) =>
  `peak RSS ${MB(m.peak)}, RSS ${MB(m.rss)}, heap ${MB(m.heap)}${gc ? ' (after GC)' : ''}, external ${MB(m.external)}, ${m.contexts} V8 contexts`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const secrets = { webhook: randomBytes(24).toString('hex'), preview: randomBytes(24).toString('hex') };

ensureCmsInstalled(CMS_DIR);
const dir = await mkdtemp(path.join(tmpdir(), 'marea-bench-webhook-'));
const [cmsPort, servicePort] = [await freePort(), await freePort()];
const cms = await startSeededCms(dir, { port: cmsPort, env: strapiLoopEnv(`http://127.0.0.1:${servicePort}`, secrets) });
try {
  const paths = projectPaths({ dist: path.join(dir, 'dist'), builds: path.join(dir, 'builds'), contentCache: path.join(dir, 'content-cache') });
  await cp(path.join(ROOT, 'content-cache'), paths.contentCache, { recursive: true });
  const config = loadConfig({ CMS_URL: cms.url, CMS_TOKEN: cms.token });
  const service = await startWebhookService({ config: { ...config, cmsUrl: cms.url }, paths, secrets, port: servicePort });
  try {
    const started = performance.now();
    await service.queue.idle();
    const first = service.queue.status().builds[0]!;
    console.log(
      `First build (full, the whole CMS): ${(first.durationMs / 1000).toFixed(2)} s, ${first.pages?.added} pages (${((performance.now() - started) / 1000).toFixed(1)} s after start)`,
    );

    // Edits go through Strapi's REST API as an editor's would (a full-access token made through the admin API).
    const editor = await strapiEditor(cms.url, { email: cms.adminEmail, password: cms.adminPassword });
    const found = await editor.rest('GET', '/api/pages?locale=en&filters[slug][$eq]=services/spa&fields[0]=slug');
    const [page] = found.data as Array<{ documentId: string }>;

    const rows: Array<{ live: number; build: number; changed: number }> = [];
    const memoryAt = new Map<number, ReturnType<typeof memory>>([[1, memory()]]);
    for (let round = 1; round <= rounds; round += 1) {
      const marker = `Spa, edit ${round} (${randomBytes(3).toString('hex')})`;
      // As in the admin: the editor looks at the draft preview, then publishes.
      await fetch(await editor.previewUrl('api::page.page', page!.documentId, 'en')).then((r) => r.text());
      const n = service.queue.status().builds[0]!.n;
      await editor.publishSeoTitle(page!.documentId, 'en', marker);
      // Poll the served page every 10 ms until the edit is there.
      let servedAt = 0;
      for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
        // A kept-alive connection the server has just closed fails the request: that poll counts as "not yet".
        const html = await fetch(`${service.origin}/services/spa`).then(
          (r) => r.text(),
          () => '',
        );
        if (html.includes(marker)) {
          servedAt = Date.now();
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await service.queue.idle();
      const status = (await fetch(`${service.origin}/status`, { headers: { Authorization: `Bearer ${secrets.webhook}` } }).then((r) => r.json())) as QueueStatus;
      const build = status.builds.find((b) => b.n === n + 1);
      if (!servedAt || !build) throw new Error(`round ${round}: the edit was not served within 30 s`);
      rows.push({ live: servedAt - Date.parse(build.firstEventAt), build: build.durationMs, changed: build.pages?.changed ?? 0 });
      // Now and then the whole CMS is read again, as a replaced media file makes it (events.ts).
      if (round % 25 === 0) {
        service.queue.add({ kind: 'full', reason: 'bench: as after a media file is replaced', summary: 'media.update' });
        await service.queue.idle();
      }
      const now = memory();
      memoryAt.set(build.n, now);
      if (round <= 5 || build.n % 20 === 0 || round === rounds)
        console.log(
          `  build ${build.n}: live ${(rows.at(-1)!.live / 1000).toFixed(2)} s after the webhook arrived (build ${(build.durationMs / 1000).toFixed(2)} s, ${build.mode}, ${build.pages?.changed} pages changed); ${memoryLine(now)}`,
        );
    }
    const lives = rows.map((r) => r.live / 1000);
    console.log(`
Publish → live (one-page edit of the bundled site, ${rounds} rounds, webhook arrival → new HTML served)
  median ${median(lives).toFixed(2)} s   min ${Math.min(...lives).toFixed(2)} s   max ${Math.max(...lives).toFixed(2)} s
  build alone: median ${(median(rows.map((r) => r.build)) / 1000).toFixed(2)} s (the rest: 200 ms settle for bursts, Strapi's second event, polling)`);
    const last = Math.max(...memoryAt.keys());
    // A publish can make two builds (Strapi's second event): the first sample at or after build 20.
    const first20 = Math.min(...[...memoryAt.keys()].filter((n) => n >= Math.min(20, last)));
    const at20 = memoryAt.get(first20)!;
    const atLast = memoryAt.get(last)!;
    console.log(`
Memory of the service's process over ${last} builds (target: peak RSS after the last within 10% of after build 20)
  after build ${first20}: ${memoryLine(at20)}
  after build ${last}: ${memoryLine(atLast)}
  peak RSS grew ${(((atLast.peak - at20.peak) / at20.peak) * 100).toFixed(1)}%, heap ${MB(atLast.heap - at20.heap)}`);
  } finally {
    await service.close();
  }
} finally {
  await cms.stop();
  await rm(dir, { recursive: true, force: true });
}
