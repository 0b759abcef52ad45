/**
 * First-view weight of the built site (`dist/`, run `npm run build` first):
 * for each page, the gzip (level 9) bytes of the JavaScript the browser
 * loads before hydration (the entry script plus every `modulepreload`) and
 * of its stylesheets, against the budget (src/node/perf/first-view.ts, which
 * `npm test` holds every page to).
 *
 *   npm run bench:size [-- --dist path] [--json]
 */
import '../src/node/platform/require-project-node.js';
import path from 'node:path';
import { formatFirstView, measureFirstView } from '../src/node/perf/first-view.js';

const args = process.argv.slice(2);
const dist = path.resolve(args.includes('--dist') ? args[args.indexOf('--dist') + 1]! : 'dist');
const rows = measureFirstView(dist);
console.log(args.includes('--json') ? JSON.stringify(rows, null, 1) : formatFirstView(rows));
