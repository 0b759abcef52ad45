import type { PageKind } from './model.js';
import { isRecord } from './records.js';

/**
 * Values of block props that both the browser's blocks and the block
 * declarations (src/shared/blocks/) read, so a value the build lets through
 * is exactly one the block uses (content contract, "Content blocks").
 */

/** Page kinds, in the site map's group order; a blog list's `kind` is one of them. */
export const PAGE_KINDS = ['page', 'room', 'service', 'destination', 'post'] as const satisfies readonly PageKind[];

/** A blog list's `pageSize` when the CMS leaves it out or sends nonsense. */
export const DEFAULT_PAGE_SIZE = 6;

/** The booking widget's guest limits when the block leaves them out. */
export const DEFAULT_GUEST_LIMITS = { maxRooms: 4, maxAdults: 4, maxChildren: 4 } as const;

export function isPageKind(value: unknown): value is PageKind {
  return typeof value === 'string' && (PAGE_KINDS as readonly string[]).includes(value);
}

/** `blocks.hero` heights; anything else renders full height. */
export const HERO_HEIGHTS = ['full', 'half'] as const;

/** `blocks.form` field kinds; anything else renders as `text`. */
export const FORM_FIELD_KINDS = ['checkbox', 'country-state', 'date', 'destination', 'email', 'number', 'phone', 'radio', 'range', 'select', 'text'] as const;
export type FormFieldKind = (typeof FORM_FIELD_KINDS)[number];

export function isFormFieldKind(value: string): value is FormFieldKind {
  return (FORM_FIELD_KINDS as readonly string[]).includes(value);
}

export interface Option {
  value: string;
  label: string;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const scalar = (v: unknown): string => (typeof v === 'number' && Number.isFinite(v) ? String(v) : str(v));
/** Strips tags from an option label that went through the rich-text normaliser (`text` keys become `<p>…</p>`). */
const plain = (value: string) => value.replace(/<[^>]*>/g, '').trim();

/** A form field's option: a string (`"Spa"`) or an object (`{label, value}`, `{name, code}`, `{text}`); null when unusable. */
export function toOption(raw: unknown): Option | null {
  if (typeof raw === 'string' || typeof raw === 'number') {
    const value = String(raw).trim();
    return value ? { value, label: value } : null;
  }
  const o = isRecord(raw) ? raw : {};
  const label = plain(str(o.label) || str(o.name) || str(o.text) || str(o.title) || scalar(o.value));
  const value = (scalar(o.value) || str(o.code) || label).trim();
  return value ? { value, label: label || value } : null;
}

/** `blocks.share` networks, in the contract's order. */
export const SHARE_NETWORKS = ['facebook', 'x', 'whatsapp', 'email', 'copy'] as const;
export type ShareNetwork = (typeof SHARE_NETWORKS)[number];

/** A `networks` entry as the block reads it: case and spaces do not matter; a non-string matches nothing. */
export function shareNetwork(value: unknown): ShareNetwork | null {
  const name = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return (SHARE_NETWORKS as readonly string[]).includes(name) ? (name as ShareNetwork) : null;
}

export type Rgb = [number, number, number];

/**
 * An offer toast's `background`: an opaque hex (`#rgb`, `#rrggbb`) or
 * `rgb()`/`rgba()` colour, else null (a `url()` or a half-transparent colour,
 * whose contrast depends on the page behind, is not used).
 */
export function parseColour(value: unknown): Rgb | null {
  if (typeof value !== 'string') return null;
  const colour = value.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(colour)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
  }
  // rgb(1, 2, 3) · rgb(1 2 3) · rgba(1, 2, 3, 1) · rgb(10% 20% 30% / 1)
  const fn = /^rgba?\(\s*([\d.]+%?)(?:\s*,\s*|\s+)([\d.]+%?)(?:\s*,\s*|\s+)([\d.]+%?)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(colour);
  if (!fn) return null;
  const [, r, g, b, alpha] = fn;
  if (alpha !== undefined && (alpha.endsWith('%') ? parseFloat(alpha) / 100 : parseFloat(alpha)) < 1) return null;
  const channels = [r!, g!, b!].map((c) => (c.endsWith('%') ? (parseFloat(c) * 255) / 100 : parseFloat(c)));
  return channels.every((c) => Number.isFinite(c) && c >= 0 && c <= 255) ? (channels.map(Math.round) as Rgb) : null;
}
