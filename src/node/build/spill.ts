import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BLOCK_DECLARATIONS } from '../../shared/blocks/catalogue.js';
import { SITE_WIDE_COMPONENTS } from '../../shared/site-wide.js';
import type { Block, Page } from '../../shared/model.js';
import { removeLeftovers } from '../platform/leftovers.js';
import { internalLinks, linkTargetsText, type SetAsideLinks } from '../content/link-targets.js';
import type { PageEntry } from '../content/pages.js';
import type { BuiltPage } from './list-pages.js';
import { captionFields, formActionOrigins, mediaUrlsInContent, rasterImages } from './media-walks.js';

/*
 * A large site's blocks, set aside on disk (docs/architecture.md, "Blocks set
 * aside"). The normalise threads (normalise-task.ts) write each page's
 * blocks to a file of their part and keep with the page only the blocks
 * other pages or phases read; the main thread holds, per page, where its
 * blocks are, and reads them back once, for its payload. What the build
 * walks every page's blocks for (media urls, raster originals, internal
 * links) the threads collect as they set the blocks aside. So the main
 * thread's memory grows with the pages' metadata, not with their blocks.
 */

/**
 * Blocks read across pages or by a phase over the whole content, kept with
 * their page: those whose declaration says `readAcrossPages` (the hero, lists
 * and pagination, the booking, forms: each says who reads it) and blocks with
 * captions fields (`checkCaptions`).
 */
const READ_ACROSS_PAGES = new Set<string>(BLOCK_DECLARATIONS.filter((d) => d.readAcrossPages).map((d) => d.component));

const readAcrossPages = (block: Block): boolean => READ_ACROSS_PAGES.has(block.component) || captionFields(block).length > 0;

/**
 * What a normalise thread notes of the blocks of a page it set aside: where they are in the part's file (bytes), what
 * their internal links lead to (link-targets.ts `linkTargetsText`), the hash of their text and whether any of them
 * reads across the site (page-inputs.ts).
 */
interface SetAsideNote {
  offset: number;
  length: number;
  targets: string;
  hash: string;
  siteWide: boolean;
  /** The hash of the page as the thread left it (its fields, the blocks it keeps): page-inputs.ts hashes it with what the cross-page work adds. */
  page: string;
}

/**
 * What a normalise thread set aside of a part: a note per entry (null: no draft), and what the build walks every page
 * for, over its pages whole (their blocks, kept or set aside, and their fields): media urls, raster originals, form
 * origins.
 */
export interface SetAsidePart {
  notes: (SetAsideNote | null)[];
  media: string[];
  raster: string[];
  forms: string[];
}

/**
 * In a normalise thread: writes the blocks of each draft of a part to
 * `file`, one JSON text after the other, and leaves each draft the blocks
 * read across pages.
 */
export function setAsideBlocks(entries: readonly PageEntry[], file: string): SetAsidePart {
  const texts: string[] = [];
  const media = new Set<string>();
  const raster = new Set<string>();
  const forms = new Set<string>();
  let offset = 0;
  const notes = entries.map((entry) => {
    const page = entry.draft?.page;
    if (!page) return null;
    const text = JSON.stringify(page.blocks);
    const length = Buffer.byteLength(text);
    for (const url of mediaUrlsInContent(page)) media.add(url);
    for (const url of rasterImages(page)) raster.add(url);
    for (const origin of formActionOrigins(page.blocks)) forms.add(origin);
    const note = {
      offset,
      length,
      targets: linkTargetsText(internalLinks('blocks', page.blocks)),
      hash: createHash('sha1').update(text).digest('base64'),
      siteWide: page.blocks.some((block) => SITE_WIDE_COMPONENTS.has(block.component)),
      page: '',
    };
    texts.push(text);
    offset += length;
    page.blocks = page.blocks.filter(readAcrossPages);
    note.page = createHash('sha1').update(JSON.stringify(page)).digest('base64');
    return note;
  });
  // One string, written as it is: encoding each page's text into one buffer instead measured 5–25% slower (docs/performance.md, "Engine round 3").
  writeFileSync(file, texts.join(''));
  return { notes, media: [...media], raster: [...raster], forms: [...forms] };
}

interface Spot {
  file: string;
  offset: number;
  length: number;
  hash: string;
  siteWide: boolean;
  /** Set aside by an earlier build (the normalised pages cache's file, trusted by its size and times: page-cache.ts): checked by `hash` when read. */
  kept?: true;
  page: string;
}

const PREFIX = 'blocks-';

/** The main thread's side: where each page's blocks are, and what the threads collected of them. */
export class SetAsideBlocks {
  /** Media urls, raster originals and form origins of the pages the threads set blocks aside of (media-walks.ts): the media and write phases walk only the rest of the content. */
  readonly media = new Set<string>();
  readonly raster = new Set<string>();
  readonly forms = new Set<string>();
  private notes = new WeakMap<readonly Block[], Spot & { targets: string }>();
  private readonly spots = new Map<string, Spot>();
  private readonly files = new Map<string, number>();

  private constructor(readonly dir: string) {}

  /** A folder of this process's under `work`, new; those of processes no longer running (a build killed before its end) and its own earlier one are removed first. */
  static create(work: string): SetAsideBlocks {
    removeLeftovers(work, PREFIX);
    const dir = path.join(work, `${PREFIX}${process.pid}`);
    mkdirSync(dir);
    return new SetAsideBlocks(dir);
  }

  /** The file a thread writes a part's blocks to. */
  fileOf(locale: string, part: number): string {
    return path.join(this.dir, `${locale}-${part}.json`);
  }

  /**
   * Takes note of a part's entries as they come back from its thread, which wrote `fileOf(locale, part)`, or found
   * them set aside in `kept`, the normalised pages cache's file (page-cache.ts `takeWholePart`), from byte `base` on.
   * That file is opened now: a later build that replaces it does not change what this one reads.
   */
  add(locale: string, part: number, entries: readonly PageEntry[], setAside: SetAsidePart, kept?: { file: string; base: number }): void {
    const file = kept?.file ?? this.fileOf(locale, part);
    const base = kept?.base ?? 0;
    if (kept && !this.files.has(file)) this.files.set(file, openSync(file, 'r'));
    for (const url of setAside.media) this.media.add(url);
    for (const url of setAside.raster) this.raster.add(url);
    for (const origin of setAside.forms) this.forms.add(origin);
    entries.forEach((entry, i) => {
      const note = setAside.notes[i];
      if (note && entry.draft) this.notes.set(entry.draft.page.blocks, { file, ...note, offset: base + note.offset, ...(kept ? { kept: true as const } : {}) });
    });
  }

  /** The internal links of a page's set-aside blocks, for the link check (link-targets.ts), until `settle`. */
  readonly linksOf = (page: Page): SetAsideLinks | undefined => {
    const note = this.notes.get(page.blocks);
    return note && { targets: note.targets, hash: note.hash, where: () => internalLinks('blocks', this.read(note, page.path)) };
  };

  /** Once the content is normalised: each page's blocks are found by its path (the media phase rewrites pages into new objects). */
  settle(pages: readonly Page[]): void {
    for (const page of pages) {
      const note = this.notes.get(page.blocks);
      if (!note) continue;
      // The note less what the link check read: held per page until the build ends.
      const { targets: _read, ...spot } = note;
      this.spots.set(page.path, spot);
    }
    this.notes = new WeakMap();
  }

  /**
   * What was set aside of a page's blocks (once settled): the hash of their text, whether any reads across the site,
   * and the hash of the page as the thread left it; undefined when none were.
   */
  setAsideOf(page: Pick<Page, 'path'>): { hash: string; siteWide: boolean; page: string } | undefined {
    return this.spots.get(page.path);
  }

  /** A page's blocks, all of them: read back when they were set aside. */
  blocksOf(page: Pick<Page, 'path' | 'blocks'>): Block[] {
    const spot = this.spots.get(page.path);
    return spot ? this.read(spot, page.path) : page.blocks;
  }

  /** The blocks set aside at `spot`, those of the page at `path`. */
  private read(spot: Spot, path: string): Block[] {
    let fd = this.files.get(spot.file);
    if (fd === undefined) this.files.set(spot.file, (fd = openSync(spot.file, 'r')));
    const bytes = Buffer.allocUnsafe(spot.length);
    readSync(fd, bytes, 0, spot.length, spot.offset);
    if (spot.kept && createHash('sha1').update(bytes).digest('base64') !== spot.hash)
      throw new Error(`${spot.file} was changed since it was written (the blocks of ${path} do not match their hash): delete it and build again`);
    return JSON.parse(bytes.toString('utf8')) as Block[];
  }

  /** A page with all its blocks, or the page itself when none were set aside (`rewrite`: the media phase's urls, as the rest of the content has them). */
  withBlocks<P extends Pick<Page, 'path' | 'blocks'>>(page: P, rewrite: (blocks: Block[]) => Block[] = (blocks) => blocks): P {
    return this.spots.has(page.path) ? { ...page, blocks: rewrite(this.blocksOf(page)) } : page;
  }

  /** A page to render with all its blocks (`withBlocks`), its list page's copy too. */
  restore(built: BuiltPage, rewrite: (blocks: Block[]) => Block[]): BuiltPage {
    const source = this.withBlocks(built.source, rewrite);
    if (source === built.source) return built;
    return { page: built.page === built.source ? source : { ...built.page, blocks: source.blocks }, source, n: built.n };
  }

  /** Closes the files and removes the folder. */
  close(): void {
    for (const fd of this.files.values()) closeSync(fd);
    this.files.clear();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
