/**
 * `npm run webhook`: the editors' loop. Listens on 127.0.0.1:WEBHOOK_PORT
 * (default 4174) for Strapi's webhooks, rebuilds (incrementally) and
 * publishes dist/ after each publish/unpublish/delete/media change, reports
 * builds at /status, renders drafts at /preview, and serves the published
 * site at the same address. With no CMS_URL it uses the local CMS of
 * `npm run cms` (its token in cms/.tmp/marea-local.json).
 */
import '../src/node/platform/require-project-node.js';
import { existsSync, readFileSync } from 'node:fs';
import { projectPaths } from '../src/node/build/paths.js';
import { cmsState, CMS_DIR } from '../src/node/cms-server/paths.js';
import { ConfigError, loadConfig } from '../src/node/config/env.js';
import { loadServiceConfig } from '../src/node/config/service-env.js';
import { HOOK_PATH } from '../src/node/webhook/service.js';
import { webhookSecrets } from '../src/node/webhook/secrets.js';
import { startWebhookService } from '../src/node/webhook/start.js';

const stamp = () => new Date().toISOString().slice(11, 19);
const log = (line: string) => console.log(`${stamp()} ${line}`);

const services = (() => {
  try {
    return loadServiceConfig();
  } catch (error) {
    console.error(`✗ ${(error as Error).message}`);
    process.exit(1);
  }
})();
const local = cmsState(CMS_DIR, services.cmsState ?? undefined).localFile;
if (!process.env.CMS_URL?.trim() && existsSync(local)) {
  const { token, reportToken } = JSON.parse(readFileSync(local, 'utf8')) as { token: string; reportToken?: string };
  process.env.CMS_URL = `http://127.0.0.1:${services.cmsPort}`;
  process.env.CMS_TOKEN ??= token;
  // Each build's report goes to the CMS's Publishing page (docs/publishing.md).
  if (reportToken) process.env.MAREA_REPORT_TOKEN ??= reportToken;
  log(`CMS_URL is not set: using the local CMS of npm run cms (${process.env.CMS_URL})`);
}

try {
  const config = loadConfig();
  if (!config.cmsUrl)
    throw new ConfigError([
      { key: 'CMS_URL', expected: 'the CMS to rebuild from (npm run webhook needs one: set CMS_URL and CMS_TOKEN, or start the local CMS with npm run cms)', received: undefined },
    ]);
  const paths = projectPaths();
  const secrets = webhookSecrets({ work: services.cmsState ?? paths.work });
  const service = await startWebhookService({ config: { ...config, cmsUrl: config.cmsUrl }, paths, secrets, port: services.webhookPort, host: services.webhookHost, log });
  const stop = async () => {
    log('stopping after the running build…');
    await service.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  console.log(`
✓ Marea webhook service at ${service.origin}

  Webhook      POST ${service.origin}${HOOK_PATH}   (header Authorization: Bearer <WEBHOOK_SECRET>)
  Status       curl -H "Authorization: Bearer <WEBHOOK_SECRET>" ${service.origin}/status
  Reports      ${config.reportToken ? `each build's report → ${config.cmsUrl} (the admin's Publishing page)` : 'none: set MAREA_REPORT_TOKEN to the CMS’s report token to see builds in its Publishing page'}
  Site         ${service.origin}/ and ${service.origin}/es (the published dist/)
  Secrets      ${services.webhookSecret ? 'from WEBHOOK_SECRET / PREVIEW_SECRET' : 'in .marea/webhook-secrets.json (npm run cms registers them with Strapi)'}

Building the site from ${config.cmsUrl} once now; then after each publish. Ctrl-C stops.`);
} catch (error) {
  console.error(`✗ ${(error as Error).message}`);
  process.exit(1);
}
