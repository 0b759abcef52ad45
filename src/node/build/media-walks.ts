import { declarationOf } from '../../shared/blocks/catalogue.js';
import type { Field } from '../../shared/blocks/fields.js';
import type { Block, Media } from '../../shared/model.js';
import { isMedia, RASTER_MIMES } from '../../shared/media.js';
import { uploadsInText } from '../cms/media-urls.js';

/*
 * What the media, captions and write phases read of normalised content: its
 * media urls, its raster originals, the captions fields of a block, the
 * origins its forms post to. Apart from media.ts (which judges files:
 * jsdom), media-encode.ts (sharp) and headers.ts, so the normalise threads
 * can walk the pages they set blocks aside of (spill.ts).
 */

/**
 * Every media url (originals, formats, uploads inside rich text) referenced anywhere in normalised
 * content (`Media` values), sorted. Raw CMS responses have their own walker: `mediaUrlsInResponses`.
 */
export function mediaUrlsInContent(value: unknown): string[] {
  const urls = new Set<string>();
  // Loops, not `Object.values(…).forEach`: a large site's walk visits millions of nodes, and an array a node is garbage.
  const visit = (node: unknown): void => {
    if (typeof node === 'string') {
      if (node.includes('/uploads/')) for (const url of uploadsInText(node)) urls.add(url);
      return;
    }
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (isMedia(node)) {
      urls.add(node.url);
      for (const format of node.formats) urls.add(format.url);
    }
    for (const key in node) visit((node as Record<string, unknown>)[key]);
  };
  visit(value);
  return [...urls].sort();
}

/** The CMS urls of the raster originals (JPEG, PNG, WebP) in normalised content, sorted: what gets AVIF and WebP variants. */
export function rasterImages(value: unknown): string[] {
  const urls = new Set<string>();
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    const media = node as Media;
    if (media.kind === 'image' && typeof media.url === 'string' && Array.isArray(media.formats) && RASTER_MIMES.has(media.mime)) urls.add(media.url);
    for (const key in node) visit((node as Record<string, unknown>)[key]);
  };
  visit(value);
  return [...urls].sort();
}

/** The captions fields of each component, read once from its declaration. */
const CAPTION_FIELDS = new Map<string, [string, Field][]>();

export function captionFields(block: Block): [string, Field][] {
  let fields = CAPTION_FIELDS.get(block.component);
  if (!fields) {
    fields = Object.entries(declarationOf(block.component, 'block')?.fields ?? {}).filter(([, field]) => field.kind === 'captions');
    CAPTION_FIELDS.set(block.component, fields);
  }
  return fields;
}

/** The components that post a form (their `action`): the CSP's `form-action` (headers.ts). */
export const FORM_COMPONENTS = new Set(['blocks.form', 'modals.embedded-form']);

/** The origins (https only) CMS forms post to, other than the site's own, sorted. */
export function formActionOrigins(content: unknown): string[] {
  const origins = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    if (typeof record.component === 'string' && FORM_COMPONENTS.has(record.component)) {
      const action = (record.props as Record<string, unknown> | undefined)?.action;
      const url = typeof action === 'string' ? URL.parse(action) : null;
      if (url?.protocol === 'https:') origins.add(url.origin);
    }
    for (const key in record) visit(record[key]);
  };
  visit(content);
  return [...origins].sort();
}
