/**
 * `npm run bench:cms`: the editors' CMS, measured. Installs cms/ when needed
 * (timed; `-- --reinstall` removes cms/node_modules first), starts a Strapi
 * from an empty database seeded from content-cache/ (timed, in a temp
 * folder), crawls it as the build does (time, requests, media) and prints the
 * peak RSS of Strapi over start and crawl. Prints numbers; asserts nothing.
 */
import '../src/node/platform/require-project-node.js';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { projectPaths } from '../src/node/build/paths.js';
import { ensureCmsInstalled } from '../src/node/cms-server/install.js';
import { CMS_DIR } from '../src/node/cms-server/paths.js';
import { startSeededCms } from '../src/node/cms-server/throwaway.js';
import { loadContent } from '../src/node/build/source.js';
import { PhaseRecorder } from '../src/node/build/task.js';
import { loadConfig } from '../src/node/config/env.js';

const strapiVersion = (JSON.parse(await readFile(path.join(CMS_DIR, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies['@strapi/strapi'];
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

if (process.argv.includes('--reinstall')) await rm(path.join(CMS_DIR, 'node_modules'), { recursive: true, force: true });
let since = performance.now();
const installed = ensureCmsInstalled(CMS_DIR);
const install = installed ? seconds(since) : 'already installed (run with -- --reinstall to time it)';

const dir = await mkdtemp(path.join(tmpdir(), 'marea-bench-cms-'));
try {
  since = performance.now();
  const cms = await startSeededCms(dir, { port: 1390 });
  const start = seconds(since);
  const afterStart = cms.rss();
  try {
    const lines: string[] = [];
    since = performance.now();
    const paths = projectPaths({ contentCache: path.join(dir, 'cache') });
    await loadContent(
      { config: loadConfig({ CMS_URL: cms.url, CMS_TOKEN: cms.token }), paths, strict: false, requireCms: true, log: (l) => lines.push(l) },
      new PhaseRecorder((l) => lines.push(l)),
    );
    const crawl = seconds(since);
    const crawled = lines.find((l) => l.includes('crawl'))?.trim() ?? '';
    console.log(`
CMS (Strapi ${strapiVersion}, cms/) on this machine
  install (npm ci in cms/)        ${install}
  start, empty database + seed    ${start}
  crawl of the seeded site        ${crawl}   ${crawled}
  Strapi RSS after start          ${mb(afterStart)}
  Strapi peak RSS (start + crawl) ${mb(cms.rss())}`);
  } finally {
    await cms.stop();
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
