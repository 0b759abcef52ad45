import type { Locale, Media, Page, SiteContent } from '../../shared/model.js';
import { createNormaliseMemo, type NormaliseMemo } from '../content/normalise.js';
import type { BuiltPage } from './list-pages.js';
import { rewriteMediaUrls, type KnownMedia } from './media.js';
import type { PayloadContext } from './payloads.js';
import { headDeps } from './head-context.js';
import { SITE_WIDE_COMPONENTS } from '../../shared/site-wide.js';

/**
 * What a long-running builder (the incremental bench, a webhook service)
 * keeps between builds in one process, so a one-page edit costs one page:
 * normalised objects stay the same objects when their raw input did, and a
 * page whose payload inputs are all the same objects as last time keeps its
 * key without being serialised again. Only speed depends on the memo: a
 * build with it writes exactly what a build without it writes (tested).
 */
export class BuildMemo {
  readonly normalise: NormaliseMemo = createNormaliseMemo();
  /** Media files already hashed, by CMS url (media.ts `copyMedia`). */
  readonly media = new Map<string, KnownMedia>();
  private readonly walks = new Map<(part: object) => readonly string[], WeakMap<object, readonly string[]>>();
  private rewritten = new WeakMap<object, unknown>();
  private mediaCopies = new Map<Media, Media>();
  private mediaSignature = '';
  private readonly payloads = new Map<string, { deps: unknown[]; key: string }>();
  private readonly code = new Map<string, Promise<unknown>>();

  /**
   * What follows from the code alone (the bundles, the release id), worked
   * out once: a builder lives as long as its code, so a code change means a
   * new builder (restart the process).
   */
  once<T>(name: string, compute: () => Promise<T>): Promise<T> {
    if (!this.code.has(name)) this.code.set(name, compute());
    return this.code.get(name) as Promise<T>;
  }

  /**
   * A walk over the whole content (`mediaUrlsInContent`, `rasterImages`,
   * `formActionOrigins`: sorted, without repeats), one part at a time: a part
   * walked before gives what it gave then (an unchanged part keeps its
   * identity, normalise.ts), so an edit walks only what it changed.
   */
  collect(content: SiteContent, walk: (part: object) => readonly string[]): string[] {
    let known = this.walks.get(walk);
    if (!known) this.walks.set(walk, (known = new WeakMap()));
    const out = new Set<string>();
    for (const part of parts(content)) {
      let found = known.get(part);
      if (!found) known.set(part, (found = walk(part)));
      for (const item of found) out.add(item);
    }
    return [...out].sort();
  }

  /** `rewriteMediaUrls` part by part: an unchanged part keeps its rewritten object while the media names stay the same. */
  rewrite(content: SiteContent, urls: Map<string, string>): SiteContent {
    const signature = [...urls].join('\n');
    if (signature !== this.mediaSignature) {
      this.rewritten = new WeakMap();
      this.mediaCopies = new Map();
      this.mediaSignature = signature;
    }
    const one = <T extends object>(part: T): T => {
      if (!this.rewritten.has(part)) this.rewritten.set(part, rewriteMediaUrls(part, urls, this.mediaCopies));
      return this.rewritten.get(part) as T;
    };
    const perLocale = <T extends object>(record: Record<Locale, T>): Record<Locale, T> => ({ en: one(record.en), es: one(record.es) });
    return {
      pages: content.pages.map(one),
      layouts: perLocale(content.layouts),
      errors: perLocale(content.errors),
      modals: perLocale(content.modals),
      promoCodes: one(content.promoCodes),
    };
  }

  /**
   * The key of a page when nothing its payload is made from changed since the
   * last build (same objects, same release and day), else null. Pages with
   * site-wide data (lists, site map, forms) depend on every page.
   */
  knownKey(file: string, deps: unknown[]): string | null {
    const known = this.payloads.get(file);
    return known && known.deps.length === deps.length && known.deps.every((d, i) => d === deps[i]) ? known.key : null;
  }

  remember(file: string, deps: unknown[], key: string): void {
    this.payloads.set(file, { deps, key });
  }
}

/** What a page's payload is made from (payloads.ts `pagePayload`), as objects to compare by identity. */
export function payloadDeps(content: SiteContent, built: BuiltPage, ctx: PayloadContext): unknown[] {
  const { source } = built;
  const locale = source.locale;
  const layout = content.layouts[locale];
  const siteWide = readsSiteWide(content, source);
  return [
    source,
    built.n,
    layout,
    content.modals[locale],
    siteWide ? content.pages : null,
    ctx.release,
    ctx.day,
    ctx.siteUrl,
    ctx.noindex,
    ctx.countries[locale],
    ...headDeps(content, built, ctx.siteUrl, ctx.shares),
  ];
}

/**
 * Whether a page's payload reads every page: a destination page lists the resorts of every booking block of its
 * locale (structured data), and site-wide blocks (SITE_WIDE_COMPONENTS) on it, in its layout or in its locale's modals.
 */
export function readsSiteWide(content: SiteContent, source: Page): boolean {
  const layout = content.layouts[source.locale];
  return (
    source.kind === 'destination' ||
    [source.blocks, layout.header, layout.footer, ...content.modals[source.locale].map((m) => m.items)].some((blocks) => blocks.some((b) => SITE_WIDE_COMPONENTS.has(b.component)))
  );
}

function parts(content: SiteContent): object[] {
  const record = (r: Record<Locale, object>) => [r.en, r.es];
  return [...content.pages, ...record(content.layouts), ...record(content.errors), ...record(content.modals), content.promoCodes];
}
