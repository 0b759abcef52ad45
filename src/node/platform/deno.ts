/**
 * Deno, which Netlify's local tools run edge functions in. It comes from the
 * npm registry as its platform package (`@deno/linux-x64-glibc`, pinned in
 * optionalDependencies): the `deno` wrapper package lists every platform's
 * binary, most of which the registry reachable here lacks, so its lockfile
 * entries would be incomplete and `npm ci` would refuse it (docs/dependencies.md, "Node").
 * Netlify's tools look for `deno` on PATH before they try to download one.
 */
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../build/paths.js';

/** The folder holding the `deno` binary: the platform package, else one already on PATH. */
export function denoBinDir(env: NodeJS.ProcessEnv = process.env, root = ROOT): string {
  const libcs = process.platform === 'linux' ? ['-glibc', '-musl'] : [''];
  const packaged = libcs.map((libc) => path.join(root, 'node_modules/@deno', `${process.platform}-${process.arch}${libc}`));
  const onPath = (env.PATH ?? '').split(path.delimiter).filter(Boolean);
  const found = [...packaged, ...onPath].find((dir) => executable(path.join(dir, process.platform === 'win32' ? 'deno.exe' : 'deno')));
  if (found) return found;
  throw new Error(
    `No Deno for Netlify's edge functions: ${packaged.join(' or ')} is missing (run \`npm ci\`), and there is no \`deno\` on PATH. ` +
      'On other platforms install Deno 2.8 (https://docs.deno.com/runtime/getting_started/installation/).',
  );
}

/** `env` with Deno's folder first on PATH, so Netlify's tools use it instead of downloading one. */
export function withDeno(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const dir = denoBinDir(env);
  const rest = (env.PATH ?? '').split(path.delimiter).filter((entry) => entry && entry !== dir);
  return { ...env, PATH: [dir, ...rest].join(path.delimiter) };
}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
