import { createHash } from 'node:crypto';
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../src/node/build/paths.js';
import { ContentValidationError } from '../../src/node/build/pipeline.js';
import { listFiles } from '../../src/node/build/hash.js';
import { publishBuild } from '../../src/node/build/publish.js';
import { buildSite, tempPaths, type TestBuild } from '../support/build-site.js';

const FIXTURE = path.join(ROOT, 'test/fixtures/site');
const NOW = new Date('2026-06-15T12:00:00Z');

async function treeHash(dir: string): Promise<string> {
  const hash = createHash('sha256');
  for (const file of await listFiles(dir)) hash.update(file).update(await readFile(path.join(dir, file)));
  return hash.digest('hex');
}

const read = (build: TestBuild, file: string) => readFile(path.join(build.paths.dist, file), 'utf8');

let build: TestBuild;
beforeAll(async () => {
  build = await buildSite(FIXTURE, { now: NOW });
});

describe('build of the fixture site (docs/architecture.md, "Output")', () => {
  it('writes every page of both locales with its payload (rule 5, 18)', async () => {
    const files = await listFiles(build.paths.dist);
    for (const file of [
      'index.html',
      '_payload.json',
      'es.html',
      'es/_payload.json',
      'rooms/deluxe-suite.html',
      'rooms/deluxe-suite/_payload.json',
      'es/habitaciones/suite-deluxe.html',
      'es/habitaciones/suite-deluxe/_payload.json',
      'about.html',
      'es/acerca-de.html',
      'english-only.html',
      '404.html',
      'es/404.html',
      'sitemap.xml',
      'robots.txt',
      'builds/latest.json',
      `builds/meta/${build.result.buildId}.json`,
    ]) {
      expect(files, file).toContain(file);
    }
    expect(files.some((f) => f.startsWith('es/english-only'))).toBe(false);
    expect(files.some((f) => f === 'home.html' || f.startsWith('home/'))).toBe(false);
    expect(files.some((f) => /^assets\/media\/.+\.[0-9a-f]{10}\.jpe?g$/.test(f))).toBe(true);
    expect(files.some((f) => f.startsWith('static-loader-data-manifest'))).toBe(false);
  });

  it('puts the content, lang, canonical and reciprocal hreflang in the static HTML (rule 12)', async () => {
    const es = await read(build, 'es/habitaciones/suite-deluxe.html');
    expect(es).toContain('<html lang="es-MX">');
    expect(es).toContain('<link rel="canonical" href="https://marea.example/es/habitaciones/suite-deluxe" />');
    expect(es).toContain('hreflang="en-US" href="https://marea.example/rooms/deluxe-suite"');
    expect(es).toContain('hreflang="x-default" href="https://marea.example/rooms/deluxe-suite"');
    const en = await read(build, 'rooms/deluxe-suite.html');
    expect(en).toContain('hreflang="es-MX" href="https://marea.example/es/habitaciones/suite-deluxe"');
    expect(en).toMatch(/<main id="main"[^>]*>.*<h1/s);
    const only = await read(build, 'english-only.html');
    expect(only).not.toContain('hreflang="es-MX"');
    expect(only).toContain('hreflang="x-default" href="https://marea.example/english-only"');
  });

  it("orders <head> for first paint: the stylesheet before any script or modulepreload, the page's block chunks hinted", async () => {
    const html = await read(build, 'rooms/deluxe-suite.html');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.indexOf('rel="stylesheet"')).toBeGreaterThan(0);
    expect(head.indexOf('rel="stylesheet"')).toBeLessThan(head.indexOf('<script'));
    expect(head.indexOf('rel="stylesheet"')).toBeLessThan(head.indexOf('rel="modulepreload"'));
    expect(head).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/block-hero-[\w-]+\.js" fetchpriority="low">/);
    // The entry and every modulepreload wait for the first paint: inert in a template a small inline script empties then.
    const template = /<template id="__MAREA_SCRIPTS__">(.*)<\/template>\s*<script>\(function\(\)\{/s.exec(head)?.[1] ?? '';
    expect(template).toMatch(/^\s*<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
    expect(template.match(/rel="modulepreload"/g)?.length).toBe(head.match(/rel="modulepreload"/g)?.length);
    // The hero image is preloaded before the stylesheet.
    expect(head.indexOf('rel="preload" as="image"')).toBeGreaterThan(0);
    expect(head.indexOf('rel="preload" as="image"')).toBeLessThan(head.indexOf('rel="stylesheet"'));
    // react-helmet-async (vite-react-ssg's provider, unused) is replaced by a stub in the bundle.
    const entry = /<script type="module" crossorigin src="\/([^"]+)">/.exec(head)![1]!;
    expect(await read(build, entry)).not.toContain('data-rh');
  });

  it('rule 18: writes the payload once, beside the page, and the page preloads it for hydration', async () => {
    const html = await read(build, 'rooms/deluxe-suite.html');
    const payload = await read(build, 'rooms/deluxe-suite/_payload.json');
    expect(html).not.toContain('__MAREA_PAYLOAD__');
    const data = JSON.parse(payload);
    expect(html).toContain(`<link rel="preload" as="fetch" crossorigin href="/rooms/deluxe-suite/_payload.json?v=${data.release}" data-marea-payload>`);
    // The error pages are served for any path: they embed their payload.
    expect(await read(build, '404.html')).toContain('<script id="__MAREA_PAYLOAD__" type="application/json">{');
    expect(data).toMatchObject({ kind: 'page', locale: 'en', path: '/rooms/deluxe-suite' });
    // Rules 13/18: a page carries its release, never the build id (an edit elsewhere must not rewrite it).
    expect(data.release).toMatch(/^[0-9a-f]{12}$/);
    expect(html).not.toContain(build.result.buildId);
    expect(Array.isArray(data.page.blocks)).toBe(true);
    // Media point into the site, never at the CMS.
    expect(payload).not.toContain('/uploads/');
  });

  it('writes the build manifests (rule 13)', async () => {
    const latest = JSON.parse(await read(build, 'builds/latest.json'));
    expect(latest).toEqual({ id: build.result.buildId, timestamp: build.result.timestamp });
    const meta = JSON.parse(await read(build, `builds/meta/${build.result.buildId}.json`));
    expect(meta.prerendered).toContain('/es/habitaciones/suite-deluxe');
    expect(meta.matcher).toMatchObject({ index___en: '/', slug___es: '/es/*' });
    const sitemap = await read(build, 'sitemap.xml');
    expect(sitemap).toContain('<loc>https://marea.example/es/acerca-de</loc>');
    expect(sitemap).toContain('hreflang="en-US" href="https://marea.example/about"');
    expect(await read(build, 'robots.txt')).toContain('Sitemap: https://marea.example/sitemap.xml');
  });

  it('publishes hidden copies of the Netlify forms that live in modals, for deploy-time form detection (docs/deploying.md)', async () => {
    const html = await read(build, 'netlify-forms.html');
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).toMatch(/<form name="newsletter"[^>]* data-netlify="true" netlify-honeypot="bot-field" hidden=""[^>]* method="POST">/);
    for (const name of ['form-name', 'bot-field', 'email', 'home-country', 'home-state']) expect(html).toContain(`name="${name}"`);
    expect(await read(build, 'sitemap.xml')).not.toContain('netlify-forms');
  });

  it('writes every modal of each locale beside its pages, for shared #modal= URLs (docs/architecture.md, Modals)', async () => {
    const en = JSON.parse(await read(build, '_modals.json'));
    expect(en.map((m: { name: string }) => m.name)).toEqual(['deluxe', 'newsletter']);
    expect(Array.isArray(JSON.parse(await read(build, 'es/_modals.json')))).toBe(true);
  });

  it('sanitises rich text and drops unsafe links: nothing dangerous reaches HTML or JSON (rule 23)', async () => {
    for (const file of await listFiles(build.paths.dist)) {
      if (!/\.(html|json)$/.test(file)) continue;
      const text = (await read(build, file)).toLowerCase();
      expect(text, file).not.toContain('javascript:');
      expect(text, file).not.toContain('onerror');
      expect(text, file).not.toContain('<script>alert');
    }
    expect(build.log.join('\n')).toMatch(/UnsafeLink|unsafe|javascript/i);
  });

  it('reports the unknown component with its page and position, and leaves it out', () => {
    const line = build.log.find((l) => l.includes('blocks.does-not-exist'));
    expect(line).toBeDefined();
    expect(line).toMatch(/about/);
  });

  it('rule 13: an unchanged rebuild gives the same id and byte-identical output', async () => {
    const again = await buildSite(FIXTURE, { now: NOW });
    expect(again.result.buildId).toBe(build.result.buildId);
    expect(await treeHash(again.paths.dist)).toBe(await treeHash(build.paths.dist));
    const nextDay = await buildSite(FIXTURE, { now: new Date('2026-06-16T12:00:00Z') });
    expect(nextDay.result.buildId).not.toBe(build.result.buildId);
  });
});

describe('atomic publish and rollback (docs/architecture.md)', () => {
  async function brokenFixture(): Promise<string> {
    const dir = await mkdtemp(path.join(tmpdir(), 'marea-broken-'));
    await cp(FIXTURE, dir, { recursive: true });
    const file = path.join(dir, 'api/pages.es-MX.json');
    const body = JSON.parse(await readFile(file, 'utf8'));
    body.data[0].blocks = { not: 'an array' };
    await writeFile(file, JSON.stringify(body));
    const promo = path.join(dir, 'api/promo-codes.json');
    await writeFile(promo, JSON.stringify({ data: { code: 'X' }, meta: {} }));
    // What every page carries: an error there stops the build (rule 13; the others alone would be held back).
    const layout = path.join(dir, 'api/layout.en.json');
    const shell = JSON.parse(await readFile(layout, 'utf8'));
    shell.data.footer = 'not a list';
    await writeFile(layout, JSON.stringify(shell));
    return dir;
  }

  it('a content error in the layout fails the build, names every offending entity and leaves dist byte-for-byte intact', async () => {
    const paths = await tempPaths();
    await buildSite(FIXTURE, { paths, now: NOW });
    const before = await treeHash(paths.dist);
    let failure: unknown;
    try {
      await buildSite(await brokenFixture(), { paths, now: NOW });
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(ContentValidationError);
    const issues = (failure as ContentValidationError).issues.filter((i) => i.severity === 'error');
    expect(issues.find((i) => i.message === 'Components must be an Array')).toMatchObject({ locale: 'es', entity: 'page' });
    expect(issues.find((i) => i.message === 'promocodes must be an Array')).toMatchObject({ entity: 'promo-codes' });
    expect(issues.find((i) => i.entity === 'layout')).toMatchObject({ message: 'Components must be an Array', locale: 'en', field: 'footer' });
    expect(await treeHash(paths.dist)).toBe(before);
  });

  it('keeps the last builds and re-publishes an older one (rollback)', async () => {
    const paths = await tempPaths();
    const first = await buildSite(FIXTURE, { paths, now: NOW });
    const firstHash = await treeHash(paths.dist);
    const second = await buildSite(FIXTURE, { paths, now: new Date('2026-06-16T12:00:00Z') });
    expect(second.result.buildId).not.toBe(first.result.buildId);
    expect(existsSync(path.join(paths.builds, first.result.buildId))).toBe(true);
    await publishBuild(paths, first.result.buildId);
    expect(await treeHash(paths.dist)).toBe(firstHash);
  });
});

describe('an interrupted build (atomic publish: docs/architecture.md)', () => {
  it('killed after rendering, before publishing: dist is intact and the next build recovers', async () => {
    const paths = await tempPaths();
    await buildSite(FIXTURE, { paths, now: NOW });
    const before = await treeHash(paths.dist);
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'test/support/build-child.ts'), FIXTURE, paths.dist, paths.builds], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const killed = await new Promise<boolean>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('✓ render')) {
          child.kill('SIGKILL');
          resolve(true);
        }
      });
      child.on('exit', () => resolve(false));
    });
    expect(killed).toBe(true);
    await new Promise((resolve) => child.once('exit', resolve));
    expect(await treeHash(paths.dist)).toBe(before);
    // The next build cleans the leftovers and publishes normally.
    const next = await buildSite(FIXTURE, { paths, now: new Date('2026-06-21T12:00:00Z') });
    expect(JSON.parse(await readFile(path.join(paths.dist, 'builds/latest.json'), 'utf8')).id).toBe(next.result.buildId);
    expect((await listFiles(paths.builds)).some((f) => f.startsWith('.staging-'))).toBe(false);
  });
});
