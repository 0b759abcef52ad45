/**
 * `npm run preview:netlify [-- --country MX]`: serves dist/ with the `netlify dev`
 * command (Netlify's own static server, netlify.toml's redirects and headers,
 * and the edge function in Deno), offline (docs/deploying.md). With the
 * preview bundle the build wrote (.marea/preview-bundle/), the Netlify
 * Functions too: the draft preview at /preview/… renders with this shell's
 * MAREA_PREVIEW_SECRET, CMS_URL and CMS_TOKEN.
 */
import '../src/node/platform/require-project-node.js';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { projectPaths } from '../src/node/build/paths.js';
import { recoverInterrupted } from '../src/node/build/publish.js';
import { startNetlifyCli } from '../src/node/preview/netlify-cli.js';
import { PREVIEW_BUNDLE_DIR } from '../src/node/preview-render/bundle-files.js';

const paths = projectPaths();
await recoverInterrupted(paths);
if (!existsSync(paths.dist)) {
  console.error(`No site in ${paths.dist}: run \`npm run build\` first.`);
  process.exit(1);
}
const flag = process.argv.indexOf('--country');
const country = flag > 0 ? process.argv[flag + 1] : undefined;
const previewBundle = path.join(paths.root, PREVIEW_BUNDLE_DIR);
const functions = existsSync(path.join(previewBundle, 'setup.json')) ? { env: {}, previewBundle } : undefined;
console.log(`Starting netlify dev (offline${functions ? ', with the functions' : ''})…`);
const cli = await startNetlifyCli(paths.dist, { ...(country ? { country } : {}), ...(functions ? { functions } : {}) });
console.log(`Marea on netlify dev: ${cli.origin}/ (English) and ${cli.origin}/es (Español), edge country ${country ?? 'US'} — Ctrl+C to stop`);
if (functions) console.log(`Draft preview: Strapi's "Open preview" links with ${cli.origin}/preview as the CMS's MAREA_PREVIEW_URL.`);
const stop = () => void cli.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
