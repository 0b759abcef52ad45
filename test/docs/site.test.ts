// @vitest-environment node
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify, stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import config from '../../docs/.vitepress/config.js';

/**
 * The docs site (`npm run docs`): VitePress fails its build on a link to a page that does not
 * exist, and on Markdown that Vue cannot compile, so this runs the real build. It does not look
 * at `#anchors`: the built HTML does, below, since VitePress's heading ids are not GitHub's.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const out = mkdtempSync(path.join(tmpdir(), 'marea-docs-'));
let build: { ok: boolean; output: string };

beforeAll(async () => {
  const vitepress = path.join(root, 'node_modules', '.bin', 'vitepress');
  build = await promisify(execFile)(vitepress, ['build', 'docs'], { cwd: root, env: { ...process.env, MAREA_DOCS_OUT: out }, maxBuffer: 1 << 24 }).then(
    (r) => ({ ok: true, output: r.stdout + r.stderr }),
    (error: { stdout?: string; stderr?: string }) => ({ ok: false, output: `${error.stdout ?? ''}${error.stderr ?? ''}` }),
  );
}, 180_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** docs/*.md as site paths: `behaviour.md` → `/behaviour`, `index.md` → `/`. */
const pages = readdirSync(path.join(root, 'docs'))
  .filter((file) => file.endsWith('.md'))
  .map((file) => (file === 'index.md' ? '/' : `/${file.slice(0, -3)}`));

/** The HTML file a site path is built into. */
const htmlOf = (page: string) => path.join(out, page === '/' ? 'index.html' : `${page.slice(1)}.html`);

describe('the docs site (npm run docs)', () => {
  it('builds: no dead link, every page compiles', () => {
    expect(build.ok, stripVTControlCharacters(build.output)).toBe(true);
  });

  it('links every #anchor to a heading that the target page has', () => {
    const ids = new Map(pages.map((page) => [page, new Set([...readFileSync(htmlOf(page), 'utf8').matchAll(/\sid="([^"]+)"/g)].map((m) => decode(m[1]!)))]));
    const broken = pages.flatMap((page) => {
      const content = readFileSync(htmlOf(page), 'utf8').split('<main')[1] ?? '';
      // Pages are all at the top, so `./behaviour#x` and `/behaviour#x` are the same page.
      return [...content.matchAll(/<a [^>]*href="(?:\.?\/([\w-]*))?#([^"]+)"/g)]
        .map((m) => ({ target: m[1] === undefined ? page : `/${m[1] === 'index' ? '' : m[1]}`, anchor: decode(m[2]!) }))
        .filter(({ target, anchor }) => !ids.get(target)?.has(anchor))
        .map(({ target, anchor }) => `${page}: ${target}#${anchor}`);
    });
    expect(broken).toEqual([]);
  });

  it('lists every page in the sidebar, and only pages that exist', () => {
    const sidebar = config.themeConfig?.sidebar;
    const links = (Array.isArray(sidebar) ? sidebar : []).flatMap((group) => (group.items ?? []).map((item) => item.link));
    expect(links.filter((link) => !pages.includes(link!))).toEqual([]);
    expect(pages.filter((page) => page !== '/' && !links.includes(page))).toEqual([]);
  });
});

/** Heading ids and hrefs as the HTML writes them (`&amp;`, `%E2%80%93`) → their text. */
function decode(value: string): string {
  return decodeURIComponent(
    value
      .replace(/&amp;/g, '&')
      .replace(/&#39;/g, "'")
      .replace(/&quot;/g, '"'),
  );
}
