import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { classNameMap, leftoverNames } from '../../src/node/build/class-names.js';
import { listFiles } from '../../src/node/build/hash.js';
import { ROOT } from '../../src/node/build/paths.js';
import { FIRST_VIEW_BUDGET, formatFirstView, measureFirstView, overBudget, type PageWeight } from '../../src/node/perf/first-view.js';
import { wireJson } from '../../src/shared/payload.js';
import { fromWire } from '../../src/shared/wire.js';
import { buildSite, type TestBuild } from '../support/build-site.js';

/**
 * The bundled site (content-cache/) as built: the first-view budget
 * (docs/performance.md, "First view"; sizes, not times: a page over budget
 * fails with the whole table `npm run bench:size` prints) and its photos in
 * modern formats.
 */
let build: TestBuild;
let rows: PageWeight[];
let pages: Map<string, string>;
beforeAll(async () => {
  build = await buildSite(path.join(ROOT, 'content-cache'));
  rows = measureFirstView(build.paths.dist);
  const files = (await listFiles(build.paths.dist)).filter((file) => file.endsWith('.html') && !file.startsWith('builds/'));
  pages = new Map(await Promise.all(files.map(async (file) => [file, await readFile(path.join(build.paths.dist, file), 'utf8')] as const)));
});

describe('first-view budget of the bundled site', () => {
  it('measures every page of both locales', () => {
    expect(rows.length).toBeGreaterThanOrEqual(45);
    expect(rows.map((r) => r.page)).toEqual(expect.arrayContaining(['index.html', 'es.html', 'all-blocks.html', '404.html', 'es/404.html']));
  });

  it(`keeps every page within ${FIRST_VIEW_BUDGET.js / 1024} KB of JavaScript and ${FIRST_VIEW_BUDGET.css / 1024} KB of CSS (gzip) before hydration`, () => {
    const over = overBudget(rows);
    expect(over, `${over.length} page(s) over budget:\n${formatFirstView(rows)}`).toEqual([]);
  });
});

describe('the bundled site’s photos in AVIF and WebP (src/node/build/media-encode.ts)', () => {
  const magic = async (url: string) => (await readFile(path.join(build.paths.dist, url))).subarray(0, 12).toString('latin1');

  it('every CMS photo of every page is a <picture>: AVIF, then an <img> of one CMS file on the site (no srcset), with the width and height', async () => {
    let pictures = 0;
    for (const [file, html] of pages) {
      const outside = html.replace(/<picture>.*?<\/picture>/gs, '');
      expect(outside.match(/<img [^>]*src="\/assets\/media\/[^"]+\.(?:jpe?g|png|webp)"/g), `${file}: a photo without <picture>`).toBeNull();
      for (const [, sources, img] of html.matchAll(/<picture>(.*?)(<img [^>]*>)<\/picture>/gs)) {
        pictures += 1;
        expect(sources, file).toMatch(/^<source type="image\/avif" srcSet="[^"]+" sizes="[^"]+"\/>$/);
        expect(img, file).toMatch(/ width="\d+" height="\d+"/);
        // The fallback only a browser without AVIF takes (docs/performance.md, "What a page is made of"): one file, not a srcset of the CMS formats.
        expect(img, file).not.toMatch(/srcSet|sizes/);
        const src = /src="([^"]+)"/.exec(img ?? '')?.[1] ?? '';
        expect(existsSync(path.join(build.paths.dist, src)), `${file}: ${src}`).toBe(true);
      }
    }
    expect(pictures).toBeGreaterThan(100);
  });

  it('the variants they name are on the site, AVIF and WebP files; the home page preloads its hero in AVIF and its video poster is WebP', async () => {
    const home = pages.get('index.html')!;
    const urls = new Set([...home.matchAll(/(\/assets\/media\/[^\s",]+\.(?:avif|webp))/g)].map((m) => m[1]!));
    expect(urls.size).toBeGreaterThan(20);
    for (const url of urls) expect(await magic(url), url).toMatch(url.endsWith('.avif') ? /^....ftypavif/s : /^RIFF....WEBP$/s);
    expect(home).toMatch(/<link rel="preload" as="image" imagesrcset="[^"]+\.avif 400w[^"]*" imagesizes="100vw" type="image\/avif" fetchpriority="high">/);
    expect(home).toMatch(/<video [^>]*poster="\/assets\/media\/[^"]+\.webp"/);
  });
});

describe('the JSON the bundled site serves the browser, on the wire (src/shared/wire.ts)', () => {
  it('every payload (the 404 pages’ embedded ones too) and modals file reads back and writes again to the same bytes, every media object and block packed', async () => {
    const files = (await listFiles(build.paths.dist)).filter((file) => /(?:^|\/)_(?:payload|modals)\.json$/.test(file));
    const embedded = [...pages]
      .filter(([file]) => file.endsWith('404.html'))
      .map(([file, html]) => [file, /<script id="__MAREA_PAYLOAD__" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!]);
    expect(embedded).toHaveLength(2);
    const served = [...(await Promise.all(files.map(async (file) => [file, await readFile(path.join(build.paths.dist, file), 'utf8')]))), ...embedded];
    expect(served.length).toBeGreaterThan(40);
    for (const [file, json] of served) {
      expect(wireJson(fromWire(JSON.parse(json!))), file).toBe(json);
      expect(json, file).not.toContain('"formats":');
      expect(json, file).not.toContain('"component":');
    }
  });
});

describe('the bundled site’s short class names (src/node/build/class-names.ts)', () => {
  const map = classNameMap(ROOT);
  const short = new Set(map.values());
  const classesOf = (html: string) => [...html.matchAll(/ class="([^"]*)"/g)].flatMap((m) => m[1]!.split(/\s+/).filter(Boolean));

  it('no page, stylesheet or script names a mapped BEM class; the pages name the short ones', async () => {
    let renamed = 0;
    for (const [file, html] of pages) {
      const classes = classesOf(html);
      expect(
        classes.filter((name) => map.has(name)),
        file,
      ).toEqual([]);
      renamed += classes.filter((name) => short.has(name)).length;
    }
    expect(renamed).toBeGreaterThan(1000);
    expect(pages.get('index.html')).toContain(`class="${map.get('hero__title')}"`);
    const assets = (await listFiles(path.join(build.paths.dist, 'assets'))).filter((file) => /\.(?:css|js)$/.test(file));
    for (const file of assets) expect(leftoverNames(await readFile(path.join(build.paths.dist, 'assets', file), 'utf8'), map), file).toEqual([]);
  });

  it('every short class a page names is one the stylesheet selects', async () => {
    const css = (await listFiles(path.join(build.paths.dist, 'assets'))).filter((file) => file.endsWith('.css'));
    expect(css).toHaveLength(1);
    const selected = new Set([...(await readFile(path.join(build.paths.dist, 'assets', css[0]!), 'utf8')).matchAll(/\.([A-Za-z][\w-]*)/g)].map((m) => m[1]!));
    for (const [file, html] of pages)
      expect(
        classesOf(html).filter((name) => short.has(name) && !selected.has(name)),
        file,
      ).toEqual([]);
  });
});
