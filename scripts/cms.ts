/**
 * `npm run cms`: the editors' local CMS. Installs cms/ when its lockfile
 * changed (never part of the root's `npm ci`) and builds the admin panel when
 * missing or out of date (as `npm run cms:prepare`), makes its secrets once,
 * writes the schema from the block declarations, the publish gate's bundle of
 * the content checks (`npm run cms:checks`) and the seed from content-cache/
 * (used only by a database that was never seeded), starts Strapi on 127.0.0.1
 * and prints how to log in and how to build the site from it. Ctrl-C stops it.
 */
import '../src/node/platform/require-project-node.js';
import path from 'node:path';
import { projectPaths } from '../src/node/build/paths.js';
import { writeSchema, hasDrift } from '../src/node/cms-schema/sync.js';
import { syncGateBundle } from '../src/node/cms-gate/generate.js';
import { writeSeedFile } from '../src/node/cms-seed/write-seed.js';
import { CMS_DIR, cmsState } from '../src/node/cms-server/paths.js';
import { prepareCms } from '../src/node/cms-server/prepare.js';
import { ensureSecrets } from '../src/node/cms-server/secrets.js';
import { startCms } from '../src/node/cms-server/start.js';
import { loadConfig } from '../src/node/config/env.js';
import { loadServiceConfig } from '../src/node/config/service-env.js';
import { webhookSecrets } from '../src/node/webhook/secrets.js';
import { strapiLoopEnv } from '../src/node/webhook/service.js';

const services = loadServiceConfig();
const port = services.cmsPort;
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

// Installs cms/ and builds its admin panel when either is missing or out of date; says only what it did.
prepareCms(CMS_DIR, { quiet: true });
const state = cmsState(CMS_DIR, services.cmsState ?? undefined);
const { secrets, made } = ensureSecrets(state.envFile);
if (made) console.log(`✓ made the CMS secrets (${path.relative(process.cwd(), state.envFile)})`);
if (hasDrift(await writeSchema(CMS_DIR))) console.log('✓ wrote the CMS schema from the block declarations (npm run cms:schema)');
// The publish gate runs the build's checks as they are in this checkout (a few seconds, only when they changed).
const gate = await syncGateBundle(projectPaths().root);
if (gate.wrote) console.log(gate.line);
const seeded = await writeSeedFile(projectPaths().contentCache, state.seedFile, loadConfig().cmsLocales);
if (seeded.dropped.length > 0) console.warn(`⚠ content-cache/ holds what the schema cannot take (left out of the seed):\n  ${seeded.dropped.join('\n  ')}`);

// The editors' loop (docs/publishing.md): Strapi posts its webhooks to `npm run webhook` and links its preview there.
const webhookOrigin = `http://127.0.0.1:${services.webhookPort}`;
const loop = strapiLoopEnv(webhookOrigin, webhookSecrets({ work: services.cmsState ?? projectPaths().work }));

const since = Date.now();
const cms = await startCms({ cmsDir: CMS_DIR, port, admin: true, ...state, secrets, env: loop, log: (line) => process.stdout.write(`${line}\n`) }).catch((error: Error) => {
  console.error(`✗ ${error.message}`);
  process.exit(1);
});
// Ctrl-C stops Strapi too; set before the banner, so a Ctrl-C right after it is never lost.
const stop = async () => {
  await cms.stop();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
// The password only when this start made it (a new database or new secrets): not in every start's output.
const login = cms.adminPasswordNew
  ? `${cms.adminEmail} / ${cms.adminPassword} (shown once; kept in ${path.relative(process.cwd(), state.localFile)})`
  : `${cms.adminEmail} (password shown when it was made; it is in ${path.relative(process.cwd(), state.localFile)})`;
console.log(`
✓ Strapi is up in ${seconds(since)} at ${cms.url}

  Admin panel   ${cms.url}/admin
  Login         ${login}
  Build from it CMS_URL=${cms.url} CMS_TOKEN=${cms.token} npm run build
  Publishing    npm run webhook (in another terminal): rebuilds on each publish and serves the site at ${webhookOrigin}/
                Strapi's webhook → ${loop.MAREA_WEBHOOK_URL}; "Open preview" → ${loop.MAREA_PREVIEW_URL}
                every build's outcome: ${cms.url}/admin/plugins/marea (builds elsewhere: MAREA_REPORT_TOKEN=${cms.reportToken})

The content was seeded from content-cache/ on the first start only; your edits stay. Ctrl-C stops the CMS.`);
