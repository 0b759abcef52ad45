// @vitest-environment node
import { existsSync, statSync } from 'node:fs';
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BuildMemo } from '../../src/node/build/build-memo.js';
import { listFiles } from '../../src/node/build/hash.js';
import type { ProjectPaths } from '../../src/node/build/paths.js';
import { runBuild } from '../../src/node/build/pipeline.js';
import { loadContent } from '../../src/node/build/source.js';
import { readCache } from '../../src/node/cms/cache.js';
import type { RawSite } from '../../src/node/cms/raw.js';
import { loadConfig } from '../../src/node/config/env.js';
import { differences } from '../support/compare-sites.js';
import { copyOfContent, splitPagesIntoParts } from '../support/edited-site.js';
import { buildSite, tempPaths, type TestBuild } from '../support/build-site.js';

/**
 * Incremental builds (docs/architecture.md, "Incremental builds"): a build
 * renders only the pages whose payload changed and links the others from the
 * last build. The dependency rules, on the bundled site: exactly the pages
 * whose output carries an edit are rendered again (a page that shows it is
 * never left stale, a page that does not is never rendered), and the result
 * is byte-identical to a full build of the same content.
 */
const NOW = new Date('2026-11-20T12:00:00Z');
type Json = Record<string, unknown> & { data: unknown };

const copyOfBundledContent = () => copyOfContent('marea-incremental-');

async function edit(dir: string, file: string, change: (json: Json) => void): Promise<void> {
  const full = path.join(dir, 'api', file);
  const json = JSON.parse(await readFile(full, 'utf8')) as Json;
  change(json);
  await writeFile(full, JSON.stringify(json));
}

const pagesOf = (json: Json) => json.data as Record<string, unknown>[];
/** A Spanish page's file: `es.html` (the home page) or under `es/`. */
const spanish = (file: string) => file === 'es.html' || file.startsWith('es/');

/**
 * Pages (HTML files) of a build whose HTML or payload was written after
 * `since` (ms): the pages it rendered. Other files are hard links to files
 * of earlier builds, which keep their times: the previous build's or, in a
 * recycled folder, the same bytes from an older one (publish.ts `storeBuild`).
 */
async function renderedPages(build: TestBuild, since: number): Promise<string[]> {
  const dir = build.result.buildDir;
  const pages = (await listFiles(dir)).filter((f) => f.endsWith('.html') && !f.startsWith('assets/'));
  return pages.filter((page) => filesOf(dir, page).some((file) => statSync(path.join(dir, file)).mtimeMs >= since));
}

/** A page's files: its HTML and, except for the 404 pages, its payload (rule 18). */
function filesOf(dir: string, html: string): string[] {
  const payload = html === 'index.html' ? '_payload.json' : html.replace(/\.html$/, '/_payload.json');
  return existsSync(path.join(dir, payload)) ? [html, payload] : [html];
}

/** Pages of `next` whose HTML or payload differs from `previous` (or is new): the pages whose output changed. */
async function changedPages(previous: TestBuild, next: TestBuild): Promise<string[]> {
  const out: string[] = [];
  for (const page of (await listFiles(next.result.buildDir)).filter((f) => f.endsWith('.html') && !f.startsWith('assets/'))) {
    for (const file of filesOf(next.result.buildDir, page)) {
      const before = path.join(previous.result.buildDir, file);
      if (!existsSync(before) || !(await readFile(before)).equals(await readFile(path.join(next.result.buildDir, file)))) {
        out.push(page);
        break;
      }
    }
  }
  return out;
}

/** Pages of a build whose HTML or payload carries `marker`. */
async function pagesWith(build: TestBuild, marker: string): Promise<string[]> {
  const out: string[] = [];
  for (const page of (await listFiles(build.result.buildDir)).filter((f) => f.endsWith('.html') && !f.startsWith('assets/'))) {
    for (const file of filesOf(build.result.buildDir, page)) {
      if ((await readFile(path.join(build.result.buildDir, file), 'utf8')).includes(marker)) {
        out.push(page);
        break;
      }
    }
  }
  return out;
}

/*
 * Twice: the bundled content as it is, and with its pages in parts of 4 entries (a large site's cache format), so its
 * pages are normalised in the threads with their blocks set aside, and a build in a new process keeps the key of each
 * page whose inputs' hash is the last build's without making its payload (page-inputs.ts).
 */
describe.each([
  { content: 'pages files whole', partSize: 0 },
  { content: 'pages in parts, their blocks set aside', partSize: 4 },
])('incremental builds: what an edit renders again ($content)', ({ partSize }) => {
  let dir: string;
  let parts: string;
  let paths: ProjectPaths;
  let last: TestBuild;
  let pages: number;

  /** The folder builds read: `dir`, or a copy of it with its pages in parts. */
  async function source(): Promise<string> {
    if (!partSize) return dir;
    await rm(parts, { recursive: true, force: true });
    await cp(dir, parts, { recursive: true });
    await splitPagesIntoParts(parts, partSize);
    return parts;
  }

  beforeAll(async () => {
    dir = await copyOfBundledContent();
    parts = `${dir}-parts`;
    last = await buildSite(await source(), { now: NOW });
    if (partSize) expect(last.log.join('\n')).toMatch(/pages in (\d+ threads|the main thread), blocks set aside/);
    paths = last.paths;
    pages = (await listFiles(last.result.buildDir)).filter((f) => f.endsWith('.html') && !f.startsWith('assets/') && f !== 'netlify-forms.html').length;
  });

  /**
   * Applies an edit and rebuilds incrementally. The pages rendered must be
   * exactly those whose output changed (none left stale, none rendered for
   * nothing), every page showing `marker` among them, and a full build of the
   * same content must agree byte for byte.
   */
  async function rebuildWith(marker: string, change: () => Promise<void>): Promise<string[]> {
    await change();
    const since = Date.now();
    const next = await buildSite(await source(), { paths, now: NOW });
    const rendered = await renderedPages(next, since);
    const showing = await pagesWith(next, marker);
    expect(showing.length, 'the edit must show somewhere').toBeGreaterThan(0);
    expect(next.result.rendered).toBe(rendered.length);
    expect(rendered).toEqual(await changedPages(last, next));
    expect(rendered).toEqual(expect.arrayContaining(showing));
    const full = await buildSite(await source(), { paths: await tempPaths(), now: NOW });
    expect(full.result.rendered).toBe(next.result.pages + 2);
    expect(await differences(next.paths, full.paths)).toEqual([]);
    expect(next.result.buildId).toBe(full.result.buildId);
    last = next;
    return rendered;
  }

  it('an unchanged rebuild renders nothing and publishes the same build', async () => {
    const again = await buildSite(await source(), { paths, now: NOW });
    expect(again.result.rendered).toBe(0);
    expect(again.result.buildId).toBe(last.result.buildId);
    expect(again.log.join('\n')).toMatch(/0 of \d+ pages rendered \(\d+ unchanged since/);
  });

  it('a page edit renders that page and the pages that show it (lists, site map), in its locale only', async () => {
    const rendered = await rebuildWith('Villa Jardín Renovada', () =>
      edit(dir, 'pages.es-MX.json', (json) => {
        pagesOf(json).find((p) => p.slug === 'habitaciones/villa-jardin')!.title = 'Villa Jardín Renovada';
      }),
    );
    expect(rendered).toContain('es/habitaciones/villa-jardin.html');
    expect(rendered).toContain('es/mapa-del-sitio.html');
    expect(rendered.filter((f) => !spanish(f))).toEqual([]);
    expect(rendered.length).toBeLessThan(pages / 4);
  });

  it('a rich-text edit (a block set aside in a large site) renders that page alone', async () => {
    const rendered = await rebuildWith('a path of limestone', () =>
      edit(dir, 'pages.en.json', (json) => {
        const text = (pagesOf(json).find((p) => p.slug === 'rooms/garden-villa')!.blocks as { __component: string; body: string }[]).find(
          (b) => b.__component === 'blocks.wysiwyg',
        )!;
        text.body = text.body.replace('<h2>', '<p>Reached by a path of limestone.</p><h2>');
      }),
    );
    expect(rendered).toEqual(['rooms/garden-villa.html']);
  });

  it('a layout edit renders every page of its locale (its 404 page too) and none of the other', async () => {
    const rendered = await rebuildWith('Marea Hoteles 2027', () =>
      edit(dir, 'layout.es-MX.json', (json) => {
        const footer = (json.data as { footer: { __component: string; legal: string }[] }).footer.find((b) => b.__component === 'blocks.footer')!;
        footer.legal = '<p>© Marea Hoteles 2027</p>';
      }),
    );
    expect(rendered).toContain('es/404.html');
    expect(rendered.filter((f) => !spanish(f))).toEqual([]);
    expect(rendered.length).toBe((await listFiles(last.result.buildDir)).filter((f) => spanish(f) && f.endsWith('.html')).length);
  });

  it('a modal edit renders the pages that carry the modal, and the locale list of modals changes', async () => {
    const before = await readFile(path.join(last.result.buildDir, '_modals.json'), 'utf8');
    const rendered = await rebuildWith('Sak Ha Spa rituals renewed', () =>
      edit(dir, 'modals.en.json', (json) => {
        const modal = pagesOf(json).find((m) => m.modalName === 'spa-rituals') as { dynZone: { title?: string }[] };
        modal.dynZone[0]!.title = 'Sak Ha Spa rituals renewed';
      }),
    );
    expect(rendered.filter(spanish)).toEqual([]);
    expect(await readFile(path.join(last.result.buildDir, '_modals.json'), 'utf8')).not.toBe(before);
  });

  it('a promo code edit renders the pages whose booking widget offers it', async () => {
    const rendered = await rebuildWith('Seven percent welcome', async () => {
      for (const file of ['pages.en.json', 'pages.es-MX.json', 'promo-codes.json']) {
        await edit(dir, file, (json) => {
          const text = JSON.stringify(json.data).replaceAll('"label":"5% off your first stay"', '"label":"Seven percent welcome"');
          json.data = JSON.parse(text) as unknown;
        });
      }
    });
    expect(rendered).toContain('rooms.html');
  });

  it('a new post renders the lists and the site map of its locale', async () => {
    const rendered = await rebuildWith('Cenotes at night', () =>
      edit(dir, 'pages.en.json', (json) => {
        const post = pagesOf(json).find((p) => p.slug === 'blog/swimming-in-cenotes')!;
        pagesOf(json).push({ ...post, id: 9999, documentId: 'newpost00000000000000000', slug: 'blog/cenotes-at-night', title: 'Cenotes at night', localizations: [] });
      }),
    );
    expect(rendered).toContain('blog/cenotes-at-night.html');
    expect(rendered).toContain('blog.html');
    expect(rendered).toContain('sitemap.html');
  });
});

describe('incremental builds in a long-running builder (build-memo.ts)', () => {
  it('given one changed entry, renders the same pages and publishes the same site as a build without the memo', async () => {
    const dir = await copyOfBundledContent();
    const config = loadConfig({ SITE_URL: 'https://marea.example' });
    const paths = await tempPaths();
    const memo = new BuildMemo();
    const build = (raw: RawSite) =>
      runBuild({
        config,
        paths,
        now: NOW,
        memo,
        log: () => {},
        load: (phases) => loadContent({ config, paths, strict: false, log: () => {}, contentDir: dir, raw, memo: memo.normalise }, phases),
      });
    const raw = await readCache(dir, config.cmsLocales);
    const first = await build(raw);
    const entries = raw.pages.en as { slug: string; title: string }[];
    const at = entries.findIndex((p) => p.slug === 'rooms/garden-villa');
    const edited = [...entries];
    edited[at] = { ...entries[at]!, title: 'Garden Villa by the sea' };
    const second = await build({ ...raw, pages: { ...raw.pages, en: edited } });
    expect(second.rendered).toBeGreaterThan(0);
    expect(second.rendered).toBeLessThan(first.pages / 4);

    await edit(dir, 'pages.en.json', (json) => {
      pagesOf(json).find((p) => p.slug === 'rooms/garden-villa')!.title = 'Garden Villa by the sea';
    });
    const fresh = await buildSite(dir, { paths: await tempPaths(), now: NOW });
    expect(await differences(paths, fresh.paths)).toEqual([]);
    expect(second.buildId).toBe(fresh.result.buildId);
  });
});

describe('the page index', () => {
  it('a build of another release (code or public configuration) renders every page', async () => {
    const dir = await copyOfBundledContent();
    const first = await buildSite(dir, { now: NOW });
    const other = await buildSite(dir, { paths: first.paths, now: NOW, env: { SITE_URL: 'https://other.example' } });
    expect(other.result.rendered).toBe(first.result.rendered);
    expect(other.result.buildId).not.toBe(first.result.buildId);
  });

  it('a build of another day renders every page (payloads carry the day, rule 29)', async () => {
    const dir = await copyOfBundledContent();
    const first = await buildSite(dir, { now: NOW });
    const next = await buildSite(dir, { paths: first.paths, now: new Date('2026-11-21T12:00:00Z') });
    expect(next.result.rendered).toBe(first.result.rendered);
  });

  it('a page whose stored files are gone is rendered again instead of failing', async () => {
    const dir = await copyOfBundledContent();
    const first = await buildSite(dir, { now: NOW });
    await rm(path.join(first.result.buildDir, 'rooms.html'));
    await rm(path.join(first.paths.dist, 'rooms.html'));
    const next = await buildSite(dir, { paths: first.paths, now: NOW });
    expect(next.result.rendered).toBe(1);
    expect(await readFile(path.join(next.paths.dist, 'rooms.html'), 'utf8')).toContain('<html lang="en-US"');
  });
});
