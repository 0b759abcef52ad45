/**
 * `npm run rollback [-- <buildId>]`: re-publishes a kept build (default: the
 * one before the current). `npm run rollback -- --list` lists them.
 */
import '../src/node/platform/require-project-node.js';
import { projectPaths } from '../src/node/build/paths.js';
import { publishBuild } from '../src/node/build/publish.js';
import { keptBuilds } from '../src/node/webhook/rollback.js';

const paths = projectPaths();
const history = await keptBuilds(paths);
const arg = process.argv.slice(2).find((a) => a !== '--');
const current = history.find((h) => h.live)?.id ?? null;
if (arg === '--list' || history.length === 0) {
  console.log(history.length ? 'Kept builds (newest first):' : 'No kept builds in builds/: run `npm run build` first.');
  for (const h of history) console.log(`  ${h.id}  content ${h.timestamp}  built ${h.builtAt}${h.id === current ? '  ← published' : ''}`);
  process.exit(history.length ? 0 : 1);
}
const target = arg ?? history.find((h) => h.id !== current)?.id;
if (!target) {
  console.error('No other build to roll back to.');
  process.exit(1);
}
try {
  await publishBuild(paths, target);
  console.log(`✓ published builds/${target} as dist/ (was ${current ?? 'nothing'})`);
} catch (error) {
  console.error(`✗ ${(error as Error).message}`);
  process.exit(1);
}
