import { createHash } from 'node:crypto';
import type { Locale, Page, SiteContent } from '../../shared/model.js';
import { readsSiteWide } from './build-memo.js';
import { headDeps } from './head-context.js';
import type { BuiltPage } from './list-pages.js';
import type { PayloadContext } from './payloads.js';
import type { SetAsideBlocks } from './spill.js';

const sha1 = (...parts: string[]) => createHash('sha1').update(parts.join('\0')).digest('base64');

/**
 * A page's inputs as one hash, for a large site (its blocks set aside:
 * spill.ts) built in a new process (docs/architecture.md, "Incremental
 * builds"): what `payloadDeps` (build-memo.ts) compares by identity in a
 * long-running builder, hashed, so a page whose inputs hash is the last
 * build's takes that build's key without its payload being made (its blocks
 * read back, its media urls rewritten, serialised and hashed: about a
 * millisecond a page). A page is hashed as the thread left it (`page`), with
 * what the cross-page work added and the hash of the blocks set aside, which
 * the threads took as they set them aside; the media urls the pages are
 * rewritten with count for every page.
 */
export class PageInputs {
  private readonly pages = new WeakMap<Page, string>();
  private readonly locales = new Map<Locale, string>();
  private everyPage: string | null = null;
  private readonly base: string;

  constructor(
    private readonly content: SiteContent,
    private readonly setAside: SetAsideBlocks,
    private readonly ctx: PayloadContext,
    mediaUrls: ReadonlyMap<string, string>,
  ) {
    this.base = sha1(JSON.stringify([...mediaUrls].sort()), ctx.release, ctx.day, ctx.siteUrl, String(ctx.noindex));
  }

  /** The hash of everything a page's payload is made from (`payloadDeps`). */
  of(built: BuiltPage): string {
    const { source } = built;
    const locale = source.locale;
    const siteWide = readsSiteWide(this.content, source) || this.setAside.setAsideOf(source)?.siteWide === true;
    const head = headDeps(this.content, built, this.ctx.siteUrl, this.ctx.shares).map((dep) => (typeof dep === 'string' ? dep : dep ? this.page(dep as Page) : '-'));
    return sha1(this.base, this.page(source), String(built.n), this.locale(locale), siteWide ? this.all() : '-', JSON.stringify(this.ctx.countries[locale]), ...head);
  }

  /**
   * A page set aside by a thread is hashed as the thread left it (its hash, taken then) with what the cross-page work
   * gave it since (normalise.ts: its document id and alternates, translations.ts) and its set-aside blocks' hash: not
   * as its JSON, which is 10,000 texts to write and hash at every build. Its media urls are rewritten since too, by
   * the map `base` holds.
   */
  private page(page: Page): string {
    let hash = this.pages.get(page);
    if (hash === undefined) {
      const aside = this.setAside.setAsideOf(page);
      hash = aside ? sha1('aside', aside.page, page.documentId, JSON.stringify(page.alternates), aside.hash) : sha1(JSON.stringify(page), '-');
      this.pages.set(page, hash);
    }
    return hash;
  }

  /** A locale's layout and modals. */
  private locale(locale: Locale): string {
    let hash = this.locales.get(locale);
    if (hash === undefined) this.locales.set(locale, (hash = sha1(JSON.stringify(this.content.layouts[locale]), JSON.stringify(this.content.modals[locale]))));
    return hash;
  }

  /** Every page, for pages that read the whole site. */
  private all(): string {
    return (this.everyPage ??= sha1(...this.content.pages.map((page) => this.page(page))));
  }
}
