// @vitest-environment node
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Block, Media, Page, SiteContent } from '../../shared/model.js';
import { shareSource } from '../../shared/structured-data.js';
import { BLOCK_DECLARATIONS, type Component } from '../../shared/blocks/catalogue.js';
import type { PageEntry } from '../content/pages.js';
import { builtPages } from './list-pages.js';
import { resortsOf } from './resolve-page-data.js';
import { formActionOrigins } from './media-walks.js';
import { SetAsideBlocks, setAsideBlocks } from './spill.js';

const image = (url: string): Media => ({ kind: 'image', url, mime: 'image/jpeg', width: 10, height: 10, alt: '', formats: [] });
const block = (component: Component, key: string, props: Record<string, unknown>): Block => ({ component, name: component, key, countries: null, props });

function entry(slug: string, blocks: Block[]): PageEntry {
  const page = { locale: 'en', slug, path: `/${slug}`, blocks } as Page;
  return { draft: { page, rawId: null, rawDocumentId: null, translations: [] }, issues: [], index: 0 };
}

let work: string;
afterEach(() => rmSync(work, { recursive: true, force: true }));

describe('blocks set aside (spill.ts)', () => {
  it('keep with each page only the blocks read across pages, note what the rest hold, and give them all back, in order', () => {
    work = mkdtempSync(path.join(tmpdir(), 'marea-spill-'));
    const store = SetAsideBlocks.create(work);
    const blocks = [
      block('blocks.hero', '0', { title: 'Hola', media: image('/uploads/hero.jpg') }),
      block('blocks.wysiwyg', '1', { body: '<p>Un texto – con “comillas” <img src="/uploads/inline.png"></p>' }),
      block('blocks.carousel', '2', { slides: [{ link: { kind: 'internal', slug: 'rooms', label: 'Rooms' }, media: image('/uploads/slide.jpg') }] }),
      block('blocks.booking', '3', { resorts: [{ code: 'TUL' }] }),
    ];
    const entries = [entry('a', structuredClone(blocks)), { draft: null, issues: [], index: 1 }, entry('b', [])];
    const file = store.fileOf('en', 1);
    const part = setAsideBlocks(entries, file);

    expect(entries[0]!.draft!.page.blocks.map((b) => b.component)).toEqual(['blocks.hero', 'blocks.booking']);
    expect(part.notes[1]).toBeNull();
    // What each link leads to, one text a page; where each is, read from the blocks again when a link is reported.
    expect(JSON.parse(part.notes[0]!.targets)).toEqual(['srooms']);
    expect(part.media.sort()).toEqual(['/uploads/hero.jpg', '/uploads/inline.png', '/uploads/slide.jpg']);
    expect(part.raster.sort()).toEqual(['/uploads/hero.jpg', '/uploads/slide.jpg']);

    store.add('en', 1, entries, part);
    const [a, b] = [entries[0]!.draft!.page, entries[2]!.draft!.page];
    expect(store.linksOf(a)!.targets).toBe(part.notes[0]!.targets);
    expect(store.linksOf(a)!.where()).toEqual([{ slug: 'rooms', position: 2, component: 'blocks.carousel', field: 'blocks[2].slides[0].link' }]);
    expect(store.media).toEqual(new Set(part.media));
    store.settle([a, b]);
    // Read back by path, byte for byte (the dash and the quotes are several bytes each in UTF-8).
    expect(store.blocksOf(a)).toEqual(blocks);
    expect(store.blocksOf(b)).toEqual([]);
    // A page nobody set aside has its own blocks.
    const other = { path: '/other', blocks: [blocks[0]!] };
    expect(store.blocksOf(other)).toBe(other.blocks);

    // A page to render gets all its blocks, the media phase's rewrite applied; a list page (n ≥ 2) shares them.
    const rewrite = (list: Block[]) => list.map((x) => ({ ...x, key: `${x.key}!` }));
    const restored = store.restore({ page: a, source: a, n: 1 }, rewrite);
    expect(restored.page).toBe(restored.source);
    expect(restored.page.blocks.map((x) => x.key)).toEqual(['0!', '1!', '2!', '3!']);
    const listPage = { ...a, path: '/a/page/2' };
    const second = store.restore({ page: listPage, source: a, n: 2 }, rewrite);
    expect(second.page.path).toBe('/a/page/2');
    expect(second.page.blocks).toBe(second.source.blocks);

    store.close();
    expect(existsSync(store.dir)).toBe(false);
  });

  it('read blocks kept by an earlier build (trusted by their file’s size and times) only when they match their hash', () => {
    work = mkdtempSync(path.join(tmpdir(), 'marea-spill-'));
    const store = SetAsideBlocks.create(work);
    const blocks = [block('blocks.wysiwyg', '0', { body: '<p>Hola</p>' })];
    const entries = [entry('a', structuredClone(blocks)), entry('b', structuredClone(blocks))];
    const kept = path.join(work, 'kept.blocks');
    const part = setAsideBlocks(entries, kept);
    // As the cache keeps it (page-cache.ts): the blocks after a 32-byte digest, one page's altered.
    const bytes = Buffer.concat([Buffer.alloc(32), readFileSync(kept)]);
    bytes[32 + part.notes[1]!.offset + 5] = 0x20;
    writeFileSync(kept, bytes);
    store.add('en', 1, entries, part, { file: kept, base: 32 });
    const [a, b] = entries.map((e) => e.draft!.page);
    store.settle([a!, b!]);
    expect(store.blocksOf(a!)).toEqual(blocks);
    expect(() => store.blocksOf(b!)).toThrow(`${kept} was changed since it was written (the blocks of /b do not match their hash)`);
    store.close();
  });

  it('keep with its page a block exactly when its declaration says `readAcrossPages` or it has a captions field', () => {
    work = mkdtempSync(path.join(tmpdir(), 'marea-spill-'));
    const entries = [
      entry(
        'all',
        BLOCK_DECLARATIONS.map((d, i) => block(d.component, String(i), {})),
      ),
    ];
    setAsideBlocks(entries, path.join(work, 'part.json'));
    const kept = BLOCK_DECLARATIONS.filter((d) => d.readAcrossPages || Object.values(d.fields).some((f) => f.kind === 'captions')).map((d) => d.component);
    expect(entries[0]!.draft!.page.blocks.map((b) => b.component)).toEqual(kept);
    expect(kept).toEqual(expect.arrayContaining(['blocks.hero', 'blocks.blog-list', 'blocks.pagination', 'blocks.booking', 'blocks.form']));
  });

  it('leave what is read across pages as the whole blocks give it: share image, list pages, resorts, form origins', () => {
    work = mkdtempSync(path.join(tmpdir(), 'marea-spill-'));
    const hero = image('/uploads/hero.jpg');
    const journal = [
      block('blocks.wysiwyg', '0', { body: '<p>Hola</p>' }),
      block('blocks.hero', '1', { media: hero }),
      block('blocks.booking', '2', { resorts: [{ code: 'TUL', name: 'Tulum', destination: 'Riviera Maya' }] }),
      block('blocks.blog-list', '3', { kind: 'post', pageSize: 1 }),
      block('blocks.pagination', '4', {}),
      block('blocks.form', '5', { name: 'contact', action: 'https://forms.example.com/contact' }),
      block('blocks.gallery', '6', { images: [image('/uploads/g.jpg')] }),
    ];
    const page = (slug: string, kind: Page['kind'], blocks: Block[]) =>
      ({
        locale: 'en',
        slug,
        path: `/${slug}`,
        kind,
        title: slug,
        date: null,
        documentId: slug,
        alternates: {},
        seo: { metaTitle: '', metaDescription: '', metaImage: null, noIndex: false },
        cover: slug === 'journal' ? image('/uploads/cover.jpg') : null,
        blocks,
      }) as unknown as Page;
    const site = (blocks: Block[]) => [page('journal', 'page', blocks), page('a', 'post', []), page('b', 'post', []), page('c', 'post', [])];
    const content = (pages: Page[]) => ({ pages, layouts: { en: { header: [], footer: [] } }, modals: { en: [] } }) as unknown as SiteContent;
    const reads = (pages: Page[]) => ({
      share: shareSource(pages[0]!),
      listPages: builtPages(pages).map((b) => b.page.path),
      resorts: resortsOf(content(pages), 'en'),
      forms: formActionOrigins(pages[0]!.blocks),
    });
    const whole = site(structuredClone(journal));
    const setAside = site(structuredClone(journal));
    const part = setAsideBlocks([{ draft: { page: setAside[0]!, rawId: null, rawDocumentId: null, translations: [] }, issues: [], index: 0 }], path.join(work, 'part.json'));
    expect(setAside[0]!.blocks.length).toBeLessThan(journal.length);
    // What the media and write phases walk every page for, the thread walked the page whole for: its fields, its blocks kept and set aside.
    expect(part.media.sort()).toEqual(['/uploads/cover.jpg', '/uploads/g.jpg', '/uploads/hero.jpg']);
    expect(part.raster.sort()).toEqual(['/uploads/cover.jpg', '/uploads/g.jpg', '/uploads/hero.jpg']);
    expect(part.forms).toEqual(['https://forms.example.com']);
    const expected = reads(whole);
    expect(expected.share?.url).toBe('/uploads/hero.jpg');
    expect(expected.listPages).toContain('/journal/page/3');
    expect(expected.resorts).toEqual([{ code: 'TUL', name: 'Tulum', destination: 'Riviera Maya' }]);
    expect(expected.forms).toEqual(['https://forms.example.com']);
    expect(reads(setAside)).toEqual(expected);
  });

  it("remove the folders of builds no longer running (killed before their end), never a running one's", () => {
    work = mkdtempSync(path.join(tmpdir(), 'marea-spill-'));
    // No process has this pid (above Linux's pid_max); the parent of this test runs.
    mkdirSync(path.join(work, 'blocks-99999999'));
    mkdirSync(path.join(work, `blocks-${process.ppid}`));
    mkdirSync(path.join(work, 'bundle'));
    const store = SetAsideBlocks.create(work);
    expect(readdirSync(work).sort()).toEqual([`blocks-${process.pid}`, `blocks-${process.ppid}`, 'bundle'].sort());
    store.close();
  });
});
