/** `npm run preview`: serves dist/ as the CDN will (status 404 pages, trailing slash tolerated). */
import '../src/node/platform/require-project-node.js';
import { existsSync } from 'node:fs';
import { projectPaths } from '../src/node/build/paths.js';
import { recoverInterrupted } from '../src/node/build/publish.js';
import { loadServiceConfig } from '../src/node/config/service-env.js';
import { createPreviewServer, listen } from '../src/node/preview/server.js';

const paths = projectPaths();
await recoverInterrupted(paths);
if (!existsSync(paths.dist)) {
  console.error(`No site in ${paths.dist}: run \`npm run build\` first.`);
  process.exit(1);
}
const { previewPort, previewHost } = loadServiceConfig();
const origin = await listen(createPreviewServer(paths.dist), previewPort, previewHost);
console.log(`Marea preview: ${origin}/ (English) and ${origin}/es (Español) — Ctrl+C to stop`);
