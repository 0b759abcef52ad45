/**
 * The Node.js Marea runs on, and the headers native addons are built against.
 *
 * The project pins Node itself as a devDependency (`node` in package.json,
 * Node's own binary from the npm registry): npm puts `node_modules/.bin`
 * first on PATH for every script, so `npm run …`, `npm test` and `npx …` run
 * on that Node whatever the machine has (docs/dependencies.md, "Node"). npm itself keeps
 * running on the system Node.
 *
 * Native addons (Strapi's better-sqlite3) must be compiled against the
 * headers of the Node that will load them. npm on these machines is set up
 * with `nodedir=/usr` (the system Node's headers), which would compile them
 * for the wrong ABI; `nativeBuildEnv()` points node-gyp at the headers that
 * ship with the running Node (`node-<platform>-<arch>/include/node`).
 */
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../build/paths.js';

/** The Node major the project runs on: the major of package.json's exact `node` devDependency. */
export function projectNodeMajor(root = ROOT): number {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { devDependencies?: Record<string, string> };
  const pinned = pkg.devDependencies?.node;
  const major = /^(\d+)\.\d+\.\d+$/.exec(pinned ?? '')?.[1];
  if (!major) throw new Error(`package.json: devDependencies.node must pin an exact Node version (e.g. "24.21.0"), found ${JSON.stringify(pinned)}`);
  return Number(major);
}

/** Why the running Node is not the project's, or null when it is. */
export function wrongNode(version = process.versions.node, root = ROOT): string | null {
  const expected = projectNodeMajor(root);
  const actual = Number(version.split('.')[0]);
  if (actual === expected) return null;
  return [
    `Marea runs on Node ${expected} (package.json devDependencies.node); this is Node ${version} (${process.execPath}).`,
    `Run it through npm (\`npm run build\`, \`npm test\`, \`npx …\`): npm puts node_modules/.bin/node first on PATH.`,
    `If node_modules/.bin/node is missing, run \`npm ci\` first.`,
  ].join('\n  ');
}

/** Reads `NODE_MAJOR_VERSION.NODE_MINOR_VERSION.NODE_PATCH_VERSION` from a headers folder's node_version.h. */
export function headersVersion(nodedir: string): string | null {
  const file = path.join(nodedir, 'include/node/node_version.h');
  if (!existsSync(file)) return null;
  const source = readFileSync(file, 'utf8');
  const part = (name: string) => new RegExp(`#define NODE_${name}_VERSION (\\d+)`).exec(source)?.[1];
  const [major, minor, patch] = [part('MAJOR'), part('MINOR'), part('PATCH')];
  return major && minor && patch ? `${major}.${minor}.${patch}` : null;
}

/**
 * The folder whose `include/node` holds the running Node's headers (node-gyp's
 * `nodedir`). Looked for in the platform package the `node` devDependency
 * installs, then beside the running binary (a system or nvm Node). Only a
 * folder whose headers are exactly the running version is accepted.
 */
export function nodeHeadersDir(root = ROOT, version = process.versions.node): string {
  const platformPackage = `node-${process.platform}-${process.arch}`;
  const candidates = [
    path.join(root, 'node_modules', platformPackage),
    path.join(root, 'node_modules/node/node_modules', platformPackage),
    path.dirname(path.dirname(realpathSync(process.execPath))),
  ];
  const found = candidates.find((dir) => headersVersion(dir) === version);
  if (found) return found;
  const seen = candidates.map((dir) => `${dir}: ${headersVersion(dir) ?? 'no headers'}`).join('; ');
  throw new Error(`No headers for Node ${version} to build native addons against (looked in ${seen}). Run \`npm ci\` to install ${platformPackage}.`);
}

/** Environment for `npm ci`/node-gyp so native addons are built for the running Node. */
export function nativeBuildEnv(env: NodeJS.ProcessEnv = process.env, root = ROOT): NodeJS.ProcessEnv {
  return { ...env, npm_config_nodedir: nodeHeadersDir(root) };
}

/**
 * Packages under `node_modules` that compiled a native addon at install time
 * (a `binding.gyp` and a `build/Release/*.node`), with those addon files.
 * Prebuilt N-API binaries (sharp's, say) are not in this list: they load on any Node.
 */
export function compiledAddons(root = ROOT): { name: string; dir: string; addons: string[] }[] {
  const found: { name: string; dir: string; addons: string[] }[] = [];
  const visit = (modules: string) => {
    if (!existsSync(modules)) return;
    for (const entry of readdirSync(modules, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
      if (entry.name.startsWith('@')) {
        visit(path.join(modules, entry.name));
        continue;
      }
      const dir = path.join(modules, entry.name);
      const release = path.join(dir, 'build/Release');
      if (existsSync(path.join(dir, 'binding.gyp')) && existsSync(release)) {
        const addons = readdirSync(release)
          .filter((file) => file.endsWith('.node'))
          .map((file) => path.join(release, file));
        if (addons.length > 0) found.push({ name: (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name: string }).name, dir, addons });
      }
      visit(path.join(dir, 'node_modules'));
    }
  };
  visit(path.join(root, 'node_modules'));
  return found;
}
