/**
 * `npm run cms:schema`: writes the Strapi schema of `cms/` (components and
 * content types) from the block declarations (src/shared/blocks/,
 * src/shared/modal-items/) and the entity list (src/node/cms-schema/). The CMS
 * model is never edited by hand: `-- --check` exits non-zero when `cms/`
 * differs, as src/node/cms-schema/generate.test.ts does in `npm test`.
 * The publish gate's bundle of the content checks is part of what it
 * writes and checks (`npm run cms:checks`, src/node/cms-gate/generate.ts).
 */
import '../src/node/platform/require-project-node.js';
import path from 'node:path';
import { projectPaths } from '../src/node/build/paths.js';
import { hasDrift, schemaDrift, writeSchema, type SchemaDrift } from '../src/node/cms-schema/sync.js';
import { syncGateBundle } from '../src/node/cms-gate/generate.js';

const cmsDir = path.join(projectPaths().root, 'cms');
const describe = (drift: SchemaDrift) =>
  [...drift.missing.map((f) => `  missing  cms/${f}`), ...drift.changed.map((f) => `  changed  cms/${f}`), ...drift.extra.map((f) => `  extra    cms/${f}`)].join('\n');

if (process.argv.includes('--check')) {
  const drift = await schemaDrift(cmsDir);
  if (hasDrift(drift)) {
    console.error(`✗ cms/ differs from the block declarations: run \`npm run cms:schema\`.\n${describe(drift)}`);
    process.exit(1);
  }
  console.log('✓ cms/ schema matches the block declarations');
} else {
  const drift = await writeSchema(cmsDir);
  console.log(hasDrift(drift) ? `✓ wrote the cms/ schema\n${describe(drift)}` : '✓ cms/ schema is up to date');
}

const checks = await syncGateBundle(projectPaths().root, { check: process.argv.includes('--check') });
(checks.ok ? console.log : console.error)(checks.line);
if (!checks.ok) process.exit(1);
