/**
 * `npm run cms:prepare`: installs cms/ (Strapi 5, its own `npm ci`) and builds
 * its admin panel, each only when missing or out of date, and starts nothing.
 * `npm test` runs it beside the type check and the linters: the CMS's tests
 * would otherwise install and build it themselves, one after the other, with
 * a core idle (docs/testing.md, "Test time"). `npm run cms` does the same
 * before it starts Strapi.
 */
import '../src/node/platform/require-project-node.js';
import { ensureAdminBuilt } from '../src/node/cms-server/admin-build.js';
import { ensureCmsInstalled } from '../src/node/cms-server/install.js';
import { CMS_DIR } from '../src/node/cms-server/paths.js';

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

const since = Date.now();
console.log(ensureCmsInstalled(CMS_DIR) ? `✓ installed cms/ in ${seconds(since)}` : '✓ cms/ is installed');
const built = ensureAdminBuilt(CMS_DIR);
console.log(built === null ? "✓ the CMS's admin panel is built" : `✓ built the CMS's admin panel in ${built.toFixed(1)} s`);
