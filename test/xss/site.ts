import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from '../../src/node/build/paths.js';
import { buildSite, type TestBuild } from '../support/build-site.js';
import { poisonContent, type Poisoned } from './poison.js';

export interface PoisonedSite {
  poisoned: Poisoned;
  build: TestBuild;
  dist: string;
  /** Every page the build prerendered (both locales, list pages included). */
  pages: string[];
}

/** The bundled content (content-cache/), poisoned with every vector, built (non-strict) into a temp folder. */
export async function buildPoisonedSite(): Promise<PoisonedSite> {
  const dir = await mkdtemp(path.join(tmpdir(), 'marea-xss-'));
  const poisoned = await poisonContent(path.join(ROOT, 'content-cache'), path.join(dir, 'content'));
  const build = await buildSite(poisoned.dir, { strict: false });
  const dist = build.paths.dist;
  const meta = JSON.parse(await readFile(path.join(dist, 'builds/meta', `${build.result.buildId}.json`), 'utf8')) as { prerendered: string[] };
  return { poisoned, build, dist, pages: meta.prerendered };
}

/** The files of dist/ a visitor can read, except hashed assets and media (built from the code, not the content). */
export async function servedFiles(dist: string): Promise<string[]> {
  const all = await readdir(dist, { recursive: true, withFileTypes: true });
  return all
    .filter((e) => e.isFile())
    .map((e) => path.relative(dist, path.join(e.parentPath, e.name)))
    .filter((f) => !/^(assets|images|builds)\//.test(f) && !/\.(avif|webp|jpe?g|png|svg|gif|mp4|webm)$/.test(f))
    .sort();
}
