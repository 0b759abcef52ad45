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
 *
 * `--pages N` (synthetic mode): the CMS is a fake Strapi 5 in a child process
 * (src/node/bench/fake-strapi.ts) serving the bench's synthetic site of N
 * slugs (2N + 2 pages: N = 5000 gives 10,002), which it writes first; the
 * service's working folder is a temp one too (the Vite bundles and image
 * renditions still come from .marea/). Each of N rounds (default 10) publishes
 * a new SEO title of one page in the fake, which posts Strapi's signed
 * `entry.publish` webhook to the service. Prints the first build's time, the
 * publish → live times, and the peak RSS after the first build and at the end.
 */
import '../src/node/platform/require-project-node.js';
import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import { spawnFakeStrapi } from '../src/node/bench/fake-strapi.js';
import { projectPaths, ROOT, type ProjectPaths } from '../src/node/build/paths.js';
import { ensureCmsInstalled } from '../src/node/cms-server/install.js';
import { CMS_DIR } from '../src/node/cms-server/paths.js';
import { strapiEditor } from '../src/node/cms-server/editor.js';
import { startSeededCms } from '../src/node/cms-server/throwaway.js';
import { loadConfig } from '../src/node/config/env.js';
import { freePort } from '../src/node/platform/free-port.js';
import type { QueueStatus } from '../src/node/webhook/queue.js';
import { strapiLoopEnv } from '../src/node/webhook/service.js';
import { startWebhookService } from '../src/node/webhook/start.js';

const { values } = parseArgs({ options: { rounds: { type: 'string' }, pages: { type: 'string' } } });
const slugs = values.pages === undefined ? null : Number(values.pages);
const rounds = values.rounds === undefined ? (slugs ? 10 : 192) : Number(values.rounds);
if ((slugs !== null && (!Number.isInteger(slugs) || slugs < 1)) || !Number.isInteger(rounds) || rounds < 1) {
  console.error(`--pages and --rounds must be positive whole numbers, got "${values.pages}" and "${values.rounds}"`);
  process.exit(1);
}
const MB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
/** CPU time of this process (every thread: the service's builds; the CMS is another process) since `since`, in ms. */
const cpuMs = (since: NodeJS.CpuUsage) => {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1000;
};
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
/** The V8 profiler on this process (node:inspector), started now; `stop` writes the profile into a folder and names the file. */
async function startProfile(): Promise<{ stop: (folder: string) => Promise<string> }> {
  const session = new Session();
  session.connect();
  const post = (method: string) => new Promise<unknown>((resolve, reject) => session.post(method, (error, result) => (error ? reject(error) : resolve(result))));
  await post('Profiler.enable');
  await post('Profiler.start');
  return {
    stop: async (folder) => {
      const { profile } = (await post('Profiler.stop')) as { profile: unknown };
      session.disconnect();
      await mkdir(folder, { recursive: true });
      const file = path.join(folder, `bench-webhook-${Date.now()}.cpuprofile`);
      await writeFile(file, JSON.stringify(profile));
      return file;
    },
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const secrets = { webhook: randomBytes(24).toString('hex'), preview: randomBytes(24).toString('hex') };

/** The CMS a run publishes through: the real Strapi or the fake one. */
interface BenchCms {
  readonly url: string;
  readonly token: string;
  /** What the site measured is, for the summary. */
  readonly site: string;
  /** The service's folders (temp ones: nothing of the repository's is written). */
  readonly paths: ProjectPaths;
  /** The page edited each round, found once the first build is done. */
  editor(): Promise<Editor>;
  stop(): Promise<void>;
}

interface Editor {
  /** The page's address on the site. */
  readonly path: string;
  /** Publishes the page with `marker` as its SEO title (as an editor in the admin would, draft preview first where there is one). */
  publish(marker: string): Promise<void>;
}

/** A throwaway Strapi of cms/ seeded from content-cache/ (the bundled site); the service in .marea/ as before. */
async function seededStrapi(dir: string, servicePort: number): Promise<BenchCms> {
  ensureCmsInstalled(CMS_DIR);
  const cms = await startSeededCms(dir, { port: await freePort(), env: strapiLoopEnv(`http://127.0.0.1:${servicePort}`, secrets) });
  const paths = projectPaths({ dist: path.join(dir, 'dist'), builds: path.join(dir, 'builds'), contentCache: path.join(dir, 'content-cache') });
  await cp(path.join(ROOT, 'content-cache'), paths.contentCache, { recursive: true });
  return {
    url: cms.url,
    token: cms.token,
    site: 'the bundled site',
    paths,
    async editor() {
      // Edits go through Strapi's REST API as an editor's would (a full-access token made through the admin API).
      const editor = await strapiEditor(cms.url, { email: cms.adminEmail, password: cms.adminPassword });
      const found = await editor.rest('GET', '/api/pages?locale=en&filters[slug][$eq]=services/spa&fields[0]=slug');
      const [page] = found.data as Array<{ documentId: string }>;
      return {
        path: '/services/spa',
        async publish(marker) {
          // As in the admin: the editor looks at the draft preview, then publishes.
          await fetch(await editor.previewUrl('api::page.page', page!.documentId, 'en')).then((r) => r.text());
          await editor.publishSeoTitle(page!.documentId, 'en', marker);
        },
      };
    },
    stop: () => cms.stop(),
  };
}

/**
 * The fake Strapi (a child process) serving `pages` synthetic slugs, which it writes into `dir/content` first;
 * the service seeds its working copy from there, in `dir/work`, with the Vite bundles and image renditions of .marea/.
 */
async function syntheticStrapi(dir: string, servicePort: number, pages: number): Promise<BenchCms> {
  const contentDir = path.join(dir, 'content');
  const token = randomBytes(24).toString('hex');
  const fake = await spawnFakeStrapi({ contentDir, slugs: pages, port: await freePort(), token, env: strapiLoopEnv(`http://127.0.0.1:${servicePort}`, secrets) });
  console.log(`Synthetic site of ${pages} slugs (${2 * pages + 2} pages) written in ${seconds(fake.writeMs ?? 0)}; the fake Strapi serves it at ${fake.url} (pid ${fake.pid})`);
  const work = path.join(dir, 'work');
  await mkdir(work, { recursive: true });
  for (const shared of ['bundle', 'media']) {
    await mkdir(path.join(ROOT, '.marea', shared), { recursive: true });
    await symlink(path.join(ROOT, '.marea', shared), path.join(work, shared));
  }
  return {
    url: fake.url,
    token,
    site: `the synthetic site of ${2 * pages + 2} pages`,
    paths: projectPaths({ dist: path.join(dir, 'dist'), builds: path.join(dir, 'builds'), contentCache: contentDir, work }),
    async editor() {
      // The second page by id: the first page of the slugs (the home page is first).
      const query = '/api/pages?locale=en&sort[0]=id:asc&pagination[page]=2&pagination[pageSize]=1&fields[0]=slug';
      const found = (await fetch(`${fake.url}${query}`, { headers: { Authorization: `Bearer ${token}` } }).then((r) => r.json())) as {
        data: Array<{ documentId: string; slug: string }>;
      };
      const [page] = found.data;
      return {
        path: `/${page!.slug}`,
        async publish(marker) {
          const published = await fake.publish({ documentId: page!.documentId, locale: 'en', set: { 'seo.metaTitle': marker } });
          if (published.webhook !== 202) throw new Error(`the service answered the webhook with ${published.webhook}`);
        },
      };
    },
    stop: () => fake.stop(),
  };
}

const dir = await mkdtemp(path.join(tmpdir(), 'marea-bench-webhook-'));
const servicePort = await freePort();
const cms = slugs ? await syntheticStrapi(dir, servicePort, slugs) : await seededStrapi(dir, servicePort);
try {
  const config = loadConfig({ CMS_URL: cms.url, CMS_TOKEN: cms.token });
  const service = await startWebhookService({ config: { ...config, cmsUrl: cms.url }, paths: cms.paths, secrets, port: servicePort });
  try {
    const started = performance.now();
    const startCpu = process.cpuUsage();
    await service.queue.idle();
    const firstCpu = cpuMs(startCpu);
    const first = service.queue.status().builds[0]!;
    if (first.result !== 'published') throw new Error(`the first build did not publish: ${JSON.stringify(first).slice(0, 2000)}`);
    const afterFirst = memory();
    console.log(
      `First build (full, the whole CMS): ${seconds(first.durationMs)}, ${first.pages?.added} pages (${((performance.now() - started) / 1000).toFixed(1)} s after start, ${seconds(firstCpu)} of CPU); ${memoryLine(afterFirst)}`,
    );

    // BENCH_PROFILE=<folder>: a CPU profile of the rounds alone (the first build left out), written there as .cpuprofile.
    const profile = process.env.BENCH_PROFILE ? await startProfile() : null;
    const editor = await cms.editor();
    const rows: Array<{ live: number; build: number; changed: number; cpu: number }> = [];
    const memoryAt = new Map<number, ReturnType<typeof memory>>([[1, afterFirst]]);
    for (let round = 1; round <= rounds; round += 1) {
      const marker = `Edit ${round} (${randomBytes(3).toString('hex')})`;
      const n = service.queue.status().builds[0]!.n;
      const roundCpu = process.cpuUsage();
      await editor.publish(marker);
      // Poll the served page every 10 ms until the edit is there.
      let servedAt = 0;
      for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
        // A kept-alive connection the server has just closed fails the request: that poll counts as "not yet".
        const html = await fetch(`${service.origin}${editor.path}`).then(
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
      rows.push({ live: servedAt - Date.parse(build.firstEventAt), build: build.durationMs, changed: build.pages?.changed ?? 0, cpu: cpuMs(roundCpu) });
      // Now and then the whole CMS is read again, as a replaced media file makes it (events.ts).
      if (round % 25 === 0) {
        service.queue.add({ kind: 'full', reason: 'bench: as after a media file is replaced', summary: 'media.update' });
        await service.queue.idle();
      }
      const now = memory();
      memoryAt.set(build.n, now);
      if (round <= 5 || build.n % 20 === 0 || round === rounds)
        console.log(
          `  build ${build.n}: live ${seconds(rows.at(-1)!.live)} after the webhook arrived (build ${seconds(build.durationMs)}, ${seconds(rows.at(-1)!.cpu)} of CPU, ${build.mode}, ${build.pages?.changed} pages changed); ${memoryLine(now)}`,
        );
    }
    if (profile) console.log(`CPU profile of the rounds: ${await profile.stop(process.env.BENCH_PROFILE!)}`);
    const lives = rows.map((r) => r.live / 1000);
    console.log(`
Publish → live (one-page edit of ${cms.site}, ${rounds} rounds, webhook arrival → new HTML served)
  median ${median(lives).toFixed(2)} s   min ${Math.min(...lives).toFixed(2)} s   max ${Math.max(...lives).toFixed(2)} s
  build alone: median ${seconds(median(rows.map((r) => r.build)))} (the rest: 200 ms settle for bursts, Strapi's second event, polling)
  CPU time of this process a round (publish to the queue idle): median ${seconds(median(rows.map((r) => r.cpu)))}`);
    const last = Math.max(...memoryAt.keys());
    // Against build 20 on a long day (a publish can make two builds, Strapi's second event: the first sample at or after it), else against the first build.
    const reference = last >= 20 ? Math.min(...[...memoryAt.keys()].filter((n) => n >= 20)) : 1;
    const atReference = memoryAt.get(reference)!;
    const atLast = memoryAt.get(last)!;
    console.log(`
Memory of the service's process over ${last} builds${reference === 1 ? '' : ' (target: peak RSS after the last within 10% of after build 20)'}
  after build ${reference}${reference === 1 ? ' (the first, full)' : ''}: ${memoryLine(atReference)}
  after build ${last}: ${memoryLine(atLast)}
  peak RSS grew ${(((atLast.peak - atReference.peak) / atReference.peak) * 100).toFixed(1)}%, heap ${MB(atLast.heap - atReference.heap)}`);
  } finally {
    await service.close();
  }
} finally {
  await cms.stop();
  await rm(dir, { recursive: true, force: true });
}
