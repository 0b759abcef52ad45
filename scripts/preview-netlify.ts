/**
 * `npm run preview:netlify [-- --country MX]`: serves dist/ with the `netlify dev`
 * command (Netlify's own static server, netlify.toml's redirects and headers,
 * and the edge function in Deno), offline (docs/deploying.md).
 */
import '../src/node/platform/require-project-node.js';
import { existsSync } from 'node:fs';
import { projectPaths } from '../src/node/build/paths.js';
import { recoverInterrupted } from '../src/node/build/publish.js';
import { startNetlifyCli } from '../src/node/preview/netlify-cli.js';

const paths = projectPaths();
await recoverInterrupted(paths);
if (!existsSync(paths.dist)) {
  console.error(`No site in ${paths.dist}: run \`npm run build\` first.`);
  process.exit(1);
}
const flag = process.argv.indexOf('--country');
const country = flag > 0 ? process.argv[flag + 1] : undefined;
console.log('Starting netlify dev (offline)…');
const cli = await startNetlifyCli(paths.dist, country ? { country } : {});
console.log(`Marea on netlify dev: ${cli.origin}/ (English) and ${cli.origin}/es (Español), edge country ${country ?? 'US'} — Ctrl+C to stop`);
const stop = () => void cli.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
