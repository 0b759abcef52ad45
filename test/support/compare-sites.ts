import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { listFiles } from '../../src/node/build/hash.js';
import type { ProjectPaths } from '../../src/node/build/paths.js';

/** Every file of two published sites, byte for byte: the names of those that differ. */
export async function differences(a: ProjectPaths, b: ProjectPaths): Promise<string[]> {
  const [x, y] = [await listFiles(a.dist), await listFiles(b.dist)];
  const out = [...x.filter((f) => !y.includes(f)), ...y.filter((f) => !x.includes(f))];
  for (const file of x.filter((f) => y.includes(f))) {
    if (!(await readFile(path.join(a.dist, file))).equals(await readFile(path.join(b.dist, file)))) out.push(file);
  }
  return out;
}

/** The text files of a published site (HTML, payloads, manifests, sitemap), by path; media and bundles are compared by name only. */
export async function siteTexts(dist: string): Promise<Map<string, string>> {
  const entries = await readdir(dist, { withFileTypes: true, recursive: true });
  const files = entries.filter((e) => e.isFile() && /\.(html|json|xml|txt)$/.test(e.name)).map((e) => path.relative(dist, path.join(e.parentPath, e.name)));
  const texts = new Map<string, string>();
  for (const file of files.sort()) texts.set(file, await readFile(path.join(dist, file), 'utf8'));
  return texts;
}

/** A difference between two builds of the same content that is expected, with why. */
export interface Allowed {
  readonly what: string;
  readonly why: string;
  readonly pattern: RegExp;
  readonly replacement: string;
}

/**
 * The first differing file of two sites after the allowed differences are
 * masked, with a window around the first difference; null when they agree.
 */
export function firstDifference(a: Map<string, string>, b: Map<string, string>, allowed: readonly Allowed[]): string | null {
  const mask = (text: string) => allowed.reduce((t, rule) => t.replace(rule.pattern, rule.replacement), text);
  const names = [...new Set([...a.keys(), ...b.keys()])].sort();
  for (const name of names) {
    const x = a.get(name);
    const y = b.get(name);
    if (x === undefined || y === undefined) return `${name}: only in the ${x === undefined ? 'second' : 'first'} site`;
    const mx = mask(x);
    const my = mask(y);
    if (mx === my) continue;
    let i = 0;
    while (mx[i] === my[i]) i++;
    return `${name} at ${i}:\n  first:  …${mx.slice(Math.max(0, i - 80), i + 120)}…\n  second: …${my.slice(Math.max(0, i - 80), i + 120)}…`;
  }
  return null;
}
