/**
 * `npm run cms:doctor`: tells what the Strapi at CMS_URL lacks for the site
 * (content types, fields, locales, the token's reach; through the Marea
 * plugin: the model field by field, the webhook, the report token), each with
 * how to fix it, and what it could not check (docs/own-strapi.md). Exits 1
 * when anything is missing.
 */
import '../src/node/platform/require-project-node.js';
import { ConfigError, loadConfig } from '../src/node/config/env.js';
import { diagnose, formatFindings } from '../src/node/cms-doctor/doctor.js';

try {
  const config = loadConfig();
  if (!config.cmsUrl || !config.cmsToken) {
    console.error('✗ CMS_URL and CMS_TOKEN must name the Strapi to check and the build’s API token. Example: CMS_URL=https://cms.example.com CMS_TOKEN=… npm run cms:doctor');
    process.exit(1);
  }
  console.log(`Checking ${config.cmsUrl} for what the site needs`);
  const findings = await diagnose({ cmsUrl: config.cmsUrl, token: config.cmsToken, cmsLocales: config.cmsLocales, maxBytes: config.cmsMaxBytes });
  console.log(formatFindings(findings));
  const failed = findings.filter((f) => f.verdict === 'fail').length;
  const unknown = findings.filter((f) => f.verdict === 'unknown').length;
  console.log(failed === 0 ? `✓ this Strapi has what the site needs${unknown ? ` (${unknown} not checked, above)` : ''}` : `✗ ${failed} thing${failed === 1 ? '' : 's'} to fix`);
  process.exit(failed === 0 ? 0 : 1);
} catch (error) {
  console.error(`✗ ${error instanceof ConfigError ? error.message : ((error as Error).stack ?? String(error))}`);
  process.exit(1);
}
