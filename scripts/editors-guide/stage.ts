/**
 * The editors' guide's stage (scripts/editors-guide.ts): a throwaway Strapi of
 * cms/ with its admin panel, seeded from content-cache/ plus one Spanish page
 * that takes the path of another (what a seed or import can bring past the
 * publish gate, so the guide can show a page held back, rule 13), and the
 * webhook service building the site after every publish and reporting each
 * build to the CMS. Everything in a temp folder; `stop()` removes it.
 */
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { projectPaths, ROOT } from '../../src/node/build/paths.js';
import { ensureAdminBuilt } from '../../src/node/cms-server/admin-build.js';
import { ensureCmsInstalled } from '../../src/node/cms-server/install.js';
import { CMS_DIR } from '../../src/node/cms-server/paths.js';
import type { RunningCms } from '../../src/node/cms-server/start.js';
import { startSeededCms } from '../../src/node/cms-server/throwaway.js';
import { loadConfig } from '../../src/node/config/env.js';
import { freePort } from '../../src/node/platform/free-port.js';
import { strapiLoopEnv } from '../../src/node/webhook/service.js';
import { startWebhookService, type RunningWebhookService } from '../../src/node/webhook/start.js';

/** The page the seed brings with the path of "Contacto": held back by every build until an editor fixes it. */
export const HELD_BACK = { title: 'Contacto (copia)', documentId: 'guideduplicate0000000000' };

export interface Stage {
  readonly cms: RunningCms;
  readonly service: RunningWebhookService;
  stop(): Promise<void>;
}

async function seedWithDuplicate(target: string): Promise<string> {
  await cp(path.join(ROOT, 'content-cache'), target, { recursive: true });
  const file = path.join(target, 'api', 'pages.es-MX.json');
  const json = JSON.parse(await readFile(file, 'utf8')) as { data: Array<Record<string, unknown>> };
  const contact = json.data.find((page) => page.slug === 'contacto')!;
  json.data.push({ ...contact, id: 9901, documentId: HELD_BACK.documentId, title: HELD_BACK.title, localizations: [] });
  await writeFile(file, JSON.stringify(json));
  return target;
}

export async function startStage(log: (line: string) => void): Promise<Stage> {
  ensureCmsInstalled(CMS_DIR);
  const built = ensureAdminBuilt(CMS_DIR, log);
  if (built !== null) log(`✓ admin panel built in ${built.toFixed(1)} s`);
  const dir = await mkdtemp(path.join(tmpdir(), 'marea-editors-guide-'));
  const secrets = { webhook: randomBytes(24).toString('hex'), preview: randomBytes(24).toString('hex') };
  const [cmsPort, servicePort] = [await freePort(), await freePort()];
  const contentCache = await seedWithDuplicate(path.join(dir, 'seed-content'));
  const cms = await startSeededCms(dir, { port: cmsPort, admin: true, contentCache, env: strapiLoopEnv(`http://127.0.0.1:${servicePort}`, secrets) });
  const paths = projectPaths({ dist: path.join(dir, 'dist'), builds: path.join(dir, 'builds'), contentCache: path.join(dir, 'content-cache') });
  await cp(path.join(ROOT, 'content-cache'), paths.contentCache, { recursive: true });
  const config = loadConfig({ CMS_URL: cms.url, CMS_TOKEN: cms.token, MAREA_REPORT_TOKEN: cms.reportToken });
  const service = await startWebhookService({ config: { ...config, cmsUrl: cms.url }, paths, secrets, port: servicePort });
  await service.queue.idle();
  return {
    cms,
    service,
    stop: async () => {
      await service.close();
      await cms.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
