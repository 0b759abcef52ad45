import { readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPreviewServer, listen } from '../../src/node/preview/server.js';
import { serializeForScript } from '../../src/shared/payload.js';
import { fromWire } from '../../src/shared/wire.js';
import { scanHtml, scanJsonText, scanJsonValue, type Finding } from '../xss/scan.js';
import { buildPoisonedSite, servedFiles, type PoisonedSite } from '../xss/site.js';
import { VECTORS, type Family } from '../xss/vectors.js';

/** The JSON files the build writes in the wire form (src/shared/wire.ts): page payloads and the modals files. */
const wireFile = (file: string) => /(?:^|\/)_(?:payload|modals)\.json$/.test(file);

/**
 * The XSS corpus, the static half: the bundled site with every vector in every
 * text, rich-text, link, media, SEO, form and modal field builds, and no
 * vector is left anywhere a browser would run it: HTML (parsed), payloads,
 * `_modals.json`, sitemap, robots.txt, and the headers the preview server
 * sends. The browser half is test/browser/xss.test.ts.
 */
let site: PoisonedSite;
beforeAll(async () => {
  site = await buildPoisonedSite();
});

describe('the XSS corpus', () => {
  it('at least 100 distinct vectors in every family, each calling the hook with its name', () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(100);
    expect(new Set(VECTORS.map((v) => v.name)).size).toBe(VECTORS.length);
    expect(new Set(VECTORS.map((v) => v.payload)).size).toBeGreaterThanOrEqual(100);
    const families = new Set<Family>(VECTORS.map((v) => v.family));
    expect([...families].sort()).toEqual(['attribute', 'css', 'event', 'json', 'misc', 'mutation', 'script', 'svg-math', 'template', 'url']);
    for (const v of VECTORS) expect(v.payload, v.name).toMatch(/xss|&#95;|;base64,/);
  });

  it('the scanner finds a vector wherever it could run (so its zero means something)', () => {
    const bad = [
      '<img src=x onerror="__xss(1)">',
      '<a href=" &#x6A;ava&Tab;script:__xss(1)">x</a>',
      '<script>__xss(1)</script>',
      '<iframe srcdoc="x"></iframe>',
      '<form><button formaction="javascript:__xss(1)">x</button></form>',
      '<img srcset="javascript:__xss(1) 1x">',
      '<div style="background:url(javascript:__xss(1))">x</div>',
      '<meta http-equiv="refresh" content="0;url=javascript:__xss(1)">',
      '<svg><a xlink:href="javascript:__xss(1)"><text>x</text></a></svg>',
      '<a href="data:text/html,<script>__xss(1)</script>">x</a>',
    ];
    for (const html of bad) expect(scanHtml(`<!doctype html><body>${html}`, 'sample.html', []), html).not.toEqual([]);
    expect(scanHtml('<!doctype html><body><p>&lt;img src=x onerror=__xss(1)&gt;</p><a href="/javascript:__xss(1)">x</a>', 'ok.html', [])).toEqual([]);
    expect(scanJsonText('{"a":"</script><script>__xss(1)</script>"}', 'x.json')).not.toEqual([]);
    expect(scanJsonText('{"a":"\u2028"}', 'x.json')).not.toEqual([]);
    expect(scanJsonText(serializeForScript({ a: '</script><!--\u2028\u2029' }), 'x.json')).toEqual([]);
    expect(scanJsonValue({ body: '<img src=x onerror=__xss(1)>', link: { url: 'JaVaScRiPt:__xss(1)' } }, 'x.json')).toHaveLength(2);
  });

  it('every vector lands in several kinds of field, of every block the site uses', async () => {
    const { poisoned } = site;
    for (const v of VECTORS) expect(poisoned.kinds.get(v.name)?.size ?? 0, v.name).toBeGreaterThanOrEqual(3);
    const kinds = new Set(poisoned.placements.map((p) => p.kind));
    // Text, rich text, links (label, url, slug), media (alt, caption, url), SEO, forms (options, action) and modal items.
    for (const kind of [
      'page.title',
      'seo.metaTitle',
      'seo.metaDescription',
      'seo.metaImage.alt',
      'hero.link.url',
      'hero.media.url',
      'form.options',
      'form.url',
      'form.richText',
      'embedded-form.text',
      'room.link.slug',
      'wysiwyg.richText',
      'footer.links.label',
      'gallery.mediaList.caption',
    ]) {
      expect(kinds, kind).toContain(kind);
    }
    const components = new Set(poisoned.placements.map((p) => p.kind.split('.')[0]));
    for (const c of [
      'hero',
      'image',
      'video',
      'wysiwyg',
      'carousel',
      'gallery',
      'accordion',
      'form',
      'header',
      'footer',
      'cookie-notice',
      'offer-toast',
      'terms-list',
      'site-map',
      'share',
      'phone',
      'room',
      'service',
      'embedded-form',
    ]) {
      expect(components, c).toContain(c);
    }
    console.log(`XSS corpus: ${VECTORS.length} vectors, ${poisoned.fields} fields poisoned (${kinds.size} kinds of field), ${site.pages.length} pages built`);
  });

  it('the poisoned site builds (non-strict) and says what it refused: unsafe links dropped, markup stripped', () => {
    const { result } = site.build;
    expect(site.pages.length).toBeGreaterThanOrEqual(40);
    expect(site.pages.some((p) => p.startsWith('/es'))).toBe(true);
    const codes = new Map<string, number>();
    for (const w of result.warnings) codes.set(w.code, (codes.get(w.code) ?? 0) + 1);
    expect(codes.get('UnsafeLink') ?? 0).toBeGreaterThan(50);
    const unsafe = result.warnings.find((w) => w.code === 'UnsafeLink')!;
    expect(unsafe.message).toMatch(/Unsafe URL with '(javascript|data|vbscript|blob):' protocol was dropped/);
    expect(unsafe.field).toBeTruthy();
  });

  it('no vector can run from any HTML page, payload, _modals.json, sitemap or robots.txt', async () => {
    const files = await servedFiles(site.dist);
    const findings: Finding[] = [];
    const kinds = new Map<string, number>();
    for (const file of files) {
      const text = await readFile(path.join(site.dist, file), 'utf8');
      const ext = path.extname(file) || file;
      kinds.set(ext, (kinds.get(ext) ?? 0) + 1);
      if (file.endsWith('.html')) findings.push(...scanHtml(text, file, VECTORS));
      // A payload or modals file is read as the browser reads it (src/shared/wire.ts): every value at its key, references resolved.
      else if (file.endsWith('.json'))
        findings.push(...scanJsonText(text, file), ...scanJsonValue(wireFile(file) ? fromWire(JSON.parse(text)) : (JSON.parse(text) as unknown), file));
      else if (file.endsWith('.xml')) {
        const doc = new JSDOM(text, { contentType: 'text/xml' }).window.document;
        if (doc.getElementsByTagName('parsererror').length > 0) findings.push({ file, where: 'XML', found: 'not well-formed' });
        if (/xss|<script|javascript:/i.test(text)) findings.push({ file, where: 'text', found: text.slice(0, 200) });
      } else if (/xss|<script|javascript:/i.test(text)) findings.push({ file, where: 'text', found: text.slice(0, 200) });
    }
    expect(kinds.get('.html')).toBeGreaterThanOrEqual(40);
    expect(kinds.get('.json')).toBeGreaterThanOrEqual(40);
    expect(files).toContain('sitemap.xml');
    expect(files).toContain('robots.txt');
    expect(files).toContain('_modals.json');
    expect(findings).toEqual([]);
  });

  describe('served', () => {
    let server: Server;
    let origin: string;
    beforeAll(async () => {
      server = createPreviewServer(site.dist);
      origin = await listen(server, 0);
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('no header the preview server sends carries a vector', async () => {
      const urls = [...site.pages, '/sitemap.xml', '/robots.txt', '/_payload.json', '/_modals.json', '/es/_modals.json', '/no-such-page'];
      const bad: string[] = [];
      for (const url of urls) {
        const response = await fetch(`${origin}${url}`, { redirect: 'manual' });
        await response.arrayBuffer();
        for (const [name, value] of response.headers) if (/xss|<|javascript:/i.test(value)) bad.push(`${url}: ${name}: ${value}`);
        if (url !== '/no-such-page') expect(response.status, url).toBe(200);
      }
      expect(bad).toEqual([]);
    });
  });
});
