/**
 * `npm run docs:config`: writes docs/configuration.md and .env.example from
 * the table of environment variables (src/node/config/variables.ts).
 * `-- --check` only compares, and exits non-zero when either is out of date
 * (test/docs/configuration.test.ts does the same in `npm test`).
 */
import '../src/node/platform/require-project-node.js';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { projectPaths } from '../src/node/build/paths.js';
import { configurationFiles } from '../src/node/docs/configuration.js';

const { root } = projectPaths();
const check = process.argv.includes('--check');
let stale = false;

for (const [name, expected] of Object.entries(await configurationFiles(root))) {
  const file = path.join(root, name);
  const current = await readFile(file, 'utf8').catch(() => null);
  if (current === expected) console.log(`✓ ${name} is up to date`);
  else if (check) {
    console.error(`✗ ${name} is out of date: run \`npm run docs:config\`.`);
    stale = true;
  } else {
    await writeFile(file, expected);
    console.log(`✓ wrote ${name}`);
  }
}
if (stale) process.exit(1);
