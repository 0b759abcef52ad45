/**
 * `npm run bench:webhook [-- --rounds N]`: publish → live, measured. Starts
 * a throwaway Strapi of cms/ seeded from content-cache/ and the webhook
 * service (npm run webhook) on temp folders, waits for its first (full)
 * build, then N times publishes a one-page edit through Strapi's REST API
 * and times, from the moment the webhook arrived at the service, until the
 * service serves the page's new HTML. Prints numbers; asserts nothing.
 */
import '../src/node/platform/require-project-node.js';
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

const rounds = Number(process.argv[process.argv.indexOf('--rounds') + 1]) || 5;
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
    for (let round = 1; round <= rounds; round += 1) {
      const marker = `Spa, edit ${round} (${randomBytes(3).toString('hex')})`;
      const n = service.queue.status().builds[0]!.n;
      await editor.publishSeoTitle(page!.documentId, 'en', marker);
      // Poll the served page every 10 ms until the edit is there.
      let servedAt = 0;
      for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
        const html = await fetch(`${service.origin}/services/spa`).then((r) => r.text());
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
      console.log(
        `  round ${round}: live ${(rows.at(-1)!.live / 1000).toFixed(2)} s after the webhook arrived (build ${(build.durationMs / 1000).toFixed(2)} s, ${build.mode}, ${build.pages?.changed} pages changed)`,
      );
    }
    const lives = rows.map((r) => r.live / 1000);
    console.log(`
Publish → live (one-page edit of the bundled site, ${rounds} rounds, webhook arrival → new HTML served)
  median ${median(lives).toFixed(2)} s   min ${Math.min(...lives).toFixed(2)} s   max ${Math.max(...lives).toFixed(2)} s
  build alone: median ${(median(rows.map((r) => r.build)) / 1000).toFixed(2)} s (the rest: 200 ms settle for bursts, Strapi's second event, polling)`);
  } finally {
    await service.close();
  }
} finally {
  await cms.stop();
  await rm(dir, { recursive: true, force: true });
}
