/**
 * `npm run docs:errors`: writes docs/content-errors.md from the content issue
 * catalogue (src/node/content/issues.ts), the build failure catalogue
 * (src/node/platform/failures.ts) and the browser error list
 * (src/node/docs/failures.ts). `-- --check` only compares, and exits
 * non-zero when the file is out of date (test/docs/content-errors.test.ts
 * does the same in `npm test`).
 */
import '../src/node/platform/require-project-node.js';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { projectPaths } from '../src/node/build/paths.js';
import { CONTENT_ERRORS_DOC, contentErrorsDoc } from '../src/node/docs/content-errors.js';

const { root } = projectPaths();
const file = path.join(root, CONTENT_ERRORS_DOC);
const expected = await contentErrorsDoc(root);
const current = await readFile(file, 'utf8').catch(() => null);

if (process.argv.includes('--check')) {
  if (current !== expected) {
    console.error(`✗ ${CONTENT_ERRORS_DOC} is out of date: run \`npm run docs:errors\`.`);
    process.exit(1);
  }
  console.log(`✓ ${CONTENT_ERRORS_DOC} is up to date`);
} else if (current === expected) {
  console.log(`✓ ${CONTENT_ERRORS_DOC} is up to date`);
} else {
  await writeFile(file, expected);
  console.log(`✓ wrote ${CONTENT_ERRORS_DOC}`);
}
