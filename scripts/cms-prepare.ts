/**
 * `npm run cms:prepare`: installs cms/ (Strapi 5, its own `npm ci`) and builds
 * its admin panel, each only when missing or out of date, and starts nothing.
 * `npm test` runs it beside the type check and the linters: the CMS's tests
 * would otherwise install and build it themselves, one after the other, with
 * a core idle (docs/testing.md, "Test time"). `npm run cms` does the same
 * before it starts Strapi.
 */
import '../src/node/platform/require-project-node.js';
import { CMS_DIR } from '../src/node/cms-server/paths.js';
import { prepareCms } from '../src/node/cms-server/prepare.js';

prepareCms(CMS_DIR);
