import { createHash, hash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ProjectPaths } from './paths.js';
import { pageIndexFile, readHistory } from './publish.js';
import type { PageFiles, PageJob, RenderedFile } from './render.js';
import { sha256 } from './hash.js';

export interface SavedIndex {
  release: string;
  pages: [file: string, key: string][];
  /** Which HTML file each page document is in (`locale\0documentId`): where a page held back by errors is live (held-back.ts). */
  documents?: [document: string, file: string][];
  /** The hash of each page's inputs, for a large site (page-inputs.ts): a page whose inputs are the same has the same key. */
  inputs?: [file: string, inputs: string][];
}

/** A kept build's saved index, or null when it is missing or unreadable. */
export async function readSavedIndex(paths: ProjectPaths, buildId: string): Promise<SavedIndex | null> {
  try {
    const saved = JSON.parse(await readFile(pageIndexFile(paths, buildId), 'utf8')) as SavedIndex;
    return Array.isArray(saved.pages) ? saved : null;
  } catch {
    return null;
  }
}

/**
 * What a build rendered, page by page: the key of each page is a hash of
 * everything its two files are made from (the release and its payload, which
 * holds the page's content, layout, data and day). Saved beside the stored
 * build, so the next build renders only pages whose key changed and links
 * the others from it; the files are then byte-identical to a fresh render.
 */
export class PageIndex {
  private readonly keys = new Map<string, string>();
  private readonly documents = new Map<string, string>();
  private readonly inputs = new Map<string, string>();
  private readonly files: string[] = [];

  constructor(
    readonly release: string,
    private readonly day: string,
  ) {}

  /** The key of a page: a hash of what its HTML and payload are made from. */
  keyOf(job: PageJob): string {
    return createHash('sha1').update(`${this.release}\0${job.url}\0`).update(job.payload).digest('hex');
  }

  /**
   * Records a page of this build under its key, the document it shows (`document`: held-back.ts `documentKey`) and
   * the hash of its inputs (`inputs`: page-inputs.ts), when known.
   */
  record(htmlFile: string, key: string, document?: string, inputs?: string): void {
    this.keys.set(htmlFile, key);
    if (document) this.documents.set(document, htmlFile);
    if (inputs) this.inputs.set(htmlFile, inputs);
  }

  /** Records another published file of the build (modals, form stubs) for the build id. */
  addFile(file: RenderedFile): void {
    this.files.push(`${file.file}\0${hash('sha1', file.content)}`);
  }

  /** Rule 13: the build id, from the day, the release and everything published (pages, files, media names). */
  buildId(media: string[]): string {
    const pages = [...this.keys].map(([file, key]) => `${file}\0${key}`);
    return sha256(this.release, this.day, pages.join('\n'), this.files.join('\n'), [...media].sort().join('\n')).slice(0, 12);
  }

  async save(paths: ProjectPaths, buildId: string): Promise<void> {
    const saved: SavedIndex = { release: this.release, pages: [...this.keys], documents: [...this.documents], ...(this.inputs.size > 0 ? { inputs: [...this.inputs] } : {}) };
    await writeFile(pageIndexFile(paths, buildId), JSON.stringify(saved));
  }

  /** The index of the newest kept build made by the same release, or null. */
  static async latest(paths: ProjectPaths, release: string): Promise<PreviousBuild | null> {
    const newest = (await readHistory(paths))[0];
    if (!newest) return null;
    const saved = await readSavedIndex(paths, newest.id);
    if (!saved || saved.release !== release) return null;
    return new PreviousBuild(newest.id, path.join(paths.builds, newest.id), new Map(saved.pages), new Map(saved.inputs ?? []));
  }
}

/** The build an incremental build takes its unchanged pages from. */
export class PreviousBuild {
  constructor(
    readonly buildId: string,
    readonly dir: string,
    private readonly keys: Map<string, string>,
    private readonly inputs: Map<string, string> = new Map(),
  ) {}

  get(htmlFile: string): string | undefined {
    return this.keys.get(htmlFile);
  }

  /** The page's key in that build when its inputs' hash (page-inputs.ts) was `inputs` there, else null. */
  keyFor(htmlFile: string, inputs: string): string | null {
    return this.inputs.get(htmlFile) === inputs ? (this.keys.get(htmlFile) ?? null) : null;
  }

  /**
   * The page's files in that build (relative paths), to be taken into the
   * new one when it is stored (publish.ts `storeBuild`); null when one is
   * missing (then the page is rendered).
   */
  filesOf(job: PageFiles): string[] | null {
    const files = job.payloadFile ? [job.htmlFile, job.payloadFile] : [job.htmlFile];
    return files.every((file) => existsSync(path.join(this.dir, file))) ? files : null;
  }
}

/** Pages (site paths: `/`, `/es/habitaciones`, `/404` for the error pages) added, changed and removed between two stored builds. */
export interface PageChanges {
  added: string[];
  changed: string[];
  removed: string[];
}

/** What changed between two stored builds' page indexes; every page is `added` when there is no build before. */
export async function pageChanges(paths: ProjectPaths, before: string | null, after: string): Promise<PageChanges> {
  const read = async (id: string) => new Map((JSON.parse(await readFile(pageIndexFile(paths, id), 'utf8')) as SavedIndex).pages);
  const old = before ? await read(before).catch(() => new Map<string, string>()) : new Map<string, string>();
  const now = await read(after);
  const url = (file: string) => (file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '')}`);
  const result: PageChanges = { added: [], changed: [], removed: [] };
  for (const [file, key] of now) {
    const was = old.get(file);
    if (was === undefined) result.added.push(url(file));
    else if (was !== key) result.changed.push(url(file));
  }
  for (const file of old.keys()) if (!now.has(file)) result.removed.push(url(file));
  return result;
}
