// @vitest-environment node
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../src/node/build/paths.js';
import { MAX_IMAGE_PIXELS } from '../../src/node/build/media-pixels.js';
import { buildSite, type TestBuild } from '../support/build-site.js';
import { hugePng } from '../support/huge-png.js';

/**
 * Rule 13 for what is too large to build (docs/security.md): a share image
 * with more pixels than the build decodes and a rich text beyond the
 * renderer's limits are content errors of the page that has them, which is
 * held back; every other page publishes.
 */
type Entry = Record<string, unknown>;

let dir: string;
let build: TestBuild;

const HUGE = '/uploads/huge_share_0123456789.png';

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'marea-oversized-'));
  await cp(path.join(ROOT, 'content-cache'), dir, { recursive: true });
  await writeFile(path.join(dir, HUGE), hugePng(50_000, 50_000));
  const file = path.join(dir, 'api', 'pages.en.json');
  const json = JSON.parse(await readFile(file, 'utf8')) as { data: Entry[] };
  const page = (slug: string) => json.data.find((p) => p.slug === slug)!;
  // A 50,000 × 50,000 PNG (2.5 gigapixels, a few dozen bytes on disk) as one page's share image.
  const seo = page('services/dining').seo as Entry;
  seo.metaImage = {
    ...(seo.metaImage as Entry),
    name: 'huge-share.png',
    hash: 'huge_share_0123456789',
    ext: '.png',
    mime: 'image/png',
    width: 50_000,
    height: 50_000,
    formats: {},
    url: HUGE,
  };
  // Another page's rich text over the renderer's limit (262,144 characters).
  const terms = (page('terms').blocks as Entry[]).find((b) => b.__component === 'blocks.wysiwyg')!;
  terms.body = `<p>${'All rates are per room and night. '.repeat(8_000)}</p>`;
  // And another's as Strapi 5 blocks: their text is counted before anything renders.
  const privacy = (page('privacy').blocks as Entry[]).find((b) => b.__component === 'blocks.wysiwyg')!;
  privacy.body = Array.from({ length: 3 }, () => ({ type: 'paragraph', children: [{ type: 'text', text: 'We keep your data safe. '.repeat(4_000) }] }));
  await writeFile(file, JSON.stringify(json));
  build = await buildSite(dir);
}, 600_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('rule 13: what is too large to build holds back its page, the rest publishes', () => {
  it('an oversized share image is an ImageTooLarge error of its page, naming the field, the file and the limit', () => {
    const held = build.result.heldBack.find((h) => h.slug === 'services/dining');
    expect(held).toMatchObject({ entity: 'page', locale: 'en', kept: null });
    expect(held!.issues).toEqual([
      expect.objectContaining({
        code: 'ImageTooLarge',
        entity: 'page',
        slug: 'services/dining',
        field: 'seo.metaImage',
        message: `Image ${HUGE} is 50000 × 50000 pixels, more than the ${MAX_IMAGE_PIXELS} pixels the build decodes; it was not published`,
      }),
    ]);
  });

  it.each(['terms', 'privacy'])('a rich text over the size limit is a RichTextTooLarge error of its page (%s: HTML, Strapi blocks)', (slug) => {
    const held = build.result.heldBack.find((h) => h.slug === slug);
    expect(held).toMatchObject({ entity: 'page', locale: 'en', kept: null });
    expect(held!.issues).toEqual([
      expect.objectContaining({
        code: 'RichTextTooLarge',
        slug,
        field: expect.stringMatching(/^blocks\[\d+\]\.body$/) as string,
        message: expect.stringContaining('at most 262144') as string,
      }),
    ]);
  });

  it('nothing else is held back, and every other page publishes', async () => {
    expect(build.result.heldBack.map((h) => h.slug).sort()).toEqual(['privacy', 'services/dining', 'terms']);
    for (const file of ['services/dining.html', 'terms.html', 'privacy.html']) expect(existsSync(path.join(build.paths.dist, file)), file).toBe(false);
    for (const file of ['index.html', 'services.html', 'services/spa.html', 'contact.html', 'es/servicios/restaurantes.html']) {
      expect(existsSync(path.join(build.paths.dist, file)), file).toBe(true);
    }
    // No share image of the oversized file was written, and no copy of it published.
    expect(await readFile(path.join(build.paths.dist, 'index.html'), 'utf8')).not.toContain('huge_share');
  });
});
