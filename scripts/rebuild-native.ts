/**
 * `postinstall`: rebuilds the native addons `npm ci` just compiled, against
 * the headers of the project's Node. npm runs on the system Node and is set up
 * here with `nodedir=/usr`, so install scripts compile V8-API addons for the
 * system Node's ABI, which Node 24 refuses to load (docs/dependencies.md, "Node").
 */
import '../src/node/platform/require-project-node.js';
import { execFileSync } from 'node:child_process';
import { compiledAddons, nativeBuildEnv } from '../src/node/platform/node-runtime.js';

const names = [...new Set(compiledAddons().map((addon) => addon.name))];
if (names.length > 0) {
  console.log(`Rebuilding native addons for Node ${process.versions.node}: ${names.join(', ')}`);
  execFileSync('npm', ['rebuild', '--no-audit', '--no-fund', ...names], { stdio: 'inherit', env: nativeBuildEnv() });
}
