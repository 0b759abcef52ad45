import type { Block } from '../../shared/model.js';
import { firstContentBlock, isBlock } from '../../shared/blocks/names.js';
import { firstView } from '../../shared/first-view.js';
import { escapeHtml } from '../../shared/head.js';
import { geolocated } from '../../shared/geo.js';
import { srcSet, variantSrcSet } from '../../shared/media.js';
import { BOOT_SCRIPT } from './boot-script.js';
import type { Payload } from '../../shared/payload.js';

/** A chunk of the client build's manifest (`.vite/manifest.json`). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/** `.vite/blocks.json`, written by the client build (vite.config.ts, blockChunksManifest). */
export interface BlockChunkManifest {
  entry: string | null;
  blocks: Record<string, { file: string; imports: string[] }>;
  imports: Record<string, string[]>;
}

/**
 * `__component` → the JavaScript files its block needs (its chunk and the
 * chunks it imports, minus the entry, which every page loads anyway).
 */
export function blockChunks(manifest: BlockChunkManifest): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [component, chunk] of Object.entries(manifest.blocks)) {
    const files = new Set<string>();
    const visit = (file: string): void => {
      if (file === manifest.entry || files.has(file)) return;
      files.add(file);
      for (const next of manifest.imports[file] ?? []) visit(next);
    };
    visit(chunk.file);
    out.set(component, [...files]);
  }
  return out;
}

/** A page's head hints, by where they go: `early` before the stylesheet and scripts, `late` at the end of <head>. */
export interface PageHints {
  early: string;
  late: string;
}

/**
 * Head hints of one page: a high-priority `preload` of the hero image when
 * the page opens with one (the LCP element on most pages), first in <head>;
 * `modulepreload` for the chunks of the blocks of its first view
 * (src/shared/first-view.ts: hydration waits for them, so they must not be
 * discovered late), last, at low priority, and like the entry only after the
 * first paint (boot-script.ts), so they do not take bandwidth from the
 * stylesheet and the hero image. The page's other blocks load after hydration.
 */
export function pageHints(payload: Payload, chunks: Map<string, string[]>): PageHints {
  const files = new Set(firstView(payload).now.flatMap((component) => chunks.get(component) ?? []));
  const preloads = [...files].sort().map((file) => `<link rel="modulepreload" crossorigin href="/${file}" fetchpriority="low">`);
  // They end the template of scripts that wait for the first paint (bundle.ts opens it), then the loader.
  const late = [...preloads, '</template>', `<script>${BOOT_SCRIPT}</script>`];
  const first = payload.kind === 'page' ? firstContentBlock(geolocated(payload.page.blocks, payload.country)) : undefined;
  const hero = first && isBlock(first, 'blocks.hero') ? heroImage(first) : null;
  return { early: hero ?? '', late: late.join('\n    ') };
}

/**
 * The hero image's preload names what the <picture> will pick: its AVIF
 * `srcset` when the build encoded it (a browser without AVIF skips the hint
 * by its `type` and finds the WebP in the page), else the CMS's candidates.
 */
function heroImage(block: Block<'blocks.hero'>): string | null {
  const media = block.props.media;
  if (media?.kind !== 'image' || typeof media.url !== 'string') return null;
  const avif = variantSrcSet(media, 'avif');
  if (avif) return `<link rel="preload" as="image" imagesrcset="${escapeHtml(avif)}" imagesizes="100vw" type="image/avif" fetchpriority="high">`;
  const set = srcSet(media);
  const attrs = set ? ` imagesrcset="${escapeHtml(set)}" imagesizes="100vw"` : '';
  return `<link rel="preload" as="image" href="${escapeHtml(media.url)}"${attrs} fetchpriority="high">`;
}
