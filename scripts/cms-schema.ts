/**
 * `npm run cms:schema`: writes the Strapi schema of `cms/` (components and
 * content types) from the block declarations (src/shared/blocks/,
 * src/shared/modal-items/) and the entity list (src/node/cms-schema/). The CMS
 * model is never edited by hand: `-- --check` exits non-zero when `cms/`
 * differs, as src/node/cms-schema/generate.test.ts does in `npm test`.
 * The publish gate's bundle of the content checks is part of what it
 * writes and checks (`npm run cms:checks`, src/node/cms-gate/generate.ts).
 * `-- --into <path> [--force]` then installs the model and the Marea plugin
 * into a brand's own Strapi 5 project (src/node/cms-schema/install.ts,
 * docs/own-strapi.md).
 */
import '../src/node/platform/require-project-node.js';
import path from 'node:path';
import { projectPaths } from '../src/node/build/paths.js';
import { hasDrift, schemaDrift, writeSchema, type SchemaDrift } from '../src/node/cms-schema/sync.js';
import { syncGateBundle } from '../src/node/cms-gate/generate.js';
import { InstallError, installInto, PLUGINS_SNIPPET } from '../src/node/cms-schema/install.js';

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

const intoAt = process.argv.indexOf('--into');
if (intoAt !== -1) {
  const target = process.argv[intoAt + 1];
  if (!target || target.startsWith('--')) {
    console.error('✗ --into needs the path of your Strapi 5 project: npm run cms:schema -- --into ../my-strapi');
    process.exit(1);
  }
  try {
    const done = await installInto(cmsDir, path.resolve(target), { force: process.argv.includes('--force') });
    console.log(
      `✓ Marea's model in ${target}: ${done.written.length} files written, ${done.replaced.length} replaced, ${done.unchanged.length} already current; plugin in src/plugins/marea/`,
    );
    if (done.pluginsConfig === 'written') console.log('✓ wrote config/plugins.js, which enables the plugin');
    if (done.pluginsConfig === 'add-snippet') console.log(`! add to the object your config/plugins file returns:\n${PLUGINS_SNIPPET}`);
    console.log('Next: in that project `npm run build` and restart Strapi, then `npm run cms:doctor` here with CMS_URL and CMS_TOKEN (docs/own-strapi.md).');
  } catch (error) {
    console.error(`✗ ${error instanceof InstallError ? error.message : ((error as Error).stack ?? String(error))}`);
    process.exit(1);
  }
}
