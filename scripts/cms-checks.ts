/**
 * `npm run cms:checks` (also run by `npm run cms:schema`): bundles the
 * build's content checks (src/node/cms-gate/entry.ts and all it imports,
 * npm packages included) into the Marea plugin of cms/, where the publish
 * gate runs them (cms/src/plugins/marea/server/parts/gate.js). Never edited
 * by hand: `-- --check` exits non-zero when the bundle's inputs changed
 * since it was written, as src/node/cms-gate/generate.test.ts does in
 * `npm test`; `-- --force` writes it even when they did not.
 */
import '../src/node/platform/require-project-node.js';
import { projectPaths } from '../src/node/build/paths.js';
import { syncGateBundle } from '../src/node/cms-gate/generate.js';

const { ok, line } = await syncGateBundle(projectPaths().root, { check: process.argv.includes('--check'), force: process.argv.includes('--force') });
(ok ? console.log : console.error)(line);
if (!ok) process.exit(1);
