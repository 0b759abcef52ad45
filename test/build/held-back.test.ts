// @vitest-environment node
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../src/node/build/paths.js';
import { ContentValidationError } from '../../src/node/build/pipeline.js';
import { buildSite, type TestBuild } from '../support/build-site.js';

/**
 * Rule 13 and content contract, "Validation": one editor's mistake never
 * freezes the site. Pages and modals with content errors keep the files of
 * the build that is live (byte for byte, never rendered again), other pages
 * treat them as live, a page never published stays out, the rest of the
 * edits publish; errors in what every page carries still stop the build.
 */
const NOW = new Date('2026-11-20T12:00:00Z');
type Entry = Record<string, unknown>;
type Json = { data: Entry[] | Entry };

let dir: string;
let first: TestBuild;
let second: TestBuild;

async function edit(file: string, change: (json: Json) => void): Promise<void> {
  const full = path.join(dir, 'api', file);
  const json = JSON.parse(await readFile(full, 'utf8')) as Json;
  change(json);
  await writeFile(full, JSON.stringify(json));
}
const list = (json: Json) => json.data as Entry[];
const bySlug = (json: Json, slug: string) => list(json).find((p) => p.slug === slug)!;
const read = (build: TestBuild, file: string) => readFile(path.join(build.paths.dist, file), 'utf8');
const heldOf = (build: TestBuild, slug: string) => build.result.heldBack.find((h) => h.slug === slug);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'marea-held-'));
  await cp(path.join(ROOT, 'content-cache'), dir, { recursive: true });
  first = await buildSite(dir, { now: NOW });
  expect(first.result.heldBack).toEqual([]);

  // A published Spanish page made invalid, with a new title that must not go live.
  await edit('pages.es-MX.json', (json) => {
    const villa = bySlug(json, 'habitaciones/villa-jardin');
    villa.title = 'Villa Rota';
    villa.blocks = 'not a list';
  });
  await edit('pages.en.json', (json) => {
    // A new page that takes the path of a live one, listed first: the live page keeps its path.
    const rooms = bySlug(json, 'rooms');
    list(json).unshift({ ...rooms, id: 9001, documentId: 'dup00000000000000000000x', title: 'Rooms again', localizations: [] });
    // A new page with an error: never published, it stays out.
    const spa = bySlug(json, 'services/spa');
    list(json).push({ ...spa, id: 9002, documentId: 'new00000000000000000000x', slug: 'late-checkout', title: 'Late checkout', blocks: {}, localizations: [] });
    // An edit without errors publishes, with a link to the new page, which stays out: that link is dead.
    const contact = bySlug(json, 'contact');
    contact.title = 'Contact us, day and night';
    const text = (contact.blocks as Entry[]).find((b) => b.__component === 'blocks.wysiwyg')!;
    text.body = `${String(text.body)}<p><a href="/late-checkout">Late checkout</a></p>`;
  });
  // A file only one page uses is gone: that page is held back, not the site.
  await rm(path.join(dir, 'uploads', 'window_seat_b843c1b1f0.jpg'));
  // A modal with an error keeps its live version.
  await edit('modals.en.json', (json) => {
    const modal = list(json).find((m) => m.modalName === 'spa-rituals')!;
    modal.dynZone = 'broken';
  });
  second = await buildSite(dir, { paths: first.paths, now: NOW });
}, 600_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('rule 13: content errors hold back what has them, the rest publishes', () => {
  it('the build publishes and names what it held back and why', () => {
    expect(second.result.buildId).not.toBe(first.result.buildId);
    const villa = heldOf(second, 'habitaciones/villa-jardin');
    expect(villa).toMatchObject({ entity: 'page', locale: 'es', kept: '/es/habitaciones/villa-jardin', title: 'Villa Jardín' });
    expect(villa!.issues.map((i) => i.code)).toContain('ComponentsNotArray');
    expect(heldOf(second, 'late-checkout')).toMatchObject({ entity: 'page', locale: 'en', kept: null, documentId: 'new00000000000000000000x' });
    expect(second.result.heldBack.filter((h) => h.slug === 'rooms')).toEqual([
      expect.objectContaining({ kept: '/rooms' }),
      expect.objectContaining({ kept: null, documentId: 'dup00000000000000000000x' }),
    ]);
    expect(heldOf(second, 'spa-rituals')).toMatchObject({ entity: 'modal', locale: 'en', kept: 'spa-rituals' });
    const post = heldOf(second, 'blog/winter-flights-from-chicago');
    expect(post).toMatchObject({ entity: 'page', locale: 'en', kept: '/blog/winter-flights-from-chicago' });
    expect(post!.issues).toMatchObject([{ code: 'MediaMissing', entity: 'page', message: expect.stringContaining('/uploads/window_seat_b843c1b1f0.jpg') as string }]);
    expect(second.log.join('\n')).toMatch(/held back: page \[es\] "habitaciones\/villa-jardin", 1 error; its last published version stays live/);
  });

  it('a held page keeps its live files byte for byte', async () => {
    for (const file of [
      'es/habitaciones/villa-jardin.html',
      'es/habitaciones/villa-jardin/_payload.json',
      'rooms.html',
      'rooms/_payload.json',
      'blog/winter-flights-from-chicago.html',
    ]) {
      expect(await read(second, file), file).toBe(await read(first, file));
    }
    expect(await read(second, 'es/habitaciones/villa-jardin.html')).not.toContain('Villa Rota');
  });

  it('other pages treat it as live: lists, sitemap and hreflang', async () => {
    // The Spanish list and site map show it as live: their payloads are those of the live build (the release aside).
    const payload = async (build: TestBuild, file: string) => ({ ...(JSON.parse(await read(build, file)) as object), release: null });
    for (const file of ['es/habitaciones/_payload.json', 'es/mapa-del-sitio/_payload.json']) {
      expect(await payload(second, file), file).toEqual(await payload(first, file));
    }
    const sitemap = await read(second, 'sitemap.xml');
    expect(sitemap).toContain('<loc>https://marea.example/es/habitaciones/villa-jardin</loc>');
    expect(sitemap).not.toContain('/late-checkout');
    const english = await read(second, 'rooms/garden-villa.html');
    expect(english).toContain('hreflang="es-MX" href="https://marea.example/es/habitaciones/villa-jardin"');
  });

  it('a link to a page that was held back out of the site is a warning, though the edited content had that page', () => {
    const dead = second.result.warnings.filter((w) => w.code === 'UnknownLinkTarget' && w.message.includes('/late-checkout'));
    expect(dead).toEqual([expect.objectContaining({ entity: 'page', locale: 'en', slug: 'contact', field: expect.stringContaining('body') as string })]);
    expect(first.result.warnings.some((w) => w.message.includes('/late-checkout'))).toBe(false);
  });

  it('a page never published stays out, and the other edits are live', async () => {
    expect(existsSync(path.join(second.paths.dist, 'late-checkout.html'))).toBe(false);
    expect(await read(second, 'contact.html')).toContain('Contact us, day and night');
    expect(await read(second, 'rooms.html')).not.toContain('Rooms again');
  });

  it('a held modal keeps its live version in the modals list', async () => {
    const live = JSON.parse(await read(first, '_modals.json')) as unknown[];
    const now = JSON.parse(await read(second, '_modals.json')) as unknown[];
    const spa = (modals: unknown[]) => modals.find((m) => JSON.stringify(m).includes('"spa-rituals"'));
    expect(spa(now)).toEqual(spa(live));
  });

  it('fixed, the page renders again with its new content', async () => {
    await edit('pages.es-MX.json', (json) => {
      bySlug(json, 'habitaciones/villa-jardin').blocks = [];
    });
    const third = await buildSite(dir, { paths: first.paths, now: NOW });
    expect(heldOf(third, 'habitaciones/villa-jardin')).toBeUndefined();
    expect(await read(third, 'es/habitaciones/villa-jardin.html')).toContain('Villa Rota');
  });

  it('its images stay published with it: every media file its HTML names is in the new build', async () => {
    const html = await read(second, 'blog/winter-flights-from-chicago.html');
    const files = [...new Set([...html.matchAll(/\/assets\/media\/[^"'\s),]+/g)].map(([url]) => url))];
    expect(files.some((file) => file.includes('window_seat'))).toBe(true);
    for (const file of files) expect(existsSync(path.join(second.paths.dist, file)), file).toBe(true);
  });

  it('an error in what every page carries (the layout) still stops the build, and the site stays as it was', async () => {
    const before = await read(second, 'index.html');
    await edit('layout.en.json', (json) => {
      (json.data as Entry).header = 'broken';
    });
    await expect(buildSite(dir, { paths: first.paths, now: NOW })).rejects.toBeInstanceOf(ContentValidationError);
    expect(await read(second, 'index.html')).toBe(before);
  });
});
